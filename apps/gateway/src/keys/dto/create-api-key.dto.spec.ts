import { validateBody } from '../../validation/body-validation';
import { CreateApiKeyDto, toNewApiKey } from './create-api-key.dto';

const validate = (body: unknown) => validateBody(CreateApiKeyDto, body);

describe('CreateApiKeyDto', () => {
  it('should accept a name alone, or a name with limits of its own', () => {
    expect(validate({ name: 'bot' }).valid).toBe(true);
    expect(validate({ name: 'bot', requestsPerMinute: 100, wsConnections: 4 }).valid).toBe(true);
  });

  it('should name every failing field, in declaration order, unknown fields first', () => {
    expect(validate({ wsConnections: 0, requestsPerMinute: '5', extra: true })).toEqual({
      valid: false,
      problems: [
        'extra is not a known field',
        'name must be a string of 1 to 100 characters, not blank, without control characters',
        'requestsPerMinute must be an integer between 1 and 1000000',
        'wsConnections must be an integer between 1 and 1000',
      ],
    });
  });

  it('should refuse blank names, control characters and overlong names', () => {
    for (const name of ['', '   ', 'a\nb', 'x'.repeat(101), 42]) expect(validate({ name }).valid).toBe(false);
  });

  it('should leave absent limits absent, so the defaults apply', () => {
    const result = validate({ name: 'bot', wsConnections: 3 });
    if (!result.valid) throw new Error(result.problems.join('; '));
    expect(toNewApiKey(result.value)).toEqual({ name: 'bot', wsConnections: 3 });
  });
});
