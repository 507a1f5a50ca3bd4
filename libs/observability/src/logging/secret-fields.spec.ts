import { CENSORED, censorSecrets } from './secret-fields';

describe('censorSecrets', () => {
  it('should censor secret fields at the top and one object down, and nothing else', () => {
    const fields = {
      apiKey: 'k',
      password: 'p',
      headers: { authorization: 'Bearer t', 'x-api-key': 'x', accept: '*/*' },
      route: '/api/v1/prices/current',
    };
    expect(censorSecrets(fields)).toEqual({
      apiKey: CENSORED,
      password: CENSORED,
      headers: { authorization: CENSORED, 'x-api-key': CENSORED, accept: '*/*' },
      route: '/api/v1/prices/current',
    });
  });

  it("should never change the caller's objects", () => {
    const headers = { cookie: 'c' };
    const fields = { token: 't', headers };
    censorSecrets(fields);
    expect(fields).toEqual({ token: 't', headers: { cookie: 'c' } });
    expect(headers).toEqual({ cookie: 'c' });
  });

  it('should return the very object when it holds no secret', () => {
    const fields = { route: '/x', status: 200, nested: { accept: '*/*' }, list: [{ token: 'in a list' }] };
    expect(censorSecrets(fields)).toBe(fields);
  });

  it("should keep an object's prototype and hidden properties while censoring it", () => {
    const error = Object.assign(new Error('refused'), { secret: 's' });
    const censored = censorSecrets({ err: error }).err as Error & { secret: string };
    expect(censored).toBeInstanceOf(Error);
    expect(censored.message).toBe('refused');
    expect(censored.stack).toBe(error.stack);
    expect(censored.secret).toBe(CENSORED);
    expect(error.secret).toBe('s');
  });

  it('should censor a frozen object or a getter-only field without throwing or running the getter', () => {
    const dto = Object.freeze({ password: 'p', name: 'n' });
    const getter = jest.fn(() => 't');
    const withGetter = Object.defineProperty({}, 'token', { get: getter, enumerable: true });
    expect(censorSecrets({ dto, withGetter })).toEqual({
      dto: { password: CENSORED, name: 'n' },
      withGetter: { token: CENSORED },
    });
    expect(getter).not.toHaveBeenCalled();
    expect(dto.password).toBe('p');
  });

  it('should leave two objects down alone (the rule is the top and one object down)', () => {
    const fields = { outer: { inner: { password: 'p' } } };
    expect(censorSecrets(fields)).toBe(fields);
  });
});
