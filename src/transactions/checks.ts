// Helpers shared by the hand-specialised transaction schemas. Not exported from the package; the
// layers above reach the ones they need through internal.ts.
import { BcsError, isBcsError, schema, typeError, ulebSize, type BcsReader, type BcsWriter, type Schema } from '../bcs/index.js';

/**
 * Re-throws an error leaving field `key` of `obj` with `key` on its path. A field that is absent
 * (undefined) and failed at its own level is reported as `missing_field`, as the core's structs do.
 */
export function fieldError(e: unknown, obj: unknown, key: string | number): never {
  if (!isBcsError(e)) throw e;
  if (typeof key === 'string' && e.code !== 'missing_field' && e.path === '' && (obj as Record<string, unknown>)[key] === undefined) {
    throw new BcsError('missing_field', `missing field ${key}`).within(key);
  }
  throw e.within(key);
}

/** Re-throws an error with `segments` (innermost first) prepended to its path. */
export function within(e: unknown, ...segments: (string | number)[]): never {
  if (isBcsError(e)) {
    for (const s of segments) e.within(s);
  }
  throw e;
}

export function expectObject(v: unknown, name: string): void {
  if (typeof v !== 'object' || v === null) typeError(`${name} object`, v);
}

export function expectArray(v: unknown, name: string): void {
  if (!Array.isArray(v)) typeError(`an array for ${name}`, v);
}

export function expectBytes(v: unknown): Uint8Array {
  if (!(v instanceof Uint8Array)) typeError('Uint8Array', v);
  return v;
}

/** `bytes` whose content must be exactly `n` long (keys and signatures): checked both ways. */
export function writeSizedBytes(w: BcsWriter, v: Uint8Array, n: number, what: string): void {
  if (expectBytes(v).length !== n) throw new BcsError('invalid_length', `${what} must be ${n} bytes, got ${v.length}`);
  w.bytes(v);
}

export function readSizedBytes(r: BcsReader, n: number, what: string): Uint8Array {
  const at = r.off;
  const b = r.bytes();
  if (b.length !== n) throw new BcsError('invalid_length', `${what} must be ${n} bytes, got ${b.length}`, at);
  return b;
}

/** Schema for a length-checked `bytes` field (e.g. an Ed25519 public key: `20` ‖ 32 bytes). */
export function sizedBytes(name: string, n: number): Schema<Uint8Array> {
  return schema({
    name,
    fixedSize: ulebSize(n) + n,
    write: (w, v) => writeSizedBytes(w, v, n, name),
    read: (r) => readSizedBytes(r, n, name),
  });
}
