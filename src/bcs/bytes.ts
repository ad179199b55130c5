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
