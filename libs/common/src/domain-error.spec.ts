import { classificationOf, DomainError, reviveError, serializeError } from './domain-error';

class ShelfEmptyError extends DomainError {
  override readonly name = 'ShelfEmptyError';
  override readonly status = 404;
  override readonly exposable = true;
}

class BrokenShelfError extends DomainError {
  override readonly name = 'BrokenShelfError';
}

describe(DomainError.name, () => {
  it('keeps its name and message and takes the classification its subclass declares', () => {
    const error = new ShelfEmptyError('no book on shelf 3');
    expect(error).toBeInstanceOf(Error);
    expect(error).toMatchObject({ name: 'ShelfEmptyError', message: 'no book on shelf 3', status: 404, permanent: true, exposable: true });
  });

  it('is an internal failure unless the subclass says otherwise: a 500 whose message stays in the log', () => {
    expect(classificationOf(new BrokenShelfError('bad row'))).toEqual({ status: 500, permanent: true, exposable: false });
  });

  it('classifies nothing that is not a DomainError', () => {
    expect(classificationOf(new Error('plain'))).toBeUndefined();
    expect(classificationOf('a string')).toBeUndefined();
  });
});

describe(reviveError.name, () => {
  it('rebuilds a DomainError that crossed a thread boundary with its name, message and classification', () => {
    const crossed = structuredClone(serializeError(new ShelfEmptyError('no book on shelf 3')));
    const revived = reviveError(crossed);
    expect(revived).toBeInstanceOf(DomainError);
    expect(revived).toMatchObject({
      name: 'ShelfEmptyError',
      message: 'no book on shelf 3',
      status: 404,
      permanent: true,
      exposable: true,
    });
  });

  it('rebuilds any other error as a plain Error with its name, which callers treat as internal', () => {
    const revived = reviveError(structuredClone(serializeError(new TypeError('x is undefined'))));
    expect(revived).not.toBeInstanceOf(DomainError);
    expect(revived).toMatchObject({ name: 'TypeError', message: 'x is undefined' });
    expect(reviveError(serializeError('thrown string')).message).toBe('thrown string');
  });
});
