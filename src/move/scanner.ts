import { BcsError, quote, type BcsWriter } from '../bcs/index.js';
import { hexDigitsInto, hexRunEnd, nibbleAt, SPECIAL_LONG_ADDRESSES } from '../bcs/internal.js';
import { ALPHA, CHAR_CLASS, IDENT, isSpace } from './chars.js';

/**
 * One parse of a type string: the input, the position, and (when parsing straight to BCS) the
 * writer. Made per call and passed down, so parses never share state and may nest.
 */
export interface Scan {
  readonly src: string;
  pos: number;
  readonly end: number;
  /** A Move type (ABI): generic parameters and top-level references allowed. */
  readonly abi: boolean;
  /** Set while parsing straight to BCS; productions then write bytes instead of building objects. */
  readonly out: BcsWriter | null;
}

export function scan(s: unknown, abi: boolean, out: BcsWriter | null): Scan {
  if (typeof s !== 'string') {
    throw new BcsError('invalid_type', `expected ${abi ? 'a Move type' : 'a type tag'} string, got ${s === null ? 'null' : typeof s}`);
  }
  return { src: s, pos: 0, end: s.length, abi, out };
}

export function fail(p: Scan, what: string, at: number): never {
  throw new BcsError('invalid_type_tag', `invalid ${p.abi ? 'Move type' : 'type tag'} ${quote(p.src, 200)}: ${what}`, at);
}

export function cls(p: Scan, at: number): number {
  const c = p.src.charCodeAt(at);
  return c < 128 ? CHAR_CLASS[c] : 0;
}

/** What stands at `at`, for error messages: a whole name or number, or one character. */
export function describe(p: Scan, at: number): string {
  if (at >= p.end) return 'end of input';
  if (cls(p, at) & IDENT) {
    let e = at + 1;
    while (e < p.end && cls(p, e) & IDENT) e++;
    return quote(p.src.slice(at, e));
  }
  return `'${String.fromCodePoint(p.src.codePointAt(at)!)}'`;
}

export function skipSpace(p: Scan): void {
  const src = p.src;
  const end = p.end;
  let pos = p.pos;
  while (pos < end) {
    const c = src.charCodeAt(pos);
    if (isSpace(c)) pos++;
    else break;
  }
  p.pos = pos;
}

/** Skips whitespace and returns the code unit then at `pos` (NaN at the end). */
export function peek(p: Scan): number {
  skipSpace(p);
  return p.src.charCodeAt(p.pos);
}

export function expectChar(p: Scan, code: number, shown: string): void {
  if (peek(p) !== code) fail(p, `expected '${shown}', got ${describe(p, p.pos)}`, p.pos);
  p.pos++;
}

export function expectColons(p: Scan): void {
  skipSpace(p);
  if (p.src.charCodeAt(p.pos) !== 58 || p.src.charCodeAt(p.pos + 1) !== 58) fail(p, `expected '::', got ${describe(p, p.pos)}`, p.pos);
  p.pos += 2;
}

/** Scans a name at `pos` (which starts with a letter or `_`); returns where it starts, `pos` is its end. */
export function skipName(p: Scan): number {
  const src = p.src;
  const end = p.end;
  const start = p.pos;
  let pos = start + 1;
  while (pos < end) {
    const c = src.charCodeAt(pos);
    if (c < 128 && CHAR_CLASS[c] & IDENT) pos++;
    else break;
  }
  p.pos = pos;
  if (pos - start === 1 && src.charCodeAt(start) === 95) fail(p, `invalid identifier '_'`, start);
  return start;
}

export function scanName(p: Scan): string {
  const start = skipName(p);
  return p.src.slice(start, p.pos);
}

/** Scans a name that must stand here; returns where it starts (`pos` is its end). */
export function expectNameAt(p: Scan, what: string): number {
  const c = peek(p);
  if (!(c < 128 && (CHAR_CLASS[c] & ALPHA || c === 95))) fail(p, `expected ${what}, got ${describe(p, p.pos)}`, p.pos);
  return skipName(p);
}

/** The name just scanned from `start`, as BCS (uleb length ‖ ASCII): names are ASCII by construction. */
export function writeName(p: Scan, w: BcsWriter, start: number): void {
  const src = p.src;
  const end = p.pos;
  const n = end - start;
  w.length(n);
  w.ensure(n);
  const b = w.buf;
  let o = w.off;
  for (let i = start; i < end; i++) b[o++] = src.charCodeAt(i);
  w.off = o;
}

/** True if the name `word` stands at `pos` as a whole token. */
export function atWord(p: Scan, word: string): boolean {
  return p.src.startsWith(word, p.pos) && !(cls(p, p.pos + word.length) & IDENT);
}

/** Scans the hex digits of the `0x…` at `pos`; returns where they end (`pos` is left at the `0`). */
function addressDigitsEnd(p: Scan): number {
  const start = p.pos + 2;
  const e = hexRunEnd(p.src, start);
  const digits = e - start;
  if (digits === 0) fail(p, `expected hex digits after '${p.src.slice(p.pos, start)}'`, start);
  if (digits > 64) fail(p, `address has ${digits} hex digits, at most 64 allowed`, p.pos);
  return e;
}

/** Scans `0x…` at `pos` and writes its 32 bytes (zeros, then the digits right-aligned). */
export function writeAddressDigits(p: Scan, w: BcsWriter): void {
  const e = addressDigitsEnd(p);
  w.ensure(32);
  hexDigitsInto(p.src, p.pos + 2, e, w.buf, w.off, w.off + 32);
  w.off += 32;
  p.pos = e;
}

const ZEROS = /* @__PURE__ */ '0'.repeat(64);

/** Scans `0x…` at `pos` into the long address form. */
export function scanAddress(p: Scan): string {
  const src = p.src;
  const at = p.pos;
  const e = addressDigitsEnd(p);
  p.pos = e;
  const digits = e - at - 2;
  // `0x1` and the other special addresses: the shared long form, no slice or padding.
  if (digits === 1) {
    return SPECIAL_LONG_ADDRESSES[nibbleAt(src, at + 2)];
  }
  // 64 digits: the long form already, up to case (`0X` included).
  if (digits === 64) return src.slice(at, e).toLowerCase();
  const long = '0x' + ZEROS.slice(digits) + src.slice(at + 2, e).toLowerCase();
  long.charCodeAt(0); // flatten: V8 keeps `a + b` as a rope until first read
  return long;
}
