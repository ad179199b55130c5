import { BcsError, quote } from './error.js';
import { hexDigitsInto, hexRunEnd, toHexRaw } from './hex.js';
import { schema, typeError, type Schema } from './schema.js';
import type { BcsWriter } from './writer.js';

/** A 32-byte account address, as plain data: `0x` + 64 lowercase hex digits. */
export type Address = string;
/** Accepted wherever an address is written: any valid address string, or 32 raw bytes. */
export type AddressInput = string | Uint8Array;

export const ADDRESS_LENGTH = 32;

/**
 * Long forms of the special addresses 0x0–0xf, built once and shared. Most type tags and modules
 * name one (0x1 framework, 0x3/0x4 tokens), so decoding and the type-tag parser hand out these
 * strings instead of building a new one. (Writing does not special-case them: recognising them by
 * identity saved ~40 ns per long-form special address but cost 190 bytes on the path of every
 * transfer bundle.)
 */
export const SPECIAL_LONG_ADDRESSES: readonly string[] = /* @__PURE__ */ Array.from({ length: 16 }, (_, d) => {
  const s = '0x' + '0'.repeat(63) + d.toString(16);
  s.charCodeAt(0); // flatten the concatenation once
  return s;
});

/**
 * Parses an address string into `out` at `off`. With `0x`: 1–64 hex digits, left-padded with zeros.
 * Without `0x`: exactly 64 digits (the node's `from_hex`). Digits may be either case.
 */
export function parseAddressInto(s: string, out: Uint8Array, off: number): void {
  const prefixed = s.charCodeAt(0) === 48 && s.charCodeAt(1) === 120;
  const start = prefixed ? 2 : 0;
  const digits = s.length - start;
  if ((prefixed ? digits >= 1 && digits <= 64 : digits === 64) && hexDigitsInto(s, start, s.length, out, off, off + ADDRESS_LENGTH)) return;
  throw addressError(s, prefixed, start, digits);
}

function addressError(s: string, prefixed: boolean, start: number, digits: number): BcsError {
  const i = hexRunEnd(s, start);
  // The position counts within the zero-padded 64-digit form, as the node reports it.
  const why = (prefixed ? digits < 1 || digits > 64 : digits !== 64)
    ? `expected 0x and 1 to 64 hex digits, or 64 hex digits, got ${digits}`
    : `invalid character ${JSON.stringify(s[i])} at position ${i - start + 64 - digits}`;
  return new BcsError('invalid_address', `invalid address ${quote(s)}: ${why}`);
}

/** 32 bytes of an address string or byte input. */
export function addressBytes(a: AddressInput): Uint8Array {
  if (a instanceof Uint8Array) {
    if (a.length !== ADDRESS_LENGTH) throw new BcsError('invalid_address', `an address is 32 bytes, got ${a.length}`);
    return a.slice();
  }
  if (typeof a !== 'string') typeError('address string or 32 bytes', a);
  const out = new Uint8Array(ADDRESS_LENGTH);
  parseAddressInto(a, out, 0);
  return out;
}

/** Long form, the library's canonical plain-data address: `0x` + 64 lowercase hex digits. */
export function normalizeAddress(a: AddressInput): Address {
  if (typeof a === 'string' && a.length === 66 && LONG_FORM.test(a)) return a;
  return '0x' + toHexRaw(addressBytes(a));
}
const LONG_FORM = /^0x[0-9a-f]{64}$/;

export function isAddress(a: unknown): boolean {
  if (typeof a !== 'string' && !(a instanceof Uint8Array)) return false;
  try {
    addressBytes(a);
    return true;
  } catch {
    return false;
  }
}

export type AddressFormat = 'long' | 'short' | 'aip40';

/**
 * `long`: `0x` + 64 digits. `short`: leading zeros trimmed (`0x1`, `0x0`). `aip40`: special
 * addresses 0x0–0xf short, all others long (the AIP-40 standard string).
 */
export function formatAddress(a: AddressInput, format: AddressFormat = 'long'): string {
  const long = normalizeAddress(a);
  if (format === 'long') return long;
  let i = 2;
  while (i < 65 && long.charCodeAt(i) === 48) i++;
  const short = '0x' + long.slice(i);
  if (format === 'short') return short;
  return i >= 65 ? short : long;
}

/** True for the special addresses 0x0–0xf. */
export function isSpecialAddress(a: AddressInput): boolean {
  return formatAddress(a, 'short').length === 3;
}

/** Writes an address (any valid string form, or 32 bytes) as 32 raw bytes. */
export function writeAddress(w: BcsWriter, v: AddressInput): void {
  w.ensure(ADDRESS_LENGTH);
  if (typeof v === 'string') parseAddressInto(v, w.buf, w.off);
  else if (v instanceof Uint8Array) {
    if (v.length !== ADDRESS_LENGTH) throw new BcsError('invalid_address', `an address is 32 bytes, got ${v.length}`);
    w.buf.set(v, w.off);
  } else typeError('address string or 32 bytes', v);
  w.off += ADDRESS_LENGTH;
}

/** `AccountAddress`: 32 raw bytes. Decodes to the long `0x` form. */
export const address: Schema<Address, AddressInput> = /* @__PURE__ */ schema({
  name: 'address',
  fixedSize: ADDRESS_LENGTH,
  write: writeAddress,
  read(r) {
    const o = r.off;
    if (o + ADDRESS_LENGTH > r.end) throw r.eof(ADDRESS_LENGTH);
    r.off = o + ADDRESS_LENGTH;
    const b = r.buf;
    let i = o;
    while (i < o + 31 && b[i] === 0) i++;
    if (i === o + 31 && b[i] < 16) return SPECIAL_LONG_ADDRESSES[b[i]];
    return '0x' + toHexRaw(b, o, o + ADDRESS_LENGTH);
  },
});
