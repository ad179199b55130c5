// Building blocks of the hand-written floor: plain Uint8Array/DataView code, exact-size output,
// the same input validation a careful specialised encoder would do (hex digits, integer ranges,
// bounds on decode), nothing generic. Deliberately independent of ledger-bcs.

const NIB = new Int8Array(128).fill(-1);
for (let i = 0; i < 10; i++) NIB[48 + i] = i;
for (let i = 0; i < 6; i++) NIB[97 + i] = NIB[65 + i] = 10 + i;

export const BYTE_HEX = Array.from({ length: 256 }, (_, i) => i.toString(16).padStart(2, '0'));

const U64_MAX = 0xffffffffffffffffn;

export function fail(msg) {
  throw new Error(`floor: ${msg}`);
}

function nib(s, i) {
  const c = s.charCodeAt(i);
  const v = c < 128 ? NIB[c] : -1;
  if (v < 0) fail(`bad hex digit in ${s}`);
  return v;
}

/** `0x` + 1..64 hex digits, right-aligned into 32 bytes at `o`. Returns the new offset. */
export function writeAddress(s, out, o) {
  const n = s.length - 2;
  if (n < 1 || n > 64 || s.charCodeAt(0) !== 48 || s.charCodeAt(1) !== 120) fail(`bad address ${s}`);
  if (n === 64) {
    for (let i = 0, j = 2; i < 32; i++, j += 2) out[o + i] = (nib(s, j) << 4) | nib(s, j + 1);
    return o + 32;
  }
  const end = o + 32;
  out.fill(0, o, end);
  let j = s.length - 1;
  for (let k = end - 1; j >= 2; k--, j -= 2) out[k] = j > 2 ? nib(s, j) | (nib(s, j - 1) << 4) : nib(s, j);
  return end;
}

export function readAddress(b, o) {
  let s = '0x';
  for (let i = o; i < o + 32; i++) s += BYTE_HEX[b[i]];
  return s;
}

export function writeU64(dv, o, v) {
  if (typeof v !== 'bigint' || v < 0n || v > U64_MAX) fail(`bad u64 ${v}`);
  dv.setBigUint64(o, v, true);
}

// u64 runs: store into an aligned BigUint64Array (no allocation per value in V8) and memcpy each
// chunk into place; the bench machine is little-endian (checked once).
const CHUNK = new BigUint64Array(1024);
const CHUNK_BYTES = new Uint8Array(CHUNK.buffer);
if (new Uint8Array(new Uint16Array([1]).buffer)[0] !== 1) fail('the floor assumes a little-endian host');

/** `values` (bigints in u64 range) as consecutive little-endian u64s at `o`. Returns the new offset. */
export function writeU64s(out, o, values) {
  const n = values.length;
  for (let start = 0; start < n; start += 1024) {
    const k = Math.min(1024, n - start);
    for (let i = 0; i < k; i++) {
      const v = values[start + i];
      if (typeof v !== 'bigint' || BigInt.asUintN(64, v) !== v) fail(`bad u64 ${v}`);
      CHUNK[i] = v;
    }
    out.set(k === 1024 ? CHUNK_BYTES : CHUNK_BYTES.subarray(0, k * 8), o);
    o += k * 8;
  }
  return o;
}

export function ulebSize(v) {
  return v < 0x80 ? 1 : v < 0x4000 ? 2 : v < 0x200000 ? 3 : v < 0x10000000 ? 4 : 5;
}

export function writeUleb(out, o, v) {
  while (v >= 0x80) {
    out[o++] = (v & 0x7f) | 0x80;
    v >>>= 7;
  }
  out[o++] = v;
  return o;
}

/** ASCII-only identifier (Move identifiers are ASCII), shorter than 128 bytes: one length byte. */
export function writeIdent(s, out, o) {
  const n = s.length;
  if (n > 127) fail('identifier too long');
  out[o++] = n;
  for (let i = 0; i < n; i++) {
    const c = s.charCodeAt(i);
    if (c > 127) fail('non-ASCII identifier');
    out[o++] = c;
  }
  return o;
}

export function utf8Size(s) {
  let n = s.length;
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c < 0x80) continue;
    if (c < 0x800) n += 1;
    else if (c >= 0xd800 && c <= 0xdbff) {
      n += 2;
      i++;
    } else n += 2;
  }
  return n;
}

const encoder = new TextEncoder();
export function writeUtf8(s, out, o, n) {
  encoder.encodeInto(s, out.subarray(o, o + n));
  return o + n;
}

/** A cursor over input bytes with bounds checks; methods are small enough to inline. */
export class Cursor {
  constructor(b, views = false) {
    this.b = b;
    this.views = views;
    this.dv = new DataView(b.buffer, b.byteOffset, b.byteLength);
    this.o = 0;
    this.end = b.length;
  }
  need(n) {
    if (this.o + n > this.end) fail('unexpected end');
  }
  u8() {
    this.need(1);
    return this.b[this.o++];
  }
  u64() {
    this.need(8);
    const v = this.dv.getBigUint64(this.o, true);
    this.o += 8;
    return v;
  }
  uleb() {
    const b = this.b;
    let v = 0;
    for (let shift = 0; shift < 35; shift += 7) {
      if (this.o >= this.end) fail('unexpected end');
      const x = b[this.o++];
      if ((x & 0x80) === 0) {
        if (x === 0 && shift > 0) fail('non-canonical uleb');
        if (shift === 28 && x > 15) break;
        return (v | (x << shift)) >>> 0;
      }
      v |= (x & 0x7f) << shift;
    }
    fail('uleb overflow');
  }
  address() {
    this.need(32);
    const s = readAddress(this.b, this.o);
    this.o += 32;
    return s;
  }
  /** ASCII identifier; non-ASCII bytes are rejected (identifiers are ASCII). */
  ident() {
    const n = this.uleb();
    this.need(n);
    const b = this.b;
    let s = '';
    for (let i = this.o, e = this.o + n; i < e; i++) {
      if (b[i] > 127) fail('non-ASCII identifier');
      s += String.fromCharCode(b[i]);
    }
    this.o += n;
    return s;
  }
  bytes() {
    const n = this.uleb();
    this.need(n);
    const out = this.views ? this.b.subarray(this.o, this.o + n) : this.b.slice(this.o, this.o + n);
    this.o += n;
    return out;
  }
  finish() {
    if (this.o !== this.end) fail('trailing bytes');
  }
}
