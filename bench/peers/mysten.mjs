// @mysten/bcs has no Aptos types, so the equivalent schemas are built here with its combinators,
// the way a user of that library would: addresses as bytes(32) transformed from/to hex, entry
// function arguments pre-serialized to byte vectors, TypeTag as a recursive enum via bcs.lazy.
import { sha3_256 } from '@noble/hashes/sha3.js';
import { bcs, fromHex, toHex } from '@mysten/bcs';

const Address = bcs.bytes(32).transform({
  name: 'address',
  input: (s) => fromHex(s.slice(2).padStart(64, '0')),
  output: (b) => '0x' + toHex(b),
});

const TypeTag = bcs.enum('TypeTag', {
  bool: null,
  u8: null,
  u64: null,
  u128: null,
  address: null,
  signer: null,
  vector: bcs.lazy(() => TypeTag),
  struct: bcs.lazy(() => StructTag),
  u16: null,
  u32: null,
  u256: null,
});
const StructTag = bcs.struct('StructTag', {
  address: Address,
  module: bcs.string(),
  name: bcs.string(),
  typeArgs: bcs.vector(TypeTag),
});

const EntryFunction = bcs.struct('EntryFunction', {
  module: bcs.struct('ModuleId', { address: Address, name: bcs.string() }),
  function: bcs.string(),
  typeArgs: bcs.vector(TypeTag),
  args: bcs.vector(bcs.byteVector()),
});

const TransactionPayload = bcs.enum('TransactionPayload', {
  Script: null, // not used by the bench; keeps EntryFunction at index 2
  ModuleBundle: null,
  EntryFunction,
});

export const RawTransaction = bcs.struct('RawTransaction', {
  sender: Address,
  sequenceNumber: bcs.u64(),
  payload: TransactionPayload,
  maxGasAmount: bcs.u64(),
  gasUnitPrice: bcs.u64(),
  expirationTimestampSecs: bcs.u64(),
  chainId: bcs.u8(),
});

const U64Vector = bcs.vector(bcs.u64());
const AddressVector = bcs.vector(Address);
const UlebVector = bcs.vector(bcs.uleb128());
const U256Vector = bcs.vector(bcs.u256());

const RAW_TRANSACTION_PREFIX = sha3_256(new TextEncoder().encode('APTOS::RawTransaction'));

// mysten's enums take `{ Variant: value }`; the bench's plain tags are `{ $kind, value }`.
function typeTagIn(t) {
  if (t.$kind === 'vector') return { vector: typeTagIn(t.value) };
  if (t.$kind === 'struct') return { struct: { ...t.value, typeArgs: t.value.typeArgs.map(typeTagIn) } };
  return { [t.$kind]: true };
}

function rawTransactionIn(t, args) {
  const p = t.payload;
  return {
    sender: t.sender,
    sequenceNumber: t.sequenceNumber,
    payload: { EntryFunction: { module: p.module, function: p.function, typeArgs: p.typeArgs.map(typeTagIn), args } },
    maxGasAmount: t.maxGasAmount,
    gasUnitPrice: t.gasUnitPrice,
    expirationTimestampSecs: t.expirationTimestampSecs,
    chainId: t.chainId,
  };
}

function transferIn(t) {
  const [to, amount] = t.payload.args;
  return rawTransactionIn(t, [Address.serialize(to).toBytes(), bcs.u64().serialize(amount).toBytes()]);
}

export const encodeTransfer = (t) => RawTransaction.serialize(transferIn(t)).toBytes();
export function signingMessageTransfer(t) {
  const body = RawTransaction.serialize(transferIn(t)).toBytes();
  const out = new Uint8Array(32 + body.length);
  out.set(RAW_TRANSACTION_PREFIX);
  out.set(body, 32);
  return out;
}
export function encodeHeavy(t) {
  const [amounts, recipients, memo] = t.payload.args;
  const args = [U64Vector.serialize(amounts).toBytes(), AddressVector.serialize(recipients).toBytes(), bcs.string().serialize(memo).toBytes()];
  return RawTransaction.serialize(rawTransactionIn(t, args)).toBytes();
}
export const decodeRawTransaction = (bytes) => RawTransaction.parse(bytes);

export const encodeUlebVector = (v) => UlebVector.serialize(v).toBytes();
export const decodeUlebVector = (b) => UlebVector.parse(b);
export const encodeU64Vector = (v) => U64Vector.serialize(v).toBytes();
export const decodeU64Vector = (b) => U64Vector.parse(b);
export const encodeU256Vector = (v) => U256Vector.serialize(v).toBytes();
export const decodeU256Vector = (b) => U256Vector.parse(b);

// mysten values → the bench's canonical plain form (equivalence checks only).
function plainTypeTag(t) {
  const kind = t.$kind;
  if (kind === 'vector') return { $kind: 'vector', value: plainTypeTag(t.vector) };
  if (kind === 'struct') return { $kind: 'struct', value: { ...t.struct, typeArgs: t.struct.typeArgs.map(plainTypeTag) } };
  return { $kind: kind };
}

export function plainRawTransaction(v) {
  const ef = v.payload.EntryFunction;
  return {
    sender: v.sender,
    sequenceNumber: BigInt(v.sequenceNumber),
    payload: { module: ef.module, function: ef.function, typeArgs: ef.typeArgs.map(plainTypeTag), args: ef.args },
    maxGasAmount: BigInt(v.maxGasAmount),
    gasUnitPrice: BigInt(v.gasUnitPrice),
    expirationTimestampSecs: BigInt(v.expirationTimestampSecs),
    chainId: v.chainId,
  };
}
