// Hand-written floor for node-json/read-verify-mainnet-block: the node's JSON of mainnet block
// 57347454 (fixtures/real-node/mainnet/block-57347454.json: a block_metadata_transaction, one
// coin_bridge::claim_coin user transaction, a state_checkpoint_transaction) read into the block's
// BCS bytes with every hash the answer carries checked: each transaction hash, event_root_hash and
// state_key_hash. It knows exactly that answer's shapes (its resource and event types, their field
// orders as the framework and the coin_bridge module declare them); anything else fails.
import { sha3_256 } from '@noble/hashes/sha3.js';
import { parseTypeTagToBytes } from './type-tag.mjs';
import { fail } from './util.mjs';
import { ACCUMULATOR_PREFIX, EVENT_PREFIX, KEY_PREFIX, TX_PREFIX, W, addrBytes, fromHex, salted, u64s } from './node-json.mjs';

const BRIDGE = '0xf22bede237a07e121b56d91a491eb7bcdfd1f5907926a9e58338f964a01b17fa';
const USDT = `${BRIDGE}::asset::USDT`;

// ---- Move values: JSON → BCS, one writer per type the answer holds ----
const u64 = (w, s) => w.u64(u64s(s));
function u128(w, s) {
  if (typeof s !== 'string' || !/^[0-9]{1,39}$/.test(s)) fail(`bad u128 ${s}`);
  const v = BigInt(s);
  if (v >> 128n) fail(`bad u128 ${s}`);
  w.u64(BigInt.asUintN(64, v));
  w.u64(v >> 64n);
}
function u8(w, n) {
  if (!Number.isInteger(n) || n < 0 || n > 255) fail(`bad u8 ${n}`);
  w.u8(n);
}
function bool(w, b) {
  if (typeof b !== 'boolean') fail(`bad bool ${b}`);
  w.u8(b ? 1 : 0);
}
const address = (w, s) => w.bytes(addrBytes(s));
function hexBytes(w, s) {
  const b = fromHex(s);
  w.uleb(b.length);
  w.bytes(b);
}
function string(w, s) {
  if (typeof s !== 'string') fail('bad string');
  w.str(s);
}
/** 0x1::option::Option<T>: `{"vec": []}` or `{"vec": [x]}`. */
function option(w, o, each) {
  const v = o.vec;
  if (!Array.isArray(v) || v.length > 1) fail('bad option');
  w.u8(v.length);
  if (v.length) each(w, v[0]);
}
/** 0x1::event::EventHandle { counter, guid: GUID { id: ID { creation_num, addr } } }. */
function eventHandle(w, h) {
  u64(w, h.counter);
  u64(w, h.guid.id.creation_num);
  address(w, h.guid.id.addr);
}
/** 0x1::type_info::TypeInfo { account_address, module_name: vector<u8>, struct_name: vector<u8> }. */
function typeInfo(w, t) {
  address(w, t.account_address);
  hexBytes(w, t.module_name);
  hexBytes(w, t.struct_name);
}
function coinStore(w, d) {
  u64(w, d.coin.value);
  bool(w, d.frozen);
  eventHandle(w, d.deposit_events);
  eventHandle(w, d.withdraw_events);
}

const structTagOf = (type) => parseTypeTagToBytes(type).subarray(1);
const resource = (type, data) => {
  const path = new W(256);
  path.u8(1); // Path::Resource
  path.bytes(structTagOf(type));
  return { path: path.done(), data };
};
const RESOURCES = {
  '0x1::block::BlockResource': resource('0x1::block::BlockResource', (w, d) => {
    u64(w, d.height);
    u64(w, d.epoch_interval);
    eventHandle(w, d.new_block_events);
    eventHandle(w, d.update_epoch_interval_events);
  }),
  '0x1::stake::ValidatorPerformance': resource('0x1::stake::ValidatorPerformance', (w, d) => {
    w.uleb(d.validators.length);
    for (const v of d.validators) {
      u64(w, v.successful_proposals);
      u64(w, v.failed_proposals);
    }
  }),
  '0x1::timestamp::CurrentTimeMicroseconds': resource('0x1::timestamp::CurrentTimeMicroseconds', (w, d) => u64(w, d.microseconds)),
  '0x1::coin::CoinStore<0x1::aptos_coin::AptosCoin>': resource('0x1::coin::CoinStore<0x1::aptos_coin::AptosCoin>', coinStore),
  [`0x1::coin::CoinStore<${USDT}>`]: resource(`0x1::coin::CoinStore<${USDT}>`, coinStore),
  '0x1::account::Account': resource('0x1::account::Account', (w, d) => {
    hexBytes(w, d.authentication_key);
    u64(w, d.sequence_number);
    u64(w, d.guid_creation_num);
    eventHandle(w, d.coin_register_events);
    eventHandle(w, d.key_rotation_events);
    option(w, d.rotation_capability_offer.for, address);
    option(w, d.signer_capability_offer.for, address);
  }),
  [`0x1::coin::CoinInfo<${USDT}>`]: resource(`0x1::coin::CoinInfo<${USDT}>`, (w, d) => {
    string(w, d.name);
    string(w, d.symbol);
    u8(w, d.decimals);
    // Option<OptionalAggregator { aggregator: Option<Aggregator { handle, key, limit }>, integer: Option<Integer { value, limit }> }>
    option(w, d.supply, (w, s) => {
      option(w, s.aggregator, (w, a) => {
        address(w, a.handle);
        address(w, a.key);
        u128(w, a.limit);
      });
      option(w, s.integer, (w, i) => {
        u128(w, i.value);
        u128(w, i.limit);
      });
    });
  }),
  [`${BRIDGE}::coin_bridge::EventStore`]: resource(`${BRIDGE}::coin_bridge::EventStore`, (w, d) => {
    eventHandle(w, d.send_events);
    eventHandle(w, d.receive_events);
    eventHandle(w, d.claim_events);
  }),
};

const event = (type, data) => ({ tag: parseTypeTagToBytes(type), data });
const EVENTS = {
  '0x1::block::NewBlockEvent': event('0x1::block::NewBlockEvent', (w, d) => {
    address(w, d.hash);
    u64(w, d.epoch);
    u64(w, d.round);
    u64(w, d.height);
    hexBytes(w, d.previous_block_votes_bitvec);
    address(w, d.proposer);
    w.uleb(d.failed_proposer_indices.length);
    for (const i of d.failed_proposer_indices) u64(w, i);
    u64(w, d.time_microseconds);
  }),
  '0x1::account::CoinRegisterEvent': event('0x1::account::CoinRegisterEvent', (w, d) => typeInfo(w, d.type_info)),
  '0x1::coin::DepositEvent': event('0x1::coin::DepositEvent', (w, d) => u64(w, d.amount)),
  [`${BRIDGE}::coin_bridge::ClaimEvent`]: event(`${BRIDGE}::coin_bridge::ClaimEvent`, (w, d) => {
    typeInfo(w, d.coin_type);
    address(w, d.receiver);
    u64(w, d.amount_ld);
  }),
};

// ---- hashes ----
const PLACEHOLDER = new Uint8Array(32);
PLACEHOLDER.set(new TextEncoder().encode('ACCUMULATOR_PLACEHOLDER_HASH'));
const node = (l, r) => sha3_256.create().update(ACCUMULATOR_PREFIX).update(l).update(r).digest();
function same(a, b, what) {
  for (let i = 0; i < 32; i++) if (a[i] !== b[i]) fail(`${what} mismatch`);
}

/** ContractEvent::V1 of each event written to `w`; checks event_root_hash (1 or 3 events here). */
function events(w, t) {
  const list = t.events;
  w.uleb(list.length);
  const leaves = list.map((e) => {
    const ev = EVENTS[e.type] ?? fail(`event type ${e.type}`);
    if (e.guid.account_address === '0x0') fail('a module event');
    const b = new W(256);
    b.u8(0); // V1
    u64(b, e.guid.creation_number);
    address(b, e.guid.account_address);
    u64(b, e.sequence_number);
    b.bytes(ev.tag);
    const d = new W(256);
    ev.data(d, e.data);
    const data = d.done();
    b.uleb(data.length);
    b.bytes(data);
    const bytes = b.done();
    w.bytes(bytes);
    return salted(EVENT_PREFIX, bytes);
  });
  // InMemoryAccumulator root: one leaf is the root; three are ((0, 1), (2, placeholder)).
  const root = leaves.length === 1 ? leaves[0] : leaves.length === 3 ? node(node(leaves[0], leaves[1]), node(leaves[2], PLACEHOLDER)) : fail('event count');
  same(root, fromHex(t.event_root_hash, 32), 'event_root_hash');
}

/** WriteSet::V0 of the changes (keys in BCS byte order), each state_key_hash checked. */
function changes(w, list) {
  const entries = list.map((c) => {
    const k = new W(256);
    let hashed; // StateKeyInner::encode(): for an access path its BCS, for a table item no key length
    let value = null;
    if (c.type === 'write_resource') {
      const r = RESOURCES[c.data.type] ?? fail(`resource type ${c.data.type}`);
      k.u8(0);
      address(k, c.address);
      k.uleb(r.path.length);
      k.bytes(r.path);
      const v = new W(1024);
      r.data(v, c.data.data);
      value = v.done();
      hashed = k.done();
    } else if (c.type === 'write_table_item' || c.type === 'delete_table_item') {
      if (c.data !== null) fail('decoded table data');
      const handle = addrBytes(c.handle);
      const key = fromHex(c.key);
      const e = new W(34 + key.length);
      e.u8(1);
      e.bytes(handle);
      e.bytes(key);
      hashed = e.done();
      k.u8(1);
      k.bytes(handle);
      k.uleb(key.length);
      k.bytes(key);
      if (c.type === 'write_table_item') value = fromHex(c.value);
    } else fail(`change ${c.type}`);
    same(salted(KEY_PREFIX, hashed), fromHex(c.state_key_hash, 32), 'state_key_hash');
    return { key: c.type === 'write_resource' ? hashed : k.done(), value };
  });
  entries.sort((a, b) => {
    for (let i = 0; i < Math.min(a.key.length, b.key.length); i++) if (a.key[i] !== b.key[i]) return a.key[i] - b.key[i];
    return a.key.length - b.key.length;
  });
  w.u8(0); // V0
  w.uleb(entries.length);
  for (const e of entries) {
    w.bytes(e.key);
    if (e.value === null) w.u8(2); // Deletion
    else {
      w.u8(1); // Modification
      w.uleb(e.value.length);
      w.bytes(e.value);
    }
  }
}

// ---- transactions ----
/** bcs(Transaction) of each kind the block holds, its variant byte first. */
function blockMetadata(t, blockHash) {
  if (t.block_metadata_extension != null) fail('block metadata extension');
  const id = fromHex(t.id, 32);
  same(id, blockHash, 'block id');
  const s = new W(256);
  s.u8(2); // Transaction::BlockMetadata
  s.bytes(id);
  u64(s, t.epoch);
  u64(s, t.round);
  address(s, t.proposer);
  s.uleb(t.previous_block_votes_bitvec.length);
  for (const b of t.previous_block_votes_bitvec) u8(s, b);
  s.uleb(t.failed_proposer_indices.length);
  for (const i of t.failed_proposer_indices) {
    if (!Number.isInteger(i) || i < 0 || i > 0xffffffff) fail('bad u32');
    s.u8(i & 0xff);
    s.u8((i >>> 8) & 0xff);
    s.u8((i >>> 16) & 0xff);
    s.u8(i >>> 24);
  }
  u64(s, t.timestamp);
  return s.done();
}

function userTransaction(t, chainId) {
  const p = t.payload;
  const sig = t.signature;
  if (p.type !== 'entry_function_payload' || p.arguments.length !== 0) fail('not an entry function without arguments');
  if (sig.type !== 'ed25519_signature' || t.replay_protection_nonce != null) fail('not an Ed25519 transaction');
  const [addr, module, fn, extra] = p.function.split('::');
  if (extra !== undefined || fn === undefined) fail('bad function');
  const s = new W(512);
  s.u8(0); // Transaction::UserTransaction
  address(s, t.sender);
  u64(s, t.sequence_number);
  s.u8(2); // TransactionPayload::EntryFunction
  address(s, addr);
  s.str(module);
  s.str(fn);
  s.uleb(p.type_arguments.length);
  for (const a of p.type_arguments) s.bytes(parseTypeTagToBytes(a));
  s.u8(0); // no arguments
  u64(s, t.max_gas_amount);
  u64(s, t.gas_unit_price);
  u64(s, t.expiration_timestamp_secs);
  s.u8(chainId);
  s.u8(0); // TransactionAuthenticator::Ed25519
  s.u8(32);
  s.bytes(fromHex(sig.public_key, 32));
  s.u8(64);
  s.bytes(fromHex(sig.signature, 64));
  return s.done();
}

function readTransaction(w, t, blockHash, chainId) {
  if (t.success !== true || t.vm_status !== 'Executed successfully') fail('not a successful transaction');
  const withEvents = t.type !== 'state_checkpoint_transaction';
  const tx =
    t.type === 'block_metadata_transaction'
      ? blockMetadata(t, blockHash)
      : t.type === 'user_transaction'
        ? userTransaction(t, chainId)
        : t.type === 'state_checkpoint_transaction'
          ? Uint8Array.of(3, ...blockHash)
          : fail(`transaction type ${t.type}`);
  const hash = fromHex(t.hash, 32);
  same(salted(TX_PREFIX, tx), hash, 'transaction hash');
  u64(w, t.version);
  w.bytes(tx);
  w.u8(0); // TransactionInfo::V0
  u64(w, t.gas_used);
  w.u8(0); // ExecutionStatus::Success
  w.bytes(hash);
  w.bytes(fromHex(t.event_root_hash, 32));
  w.bytes(fromHex(t.state_change_hash, 32));
  if (t.state_checkpoint_hash === null) w.u8(0);
  else {
    w.u8(1);
    w.bytes(fromHex(t.state_checkpoint_hash, 32));
  }
  w.u8(0); // auxiliary info hash: not in the JSON
  if (withEvents) events(w, t);
  else w.u8(0);
  w.bytes(fromHex(t.accumulator_root_hash, 32));
  changes(w, t.changes);
}

/** The block's JSON text → bcs(BcsBlock), every hash checked. */
export function readMainnetBlock(text, chainId) {
  const b = JSON.parse(text);
  const blockHash = fromHex(b.block_hash, 32);
  const w = new W(1 << 14);
  u64(w, b.block_height);
  w.bytes(blockHash);
  u64(w, b.block_timestamp);
  u64(w, b.first_version);
  u64(w, b.last_version);
  w.u8(1);
  w.uleb(b.transactions.length);
  for (const t of b.transactions) readTransaction(w, t, blockHash, chainId);
  return w.done();
}
