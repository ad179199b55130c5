import { BcsError } from './error.js';
import { schema, typeError, type Schema } from './schema.js';
import { utf8Length, utf8Write } from './utf8.js';
import { ulebSize, type BcsWriter } from './writer.js';

function checkBytes(v: unknown): Uint8Array {
  if (!(v instanceof Uint8Array)) typeError('Uint8Array', v);
  return v;
}

/** Exactly `n` raw bytes, no length prefix (`[u8; N]`). */
/* @__NO_SIDE_EFFECTS__ */
export function fixedBytes(n: number): Schema<Uint8Array> {
  return schema({
    name: `[u8; ${n}]`,
    fixedSize: n,
    write(w, v) {
      if (checkBytes(v).length !== n) throw new BcsError('invalid_length', `expected ${n} bytes, got ${v.length}`);
      w.raw(v);
    },
    read: (r) => r.raw(n),
  });
}

/** Validated writer of uleb(length) ‖ bytes. */
export function writeBytes(w: BcsWriter, v: Uint8Array): void {
  w.bytes(checkBytes(v));
}

/** uleb(length) ‖ bytes (`Vec<u8>`, `serde_bytes`). */
export const bytes: Schema<Uint8Array> = /* @__PURE__ */ schema({
  name: 'bytes',
  minSize: 1,
  write: writeBytes,
  read: (r) => r.bytes(),
  serializedSize: (v) => ulebSize(checkBytes(v).length) + v.length,
});

/** uleb(UTF-8 length) ‖ UTF-8 of a string; rejects lone surrogates. */
export function writeString(w: BcsWriter, s: string): void {
  const n = utf8Length(s);
  w.length(n);
  w.ensure(n);
  w.off = utf8Write(s, w.buf, w.off, n);
}

/** uleb(byte length) ‖ UTF-8. Encoding rejects lone surrogates; decoding rejects invalid UTF-8. */
export const string: Schema<string> = /* @__PURE__ */ schema({
  name: 'string',
  minSize: 1,
  write(w, v) {
    if (typeof v !== 'string') typeError('string', v);
    writeString(w, v);
  },
  read: (r) => r.string(),
  serializedSize(v) {
    if (typeof v !== 'string') typeError('string', v);
    const n = utf8Length(v);
    return ulebSize(n) + n;
  },
});

/** `parts` joined into one array of `size` bytes (their total); a single part is returned as it is. */
export function concatBytes(parts: readonly Uint8Array[], size: number): Uint8Array {
  if (parts.length === 1) return parts[0]!;
  const out = new Uint8Array(size);
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.byteLength;
  }
  return out;
}

/** Chunks gathered up to a cap: `add` answers false, keeping nothing more, once the total passes it. */
export interface CappedBytes {
  add(chunk: Uint8Array): boolean;
  bytes(): Uint8Array;
}

/**
 * The one capped body reader of the library for the client's responses and the web handler's
 * requests (the node:http adapter holds its requests' bodies in blocks: src/http/node-blocks.ts):
 * counted while they arrive, so a hostile length is refused at `limit`, not after it. Chunks are
 * copied into one buffer, of `expected` bytes (a declared length) when that is honest, else growing
 * by doubling, so a body held is one allocation: no per-chunk objects (a peer sending one byte per
 * packet) and no second copy at the end. A lone chunk is kept as it came.
 */
export function cappedBytes(limit: number, expected = 0): CappedBytes {
  let buf: Uint8Array | undefined;
  let first: Uint8Array | undefined;
  let size = 0;
  const heldAfter = (n: number): number => {
    const total = size + n;
    if (buf === undefined && first === undefined) return total;
    if (buf !== undefined && total <= buf.byteLength) return buf.byteLength;
    return expected >= total ? expected : Math.min(limit, Math.max(total, 2 * (buf?.byteLength ?? 0), 65_536));
  };
  return {
    add(chunk) {
      const n = size + chunk.byteLength;
      if (n > limit) return false;
      const capacity = heldAfter(chunk.byteLength);
      if (buf === undefined && first === undefined) {
        first = chunk;
      } else {
        if (buf === undefined || capacity > buf.byteLength) {
          const next = new Uint8Array(capacity);
          next.set(buf === undefined ? first! : buf.subarray(0, size));
          buf = next;
          first = undefined;
        }
        buf.set(chunk, size);
      }
      size = n;
      return true;
    },
    bytes: () => (buf !== undefined ? buf.subarray(0, size) : (first ?? new Uint8Array(0))),
  };
}

/** A web stream's bytes up to `limit`; past it the stream is cancelled and the answer is undefined. */
export async function readStreamCapped(body: ReadableStream<Uint8Array> | null, limit: number): Promise<Uint8Array | undefined> {
  if (body === null) return new Uint8Array(0);
  const reader = body.getReader();
  const into = cappedBytes(limit);
  for (;;) {
    const { done, value } = await reader.read();
    if (done) return into.bytes();
    if (!into.add(value)) {
      reader.cancel().catch(() => undefined);
      return undefined;
    }
  }
}
