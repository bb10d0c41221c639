import { ImportProjectCommand, InvalidImportError } from './import-project.command';

describe(ImportProjectCommand.name, () => {
  it('trims the name and re-embeds by default', () => {
    expect(ImportProjectCommand.create({ file: '/tmp/x.sqlite', name: '  demo ' })).toEqual({
      file: '/tmp/x.sqlite',
      name: 'demo',
      reembed: true,
    });
  });

  it.each([
    [{ file: 'x.sqlite', name: 'demo' }, 'file must be an absolute path'],
    [{ file: '/x.sqlite', name: '   ' }, 'name must be 1 to 100 characters'],
    [{ file: '/x.sqlite', name: 'a\u0007b' }, 'name must not contain control characters'],
  ])('refuses %j', (input, message) => {
    expect(() => ImportProjectCommand.create(input)).toThrow(new InvalidImportError(message));
  });

  it('names the field as the CLI does', () => {
    expect(() => ImportProjectCommand.create({ file: '/x.sqlite', name: '' }, (field) => `--${field}`)).toThrow(/^--name must be 1 to 100/);
  });
});
