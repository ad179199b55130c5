import { ApiError } from '../submission/api-error.js';
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
 * way serde_json's `from_slice` fails on them (position of the first bad byte).
 */
export function bodyText(bytes: Uint8Array): string {
  if (bytes.byteLength === 0) return 'null';
  try {
    return decoder.decode(bytes);
  } catch {
    const at = firstInvalidUtf8(bytes);
    let line = 1;
    let lineStart = 0;
    for (let i = 0; i < at; i++) {
      if (bytes[i] === 0x0a) {
        line++;
        lineStart = i + 1;
      }
    }
    throw new ApiError(400, 'web_framework_error', `parse request payload error: invalid unicode code point at line ${line} column ${at - lineStart + 1}`);
  }
}

function firstInvalidUtf8(b: Uint8Array): number {
  let i = 0;
  while (i < b.length) {
    const c = b[i]!;
    const n = c < 0x80 ? 0 : c >= 0xc2 && c <= 0xdf ? 1 : c >= 0xe0 && c <= 0xef ? 2 : c >= 0xf0 && c <= 0xf4 ? 3 : -1;
    if (n < 0) return i;
    for (let k = 1; k <= n; k++) {
      const d = b[i + k];
      if (d === undefined || (d & 0xc0) !== 0x80) return i;
    }
    // Overlongs, surrogates and values past U+10FFFF.
    const d1 = b[i + 1]!;
    if ((c === 0xe0 && d1 < 0xa0) || (c === 0xed && d1 > 0x9f) || (c === 0xf0 && d1 < 0x90) || (c === 0xf4 && d1 > 0x8f)) return i;
    i += n + 1;
  }
  return b.length;
}
