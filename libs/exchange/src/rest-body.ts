import { ExchangeResponseError } from './exchange-errors';
import { MAX_MESSAGE_BYTES } from './stream/frame-checks';

/**
 * A REST answer's body as text, refused (`ExchangeResponseError`) once it is over `maxBytes`:
 * by its Content-Length before reading, else while reading, so a huge body is never held whole.
 */
export async function readBoundedText(response: Response, maxBytes = MAX_MESSAGE_BYTES): Promise<string> {
  const declared = Number(response.headers.get('content-length') ?? 0);
  const body = response.body;
  if (declared > maxBytes || !body) {
    await body?.cancel();
    if (declared > maxBytes) throw oversize(declared, maxBytes);
    return '';
  }
  const reader = (body as ReadableStream<Uint8Array>).getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    total += value.byteLength;
    if (total > maxBytes) {
      await reader.cancel();
      throw oversize(total, maxBytes);
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks).toString('utf8');
}

function oversize(bytes: number, maxBytes: number): ExchangeResponseError {
  return new ExchangeResponseError(`oversize: a body of more than ${maxBytes} bytes (${bytes} read)`);
}
