import { failOnInvalidUtf8 } from '../submission/json-text.js';
import { TOO_LARGE, type BodyRead } from './exchange.js';

// Request bodies: counted while they stream, never buffered past the limit.

/** The declared Content-Length, or undefined when absent or not a plain decimal. */
export function declaredLength(header: string | undefined): number | undefined {
  if (header === undefined || !/^\s*\d+\s*$/.test(header)) return undefined;
  return Number(header);
}

/** Reads a web stream up to `limit` bytes; past it, cancels the stream and reports TOO_LARGE. */
export async function readStream(body: ReadableStream<Uint8Array> | null, limit: number): Promise<BodyRead> {
  if (body === null) return new Uint8Array(0);
  const reader = body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > limit) {
      reader.cancel().catch(() => {});
      return TOO_LARGE;
    }
    chunks.push(value);
  }
  return concat(chunks, size);
}

export function concat(chunks: readonly Uint8Array[], size: number): Uint8Array {
  if (chunks.length === 1) return chunks[0]!;
  const out = new Uint8Array(size);
  let at = 0;
  for (const c of chunks) {
    out.set(c, at);
    at += c.byteLength;
  }
  return out;
}

const decoder = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });

/**
 * The body as text for the JSON parser. An empty body reads as `null`, as poem-openapi's `Json`
 * payload does, so the request type reports what it expected. Bytes that are not UTF-8 fail the
 * way serde_json's `from_slice` fails on them: inside a string, `invalid unicode code point` after
 * the string's closing quote; elsewhere, the syntax error an unexpected character makes there.
 */
export function bodyText(bytes: Uint8Array): string {
  if (bytes.byteLength === 0) return 'null';
  try {
    return decoder.decode(bytes);
  } catch {
    const { text, firstInvalid } = markInvalidUtf8(bytes);
    return failOnInvalidUtf8(text, firstInvalid);
  }
}

/** The text of `b` with each byte of an invalid UTF-8 sequence as `@` (one byte, as in the body). */
function markInvalidUtf8(b: Uint8Array): { text: string; firstInvalid: number } {
  let text = '';
  let firstInvalid = -1;
  let validFrom = 0;
  let i = 0;
  const flush = (to: number) => {
    if (to > validFrom) text += decoder.decode(b.subarray(validFrom, to));
  };
  while (i < b.length) {
    const n = sequenceLength(b, i);
    if (n > 0) {
      i += n;
      continue;
    }
    flush(i);
    if (firstInvalid < 0) firstInvalid = text.length;
    text += '@';
    validFrom = ++i;
  }
  flush(b.length);
  return { text, firstInvalid };
}

/** The length of the valid UTF-8 sequence at `i`, or 0 when the byte there starts none. */
function sequenceLength(b: Uint8Array, i: number): number {
  const c = b[i]!;
  const n = c < 0x80 ? 0 : c >= 0xc2 && c <= 0xdf ? 1 : c >= 0xe0 && c <= 0xef ? 2 : c >= 0xf0 && c <= 0xf4 ? 3 : -1;
  if (n < 0) return 0;
  for (let k = 1; k <= n; k++) {
    const d = b[i + k];
    if (d === undefined || (d & 0xc0) !== 0x80) return 0;
  }
  // Overlongs, surrogates and values past U+10FFFF.
  const d1 = b[i + 1]!;
  if ((c === 0xe0 && d1 < 0xa0) || (c === 0xed && d1 > 0x9f) || (c === 0xf0 && d1 < 0x90) || (c === 0xf4 && d1 > 0x8f)) return 0;
  return n + 1;
}
