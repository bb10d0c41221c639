import { isLoopback } from './loopback';

describe(isLoopback.name, () => {
  it.each(['localhost', 'LOCALHOST', '127.0.0.1', '127.1.2.3', '::1', '[::1]', '::ffff:127.0.0.1'])('counts %s as this machine', (host) => {
    expect(isLoopback(host)).toBe(true);
  });

  it.each(['0.0.0.0', '::', '10.0.0.1', '::ffff:10.0.0.1', '127.0.0.1.example.org', 'localhost.example.org', '', undefined])(
    'does not count %s',
    (host) => {
      expect(isLoopback(host)).toBe(false);
    },
  );
});
