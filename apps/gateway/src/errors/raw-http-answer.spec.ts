import { ApiException } from './api-exception';
import { notFoundRefusal, rawHttpAnswer } from './raw-http-answer';

describe('rawHttpAnswer', () => {
  it('should write a whole HTTP/1.1 response with the JSON body, its length, and a close', () => {
    const answer = rawHttpAnswer(notFoundRefusal());
    const [head, body] = answer.split('\r\n\r\n');
    expect(head?.split('\r\n')).toEqual([
      'HTTP/1.1 404 Not Found',
      'Content-Type: application/json; charset=utf-8',
      `Content-Length: ${Buffer.byteLength(body ?? '')}`,
      'Connection: close',
    ]);
    expect(JSON.parse(body ?? '')).toEqual({ code: 'NOT_FOUND', message: 'Not found' });
  });

  it("should carry the refusal's own headers, such as Retry-After", () => {
    const answer = rawHttpAnswer(ApiException.serviceUnavailable('Server shutting down: connect again', 1));
    expect(answer.startsWith('HTTP/1.1 503 Service Unavailable\r\n')).toBe(true);
    expect(answer).toContain('\r\nRetry-After: 1\r\n');
  });

  it('should count the body in bytes, not characters', () => {
    const answer = rawHttpAnswer(ApiException.validation(['naïve ✓']));
    const body = answer.slice(answer.indexOf('\r\n\r\n') + 4);
    expect(answer).toContain(`Content-Length: ${Buffer.byteLength(body)}\r\n`);
    expect(Buffer.byteLength(body)).toBeGreaterThan(body.length);
  });
});
