// Hand-written RawTransaction encoders for the two bench payloads and a decoder for
// RawTransaction with an EntryFunction payload. Sizes are computed first, one exact allocation.
import { sha3_256 } from '@noble/hashes/sha3.js';
import {
  Cursor,
  fail,
  ulebSize,
  utf8Size,
  writeAddress,
  writeIdent,
  writeU64,
  writeU64s,
  writeUleb,
  writeUtf8,
} from './util.mjs';

export const RAW_TRANSACTION_PREFIX = sha3_256(new TextEncoder().encode('APTOS::RawTransaction'));

// TypeTag variant indices (aptos-core third_party/move/move-core/types/src/language_storage.rs
// `TypeTag`, declaration order) for the kinds the bench uses.
const TAG = { bool: 0, u8: 1, u64: 2, u128: 3, address: 4, signer: 5, vector: 6, struct: 7, u16: 8, u32: 9, u256: 10 };
const KINDS = Object.keys(TAG).sort((a, b) => TAG[a] - TAG[b]);

function typeTagSize(t) {
  if (t.$kind === 'vector') return 1 + typeTagSize(t.value);
  if (t.$kind !== 'struct') return 1;
  const s = t.value;
  let n = 1 + 32 + 1 + s.module.length + 1 + s.name.length + 1;
  for (const a of s.typeArgs) n += typeTagSize(a);
  return n;
}

function writeTypeTag(t, out, o) {
  const i = TAG[t.$kind];
  if (i === undefined) fail(`type tag ${t.$kind}`);
  out[o++] = i;
  if (i === 6) return writeTypeTag(t.value, out, o);
  if (i !== 7) return o;
  const s = t.value;
  o = writeAddress(s.address, out, o);
  o = writeIdent(s.module, out, o);
  o = writeIdent(s.name, out, o);
  if (s.typeArgs.length > 127) fail('too many type args');
  out[o++] = s.typeArgs.length;
  for (const a of s.typeArgs) o = writeTypeTag(a, out, o);
  return o;
}

// Everything of a RawTransaction except the payload's arguments.
function headSize(t) {
  const p = t.payload;
  let n = 32 + 8 + 1 + 32 + 1 + p.module.name.length + 1 + p.function.length + 1;
  for (const a of p.typeArgs) n += typeTagSize(a);
  return n;
}

function writeHead(t, out, dv, o) {
  const p = t.payload;
  o = writeAddress(t.sender, out, o);
  writeU64(dv, o, t.sequenceNumber);
  o += 8;
  out[o++] = 2; // TransactionPayload::EntryFunction
  o = writeAddress(p.module.address, out, o);
  o = writeIdent(p.module.name, out, o);
  o = writeIdent(p.function, out, o);
  out[o++] = p.typeArgs.length;
  for (const a of p.typeArgs) o = writeTypeTag(a, out, o);
  return o;
}

function writeTail(t, dv, o) {
  writeU64(dv, o, t.maxGasAmount);
  writeU64(dv, o + 8, t.gasUnitPrice);
  writeU64(dv, o + 16, t.expirationTimestampSecs);
  const c = t.chainId;
  if (!(c >= 0 && c <= 255 && c % 1 === 0)) fail('bad chain id');
  dv.setUint8(o + 24, c);
  return o + 25;
}

/** `(address, u64)` transfer; with `prefix`, the signing message (prefix ‖ raw txn). */
export function encodeTransfer(t, prefix) {
  const pre = prefix ? prefix.length : 0;
  const size = pre + headSize(t) + 1 + 33 + 9 + 25;
  const out = new Uint8Array(size);
  const dv = new DataView(out.buffer);
  if (prefix) out.set(prefix);
  let o = writeHead(t, out, dv, pre);
  const [to, amount] = t.payload.args;
  out[o++] = 2;
  out[o++] = 32;
  o = writeAddress(to, out, o);
  out[o++] = 8;
  writeU64(dv, o, amount);
  o = writeTail(t, dv, o + 8);
  if (o !== size) fail('size mismatch');
  return out;
}

// The transfer with its constant part (payload variant, module, function, type arguments and the
// argument count) written once, as a specialised encoder for one function would: per call only the
// sender, sequence number, arguments and tail. Written into a reused buffer and copied out, which
// on this V8 is cheaper than a fresh exact-size buffer plus its DataView.
const SCRATCH = new Uint8Array(512);
const SCRATCH_VIEW = new DataView(SCRATCH.buffer);

/** A compiled `(address, u64)` entry function: `(t, prefix?) => bytes`, `t` shaped like TRANSFER. */
export function compileTransfer(fn) {
  const n = headSize(fn) - 40 + 1;
  const head = new Uint8Array(n);
  let h = 0;
  head[h++] = 2; // TransactionPayload::EntryFunction
  h = writeAddress(fn.payload.module.address, head, h);
  h = writeIdent(fn.payload.module.name, head, h);
  h = writeIdent(fn.payload.function, head, h);
  head[h++] = fn.payload.typeArgs.length;
  for (const a of fn.payload.typeArgs) h = writeTypeTag(a, head, h);
  head[h++] = 2; // two arguments
  if (h !== n) fail('head size mismatch');
  return (t, prefix) => {
    const out = SCRATCH;
    const dv = SCRATCH_VIEW;
    let o = 0;
    if (prefix) {
      out.set(prefix);
      o = prefix.length;
    }
    o = writeAddress(t.sender, out, o);
    writeU64(dv, o, t.sequenceNumber);
    o += 8;
    out.set(head, o);
    o += n;
    const [to, amount] = t.payload.args;
    out[o++] = 32;
    o = writeAddress(to, out, o);
    out[o++] = 8;
    writeU64(dv, o, amount);
    o = writeTail(t, dv, o + 8);
    return out.slice(0, o);
  };
}

/** `(vector<u64>, vector<address>, String)` batch payment. */
export function encodeHeavy(t) {
  const [amounts, recipients, memo] = t.payload.args;
  const a = ulebSize(amounts.length) + amounts.length * 8;
  const r = ulebSize(recipients.length) + recipients.length * 32;
  const mLen = utf8Size(memo);
  const m = ulebSize(mLen) + mLen;
  const size = headSize(t) + 1 + ulebSize(a) + a + ulebSize(r) + r + ulebSize(m) + m + 25;
  const out = new Uint8Array(size);
  const dv = new DataView(out.buffer);
  let o = writeHead(t, out, dv, 0);
  out[o++] = 3;
  o = writeUleb(out, o, a);
  o = writeUleb(out, o, amounts.length);
  o = writeU64s(out, o, amounts);
  o = writeUleb(out, o, r);
  o = writeUleb(out, o, recipients.length);
  for (let i = 0; i < recipients.length; i++) o = writeAddress(recipients[i], out, o);
  o = writeUleb(out, o, m);
  o = writeUleb(out, o, mLen);
  o = writeUtf8(memo, out, o, mLen);
  o = writeTail(t, dv, o);
  if (o !== size) fail('size mismatch');
  return out;
}

function readTypeTag(c, depth) {
  if (depth > 8) fail('type tag nesting');
  const i = c.uleb();
  if (i === 6) return { $kind: 'vector', value: readTypeTag(c, depth + 1) };
  if (i === 7) {
    const address = c.address();
    const module = c.ident();
    const name = c.ident();
    const n = c.uleb();
    const typeArgs = new Array(n);
    for (let k = 0; k < n; k++) typeArgs[k] = readTypeTag(c, depth + 1);
    return { $kind: 'struct', value: { address, module, name, typeArgs } };
  }
  if (i >= KINDS.length) fail('unsupported type tag');
  return { $kind: KINDS[i] };
}

/** RawTransaction with an EntryFunction payload; arguments stay BCS bytes (no ABI here), copied or as views. */
export function decodeEntryRawTxn(bytes, views = false) {
  const c = new Cursor(bytes, views);
  const sender = c.address();
  const sequenceNumber = c.u64();
  if (c.uleb() !== 2) fail('not an entry function payload');
  const address = c.address();
  const name = c.ident();
  const fn = c.ident();
  const nt = c.uleb();
  const typeArgs = new Array(nt);
  for (let i = 0; i < nt; i++) typeArgs[i] = readTypeTag(c, 1);
  const na = c.uleb();
  if (na > c.end - c.o) fail('argument count exceeds input');
  const args = new Array(na);
  for (let i = 0; i < na; i++) args[i] = c.bytes();
  const maxGasAmount = c.u64();
  const gasUnitPrice = c.u64();
  const expirationTimestampSecs = c.u64();
  const chainId = c.u8();
  c.finish();
  return {
    sender,
    sequenceNumber,
    payload: { $kind: 'EntryFunction', value: { module: { address, name }, function: fn, typeArgs, args } },
    maxGasAmount,
    gasUnitPrice,
    expirationTimestampSecs,
    chainId,
  };
}
