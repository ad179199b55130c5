// The hand-written floor of bench:http's encode_submission exchange: the least work a Node server
// specialised to the one function `0x1::aptos_account::transfer` (address, u64) pays to answer the
// bench's request with its signing message as JSON hex. Everything constant (the signing prefix,
// the payload's head, the argument lengths, the chain id) is written once into a reused buffer; per
// request only the sender, sequence number, arguments and gas fields, with the input checks a
// careful specialised encoder makes (hex digits, decimal u64 range). Deliberately independent of
// ledger-bcs. Layout: aptos-core types/src/transaction/mod.rs `RawTransaction`, signing message =
// sha3-256("APTOS::RawTransaction") ‖ bcs(RawTransaction).
import { RAW_TRANSACTION_PREFIX } from './transaction.mjs';
import { fail, writeAddress, writeIdent } from './util.mjs';

const NIB = new Int8Array(128).fill(-1);
for (let i = 0; i < 10; i++) NIB[48 + i] = i;
for (let i = 0; i < 6; i++) NIB[97 + i] = NIB[65 + i] = 10 + i;

/** Decimal digits of a u64 (as serde's string form) into 8 little-endian bytes at `o`. */
function writeDecimalU64(s, out, dv, o) {
  const n = s.length;
  if (n === 0 || n > 20) fail(`bad u64 ${s}`);
  if (n <= 15) {
    let v = 0;
    for (let i = 0; i < n; i++) {
      const d = s.charCodeAt(i) - 48;
      if (d < 0 || d > 9) fail(`bad u64 ${s}`);
      v = v * 10 + d;
    }
    dv.setUint32(o, v >>> 0, true);
    dv.setUint32(o + 4, Math.floor(v / 4294967296), true);
    return;
  }
  for (let i = 0; i < n; i++) if (s.charCodeAt(i) < 48 || s.charCodeAt(i) > 57) fail(`bad u64 ${s}`);
  const v = BigInt(s);
  if (v > 0xffffffffffffffffn) fail(`bad u64 ${s}`);
  dv.setBigUint64(o, v, true);
}

/** `0x` and exactly 64 hex digits (the sender's canonical long form) into 32 bytes at `o`. */
function writeLongAddress(s, out, o) {
  if (s.length !== 66) return writeAddress(s, out, o);
  if (s.charCodeAt(0) !== 48 || s.charCodeAt(1) !== 120) fail(`bad address ${s}`);
  for (let i = 0, j = 2; i < 32; i++, j += 2) {
    const a = s.charCodeAt(j);
    const b = s.charCodeAt(j + 1);
    const hi = a < 128 ? NIB[a] : -1;
    const lo = b < 128 ? NIB[b] : -1;
    if ((hi | lo) < 0) fail(`bad hex digit in ${s}`);
    out[o + i] = (hi << 4) | lo;
  }
  return o + 32;
}

/** `(request) => string`, `"0x…"`: the signing message of a parsed transfer request. */
export function compileTransferReply(chainId) {
  const message = new Uint8Array(256);
  const dv = new DataView(message.buffer);
  message.set(RAW_TRANSACTION_PREFIX);
  // sender 32..64, sequence number 64..72, then the constant head.
  let o = 72;
  message[o++] = 2; // TransactionPayload::EntryFunction
  o = writeAddress('0x1', message, o);
  o = writeIdent('aptos_account', message, o);
  o = writeIdent('transfer', message, o);
  message[o++] = 0; // no type arguments
  message[o++] = 2; // two arguments
  message[o++] = 32; // bcs(address) length
  const to = o;
  o += 32;
  message[o++] = 8; // bcs(u64) length
  const amount = o;
  const gas = o + 8;
  message[gas + 24] = chainId;
  const length = gas + 25;
  return (r) => {
    const p = r.payload;
    if (p.function !== '0x1::aptos_account::transfer' || p.type_arguments.length !== 0 || p.arguments.length !== 2) {
      fail('another request');
    }
    writeLongAddress(r.sender, message, 32);
    writeDecimalU64(r.sequence_number, message, dv, 64);
    writeAddress(p.arguments[0], message, to);
    writeDecimalU64(p.arguments[1], message, dv, amount);
    writeDecimalU64(r.max_gas_amount, message, dv, gas);
    writeDecimalU64(r.gas_unit_price, message, dv, gas + 8);
    writeDecimalU64(r.expiration_timestamp_secs, message, dv, gas + 16);
    // Node's own hex (C++) and a string body: cheaper here than a JavaScript digit loop into a
    // Buffer (110.2k instructions a request against 107.0k, callgrind, bench/http/instructions.mjs).
    return '"0x' + Buffer.from(message.buffer, 0, length).toString('hex') + '"';
  };
}
