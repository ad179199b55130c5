// Hand-written vector codecs: uleb(count) ‖ elements, one exact allocation, plain loops.
import { Cursor, fail, ulebSize, writeU64s, writeUleb } from './util.mjs';

// Sizing 1e5 varints first costs as much as writing them, so the practical floor writes once into
// a reused worst-case scratch buffer and returns one exact-size copy.
let scratch = new Uint8Array(1024);

export function encodeUlebVector(values) {
  const n = values.length;
  if (scratch.length < 5 * n + 5) scratch = new Uint8Array(5 * n + 5);
  const out = scratch;
  let o = writeUleb(out, 0, n);
  for (let i = 0; i < n; i++) {
    let v = values[i];
    if (!(v >= 0 && v <= 0xffffffff && v % 1 === 0)) fail(`bad uleb value ${v}`);
    while (v >= 0x80) {
      out[o++] = (v & 0x7f) | 0x80;
      v >>>= 7;
    }
    out[o++] = v;
  }
  return out.slice(0, o);
}

export function decodeUlebVector(bytes) {
  const c = new Cursor(bytes);
  const n = c.uleb();
  if (n > c.end - c.o) fail('length exceeds input');
  const out = new Array(n);
  for (let i = 0; i < n; i++) out[i] = c.uleb();
  c.finish();
  return out;
}

export function encodeU64Vector(values) {
  const n = values.length;
  const head = ulebSize(n);
  const out = new Uint8Array(head + n * 8);
  writeUleb(out, 0, n);
  writeU64s(out, head, values);
  return out;
}

export function decodeU64Vector(bytes) {
  const c = new Cursor(bytes);
  const n = c.uleb();
  c.need(n * 8);
  const dv = c.dv;
  const out = new Array(n);
  for (let i = 0, o = c.o; i < n; i++, o += 8) out[i] = dv.getBigUint64(o, true);
  c.o += n * 8;
  c.finish();
  return out;
}

const U256_MAX = (1n << 256n) - 1n;

export function encodeU256Vector(values) {
  const n = values.length;
  const head = ulebSize(n);
  const out = new Uint8Array(head + n * 32);
  const dv = new DataView(out.buffer);
  writeUleb(out, 0, n);
  for (let i = 0, o = head; i < n; i++, o += 32) {
    let v = values[i];
    if (typeof v !== 'bigint' || v < 0n || v > U256_MAX) fail(`bad u256 ${v}`);
    dv.setBigUint64(o, BigInt.asUintN(64, v), true);
    v >>= 64n;
    dv.setBigUint64(o + 8, BigInt.asUintN(64, v), true);
    v >>= 64n;
    dv.setBigUint64(o + 16, BigInt.asUintN(64, v), true);
    dv.setBigUint64(o + 24, v >> 64n, true);
  }
  return out;
}

export function decodeU256Vector(bytes) {
  const c = new Cursor(bytes);
  const n = c.uleb();
  c.need(n * 32);
  const dv = c.dv;
  const out = new Array(n);
  for (let i = 0, o = c.o; i < n; i++, o += 32) {
    out[i] =
      (((((dv.getBigUint64(o + 24, true) << 64n) | dv.getBigUint64(o + 16, true)) << 64n) | dv.getBigUint64(o + 8, true)) << 64n) |
      dv.getBigUint64(o, true);
  }
  c.o += n * 32;
  c.finish();
  return out;
}
