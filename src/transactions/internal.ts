// Helpers shared by the hand-specialised transaction schemas. Not exported from the package.
import { assertIdentifier } from '../move/identifier.js';
import { address, BcsError, isBcsError, schema, ulebSize, type AddressInput, type BcsReader, type BcsWriter, type Schema } from '../bcs/index.js';

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
  if (typeof v !== 'object' || v === null) {
    throw new BcsError('invalid_type', `expected ${name} object, got ${v === null ? 'null' : typeof v}`);
  }
}

export function expectArray(v: unknown, name: string): void {
  if (!Array.isArray(v)) throw new BcsError('invalid_type', `expected an array for ${name}, got ${v === null ? 'null' : typeof v}`);
}

export function expectBytes(v: unknown): Uint8Array {
  if (!(v instanceof Uint8Array)) throw new BcsError('invalid_type', `expected Uint8Array, got ${v === null ? 'null' : typeof v}`);
  return v;
}

/** Identifier: validated (as the move layer does), then written as uleb(len) ‖ ASCII (valid identifiers are ASCII). */
export function writeIdentifier(w: BcsWriter, s: string, what: string): void {
  assertIdentifier(s, what);
  const n = s.length;
  w.length(n);
  w.ensure(n);
  const b = w.buf;
  let o = w.off;
  for (let i = 0; i < n; i++) b[o++] = s.charCodeAt(i);
  w.off = o;
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

function nibble(c: number): number {
  return c >= 48 && c <= 57 ? c - 48 : c >= 97 && c <= 102 ? c - 87 : c >= 65 && c <= 70 ? c - 55 : -1;
}

/**
 * `address.write` with fast paths for the two forms transactions are full of: the long form
 * (senders) and `0x` + one or two digits (framework modules such as 0x1). Address parsing was a
 * fifth of a transfer's encoding time. Anything else, or any invalid digit, goes to the core's
 * writer, which also produces the error.
 */
export function writeAddressFast(w: BcsWriter, v: AddressInput): void {
  if (typeof v === 'string' && v.charCodeAt(0) === 48 && v.charCodeAt(1) === 120) {
    const n = v.length;
    if (n === 66) {
      w.ensure(32);
      const b = w.buf;
      const o = w.off;
      for (let i = 0, j = 2; i < 32; i++, j += 2) {
        const hi = nibble(v.charCodeAt(j));
        const lo = nibble(v.charCodeAt(j + 1));
        if ((hi | lo) < 0) return address.write(w, v);
        b[o + i] = (hi << 4) | lo;
      }
      w.off = o + 32;
      return;
    }
    if (n === 3 || n === 4) {
      const hi = n === 4 ? nibble(v.charCodeAt(2)) : 0;
      const lo = nibble(v.charCodeAt(n - 1));
      if ((hi | lo) >= 0) {
        w.ensure(32);
        const o = w.off;
        w.buf.fill(0, o, o + 31);
        w.buf[o + 31] = (hi << 4) | lo;
        w.off = o + 32;
        return;
      }
    }
  }
  address.write(w, v);
}
