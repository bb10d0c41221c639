import { errorMessage } from './error-message';

describe(errorMessage.name, () => {
  it("shows an Error's message, and anything else thrown as text", () => {
    expect(errorMessage(new TypeError('Failed to fetch'))).toBe('Failed to fetch');
    expect(errorMessage('the server went away')).toBe('the server went away');
    expect(errorMessage(404)).toBe('404');
  });
});
