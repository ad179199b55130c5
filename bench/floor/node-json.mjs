// Hand-written floors for the node-JSON workloads: a block of 100 APT transfers (aptos_account::
// transfer, Ed25519, two fungible-asset events, three FungibleStore writes) rendered to the node's
// JSON text by string templates, and read back from that text into the block's BCS bytes with every
// transaction hash and state-key hash checked. Exactly this shape; anything else fails.
import { sha3_256 } from '@noble/hashes/sha3.js';
import { fail } from './util.mjs';

const enc = new TextEncoder();
const HEX = Array.from({ length: 256 }, (_, i) => i.toString(16).padStart(2, '0'));
const hex = (b) => {
  let s = '0x';
  for (let i = 0; i < b.length; i++) s += HEX[b[i]];
  return s;
};
const short = (a) => '0x' + (a.slice(2).replace(/^0+/, '') || '0');
export const prefix = (salt) => sha3_256(enc.encode(salt));
export const TX_PREFIX = prefix('APTOS::Transaction');
// state_key_hash: the salt is StateKeyInner's serde name, `StateKey`, and the hashed bytes are
// StateKeyInner::encode() (aptos-core types/src/state_store/state_key/inner.rs, registry.rs).
export const KEY_PREFIX = prefix('APTOS::StateKey');
const NIBBLE = new Int8Array(128).fill(-1);
for (let i = 0; i < 16; i++) NIBBLE[48 + i < 58 ? 48 + i : 87 + i] = i;
for (let i = 10; i < 16; i++) NIBBLE[55 + i] = i;
export const fromHex = (s, n) => {
  if (typeof s !== 'string' || s.charCodeAt(0) !== 48 || s.charCodeAt(1) !== 120 || (n !== undefined && s.length !== 2 + 2 * n) || (s.length & 1) !== 0) fail(`bad hex ${s}`);
  const out = new Uint8Array((s.length - 2) >> 1);
  for (let i = 0, j = 2; i < out.length; i++, j += 2) {
    const hi = NIBBLE[s.charCodeAt(j)] ?? -1;
    const lo = NIBBLE[s.charCodeAt(j + 1)] ?? -1;
    if (hi < 0 || lo < 0) fail('bad hex');
    out[i] = (hi << 4) | lo;
  }
  return out;
};
export const addrBytes = (s) => fromHex('0x' + s.slice(2).padStart(64, '0'), 32);

// A growable byte writer.
export class W {
  constructor(n = 1 << 16) {
    this.b = new Uint8Array(n);
    this.o = 0;
  }
  need(n) {
    if (this.o + n <= this.b.length) return;
    const b = new Uint8Array(Math.max(this.b.length * 2, this.o + n));
    b.set(this.b.subarray(0, this.o));
    this.b = b;
  }
  u8(v) {
    this.need(1);
    this.b[this.o++] = v;
  }
  uleb(v) {
    do {
      let x = v & 0x7f;
      v >>>= 7;
      if (v) x |= 0x80;
      this.u8(x);
    } while (v);
  }
  bytes(a) {
    this.need(a.length);
    this.b.set(a, this.o);
    this.o += a.length;
  }
  u64(v) {
    this.need(8);
    new DataView(this.b.buffer, this.b.byteOffset).setBigUint64(this.o, BigInt(v), true);
    this.o += 8;
  }
  str(s) {
    const e = enc.encode(s);
    this.uleb(e.length);
    this.bytes(e);
  }
  done() {
    return this.b.slice(0, this.o);
  }
}

const STORE_TAG = { module: 'fungible_asset', name: 'FungibleStore' };
/** bcs(StructTag) of 0x1::module::name, after the TypeTag variant when `asTypeTag`. */
function structTag(w, module, name, asTypeTag = true) {
  if (asTypeTag) w.u8(7);
  w.bytes(addrBytes('0x1'));
  w.str(module);
  w.str(name);
  w.u8(0);
}
/**
 * bcs(StateKeyInner::AccessPath { address, path: bcs(Path::Resource(0x1::fungible_asset::FungibleStore)) }):
 * for an access path also StateKeyInner::encode() (tag 0, then bcs(AccessPath)), the bytes its hash takes.
 */
function storeKey(address) {
  const path = new W(64);
  path.u8(1);
  structTag(path, STORE_TAG.module, STORE_TAG.name, false);
  const p = path.done();
  const w = new W(128);
  w.u8(0);
  w.bytes(address);
  w.uleb(p.length);
  w.bytes(p);
  return w.done();
}
export const EVENT_PREFIX = prefix('APTOS::ContractEvent');
export const ACCUMULATOR_PREFIX = prefix('APTOS::EventAccumulator');
export const salted = (pre, body) => sha3_256.create().update(pre).update(body).digest();

// ---------------------------------------------------------------------------------------------
// Render: the decoded block (plain data) → the node's JSON text.

function changeText(k, op) {
  const d = op.value; // metadata(32) ‖ balance(8) ‖ frozen(1)
  const dv = new DataView(d.buffer, d.byteOffset, d.length);
  const key = storeKey(addrBytes(k.value.address));
  return (
    `{"address":"${short(k.value.address)}","state_key_hash":"${hex(salted(KEY_PREFIX, key))}","data":{"type":"0x1::fungible_asset::FungibleStore","data":` +
    `{"balance":"${dv.getBigUint64(32, true)}","frozen":${d[40] === 1},"metadata":{"inner":"${short(hex(d.subarray(0, 32)))}"}}},"type":"write_resource"}`
  );
}

function eventText(e) {
  const d = e.value.eventData;
  const name = e.value.typeTag.value.name;
  const amount = new DataView(d.buffer, d.byteOffset, d.length).getBigUint64(32, true);
  return `{"guid":{"creation_number":"0","account_address":"0x0"},"sequence_number":"0","type":"0x1::fungible_asset::${name}","data":{"amount":"${amount}","store":"${short(hex(d.subarray(0, 32)))}"}}`;
}

function transactionText(t, timestamp) {
  const info = t.info.value;
  const s = t.transaction.value;
  const r = s.rawTxn;
  const ef = r.payload.value;
  const to = short(hex(ef.args[0]));
  const amount = new DataView(ef.args[1].buffer, ef.args[1].byteOffset, 8).getBigUint64(0, true);
  const changes = [...t.changes.value].sort((a, b) => (a.key.value.address < b.key.value.address ? -1 : 1));
  return (
    `{"version":"${t.version}","hash":"${hex(info.transactionHash)}","state_change_hash":"${hex(info.stateChangeHash)}","event_root_hash":"${hex(info.eventRootHash)}",` +
    `"state_checkpoint_hash":null,"gas_used":"${info.gasUsed}","success":true,"vm_status":"Executed successfully","accumulator_root_hash":"${hex(t.accumulatorRootHash)}",` +
    `"changes":[${changes.map((c) => changeText(c.key, c.value)).join(',')}],"sender":"${short(r.sender)}","sequence_number":"${r.sequenceNumber}",` +
    `"max_gas_amount":"${r.maxGasAmount}","gas_unit_price":"${r.gasUnitPrice}","expiration_timestamp_secs":"${r.expirationTimestampSecs}",` +
    `"payload":{"function":"0x1::aptos_account::transfer","type_arguments":[],"arguments":["${to}","${amount}"],"type":"entry_function_payload"},` +
    `"signature":{"public_key":"${hex(s.authenticator.value.publicKey)}","signature":"${hex(s.authenticator.value.signature)}","type":"ed25519_signature"},` +
    `"replay_protection_nonce":null,"events":[${t.events.map(eventText).join(',')}],"timestamp":"${timestamp}","type":"user_transaction"}`
  );
}

export function renderTransferBlock(b) {
  const ts = b.blockTimestamp;
  return (
    `{"block_height":"${b.blockHeight}","block_hash":"${hex(b.blockHash)}","block_timestamp":"${ts}","first_version":"${b.firstVersion}",` +
    `"last_version":"${b.lastVersion}","transactions":[${b.transactions.map((t) => transactionText(t, ts)).join(',')}]}`
  );
}

// ---------------------------------------------------------------------------------------------
// Read back: the node's JSON text → the block's BCS bytes, hashes checked.

export const u64s = (s) => {
  if (typeof s !== 'string' || !/^[0-9]{1,20}$/.test(s)) fail(`bad u64 ${s}`);
  const v = BigInt(s);
  if (v > 0xffffffffffffffffn) fail(`bad u64 ${s}`);
  return v;
};

function readTransaction(w, t, chainId) {
  if (t.type !== 'user_transaction' || t.vm_status !== 'Executed successfully' || t.success !== true) fail('not a successful user transaction');
  const p = t.payload;
  if (p.type !== 'entry_function_payload' || p.function !== '0x1::aptos_account::transfer' || p.type_arguments.length !== 0 || p.arguments.length !== 2) fail('not a transfer');
  const sig = t.signature;
  if (sig.type !== 'ed25519_signature' || t.replay_protection_nonce !== null) fail('not an Ed25519 transaction');
  // SignedTransaction
  const s = new W(400);
  s.bytes(addrBytes(t.sender));
  s.u64(u64s(t.sequence_number));
  s.u8(2); // EntryFunction
  s.bytes(addrBytes('0x1'));
  s.str('aptos_account');
  s.str('transfer');
  s.u8(0);
  s.u8(2);
  s.u8(32);
  s.bytes(addrBytes(p.arguments[0]));
  s.u8(8);
  s.u64(u64s(p.arguments[1]));
  s.u64(u64s(t.max_gas_amount));
  s.u64(u64s(t.gas_unit_price));
  s.u64(u64s(t.expiration_timestamp_secs));
  s.u8(chainId);
  s.u8(0); // Ed25519
  s.u8(32);
  s.bytes(fromHex(sig.public_key, 32));
  s.u8(64);
  s.bytes(fromHex(sig.signature, 64));
  const signed = s.done();
  const hash = fromHex(t.hash, 32);
  const h = sha3_256.create().update(TX_PREFIX).update(new Uint8Array([0])).update(signed).digest();
  for (let i = 0; i < 32; i++) if (h[i] !== hash[i]) fail('hash mismatch');
  // TransactionOnChainData
  w.u64(u64s(t.version));
  w.u8(0);
  w.bytes(signed);
  w.u8(0); // TransactionInfo::V0
  w.u64(u64s(t.gas_used));
  w.u8(0); // Success
  w.bytes(hash);
  w.bytes(fromHex(t.event_root_hash, 32));
  w.bytes(fromHex(t.state_change_hash, 32));
  if (t.state_checkpoint_hash !== null) fail('checkpoint hash');
  w.u8(0);
  w.u8(0); // auxiliary info hash: not in the JSON
  w.uleb(t.events.length);
  if (t.events.length !== 2) fail('not two events');
  const leaves = t.events.map((e) => {
    const name = e.type === '0x1::fungible_asset::Withdraw' ? 'Withdraw' : e.type === '0x1::fungible_asset::Deposit' ? 'Deposit' : fail('event type');
    if (e.guid.creation_number !== '0' || e.guid.account_address !== '0x0' || e.sequence_number !== '0') fail('not a module event');
    const ev = new W(100);
    ev.u8(1); // V2
    structTag(ev, 'fungible_asset', name);
    ev.u8(40);
    ev.bytes(addrBytes(e.data.store));
    ev.u64(u64s(e.data.amount));
    const b = ev.done();
    w.bytes(b);
    return salted(EVENT_PREFIX, b);
  });
  // event_root_hash of two events: one accumulator node over their hashes.
  const root = sha3_256.create().update(ACCUMULATOR_PREFIX).update(leaves[0]).update(leaves[1]).digest();
  const eventRootHash = fromHex(t.event_root_hash, 32);
  for (let i = 0; i < 32; i++) if (root[i] !== eventRootHash[i]) fail('event root hash mismatch');
  w.bytes(fromHex(t.accumulator_root_hash, 32));
  // WriteSet::V0: entries sorted by their key bytes
  const entries = t.changes.map((c) => {
    if (c.type !== 'write_resource' || c.data.type !== '0x1::fungible_asset::FungibleStore') fail('change');
    const key = storeKey(addrBytes(c.address));
    const skh = fromHex(c.state_key_hash, 32);
    const kh = salted(KEY_PREFIX, key);
    for (let i = 0; i < 32; i++) if (kh[i] !== skh[i]) fail('state key hash mismatch');
    const d = c.data.data;
    const v = new W(48);
    v.bytes(addrBytes(d.metadata.inner));
    v.u64(u64s(d.balance));
    if (typeof d.frozen !== 'boolean') fail('frozen');
    v.u8(d.frozen ? 1 : 0);
    return { key, value: v.done() };
  });
  entries.sort((a, b) => {
    for (let i = 0; i < Math.min(a.key.length, b.key.length); i++) if (a.key[i] !== b.key[i]) return a.key[i] - b.key[i];
    return a.key.length - b.key.length;
  });
  w.u8(0);
  w.uleb(entries.length);
  for (const e of entries) {
    w.bytes(e.key);
    w.u8(1); // Modification
    w.uleb(e.value.length);
    w.bytes(e.value);
  }
}

export function readTransferBlock(text, chainId) {
  const b = JSON.parse(text);
  const w = new W(1 << 17);
  w.u64(u64s(b.block_height));
  w.bytes(fromHex(b.block_hash, 32));
  w.u64(u64s(b.block_timestamp));
  w.u64(u64s(b.first_version));
  w.u64(u64s(b.last_version));
  w.u8(1);
  w.uleb(b.transactions.length);
  for (const t of b.transactions) readTransaction(w, t, chainId);
  return w.done();
}
