// @aptos-labs/ts-sdk used the way its users build transactions without a network round trip:
// plain data → its classes → bcsToBytes. Primitive vectors go through Serializer/Deserializer
// loops (its cheapest public path; MoveVector<U64> would add one object per element).
import {
  AccountAddress,
  ChainId,
  Deserializer,
  EntryFunction,
  Identifier,
  ModuleId,
  MoveString,
  MoveVector,
  RawTransaction,
  Serializer,
  SimpleTransaction,
  StructTag,
  TransactionPayloadEntryFunction,
  TypeTagAddress,
  TypeTagBool,
  TypeTagStruct,
  TypeTagU128,
  TypeTagU16,
  TypeTagU256,
  TypeTagU32,
  TypeTagU64,
  TypeTagU8,
  TypeTagVector,
  U64,
  generateSigningMessageForTransaction,
  parseTypeTag,
} from '@aptos-labs/ts-sdk';

const PRIMS = {
  bool: () => new TypeTagBool(),
  u8: () => new TypeTagU8(),
  u16: () => new TypeTagU16(),
  u32: () => new TypeTagU32(),
  u64: () => new TypeTagU64(),
  u128: () => new TypeTagU128(),
  u256: () => new TypeTagU256(),
  address: () => new TypeTagAddress(),
};

export function typeTagFromPlain(t) {
  if (t.$kind === 'vector') return new TypeTagVector(typeTagFromPlain(t.value));
  if (t.$kind === 'struct') {
    const s = t.value;
    return new TypeTagStruct(
      new StructTag(AccountAddress.from(s.address), new Identifier(s.module), new Identifier(s.name), s.typeArgs.map(typeTagFromPlain)),
    );
  }
  return PRIMS[t.$kind]();
}

function rawTransaction(t, args) {
  const p = t.payload;
  const ef = new EntryFunction(
    new ModuleId(AccountAddress.from(p.module.address), new Identifier(p.module.name)),
    new Identifier(p.function),
    p.typeArgs.map(typeTagFromPlain),
    args,
  );
  return new RawTransaction(
    AccountAddress.from(t.sender),
    BigInt(t.sequenceNumber),
    new TransactionPayloadEntryFunction(ef),
    BigInt(t.maxGasAmount),
    BigInt(t.gasUnitPrice),
    BigInt(t.expirationTimestampSecs),
    new ChainId(t.chainId),
  );
}

export function transferRawTransaction(t) {
  const [to, amount] = t.payload.args;
  return rawTransaction(t, [AccountAddress.from(to), new U64(amount)]);
}

export function heavyRawTransaction(t) {
  const [amounts, recipients, memo] = t.payload.args;
  return rawTransaction(t, [MoveVector.U64(amounts), new MoveVector(recipients.map((r) => AccountAddress.from(r))), new MoveString(memo)]);
}

export const encodeTransfer = (t) => transferRawTransaction(t).bcsToBytes();
export const encodeHeavy = (t) => heavyRawTransaction(t).bcsToBytes();
export const signingMessageTransfer = (t) => generateSigningMessageForTransaction(new SimpleTransaction(transferRawTransaction(t)));
export const decodeRawTransaction = (bytes) => {
  const d = new Deserializer(bytes);
  const raw = RawTransaction.deserialize(d);
  if (d.remaining() !== 0) throw new Error('trailing bytes');
  return raw;
};
export const parseAndSerializeTypeTag = (s) => parseTypeTag(s).bcsToBytes();

export function encodeUlebVector(values) {
  const s = new Serializer();
  s.serializeU32AsUleb128(values.length);
  for (let i = 0; i < values.length; i++) s.serializeU32AsUleb128(values[i]);
  return s.toUint8Array();
}
export function decodeUlebVector(bytes) {
  const d = new Deserializer(bytes);
  const n = d.deserializeUleb128AsU32();
  const out = new Array(n);
  for (let i = 0; i < n; i++) out[i] = d.deserializeUleb128AsU32();
  return out;
}
export function encodeU64Vector(values) {
  const s = new Serializer();
  s.serializeU32AsUleb128(values.length);
  for (let i = 0; i < values.length; i++) s.serializeU64(values[i]);
  return s.toUint8Array();
}
export function decodeU64Vector(bytes) {
  const d = new Deserializer(bytes);
  const n = d.deserializeUleb128AsU32();
  const out = new Array(n);
  for (let i = 0; i < n; i++) out[i] = d.deserializeU64();
  return out;
}
export function encodeU256Vector(values) {
  const s = new Serializer();
  s.serializeU32AsUleb128(values.length);
  for (let i = 0; i < values.length; i++) s.serializeU256(values[i]);
  return s.toUint8Array();
}
export function decodeU256Vector(bytes) {
  const d = new Deserializer(bytes);
  const n = d.deserializeUleb128AsU32();
  const out = new Array(n);
  for (let i = 0; i < n; i++) out[i] = d.deserializeU256();
  return out;
}

// ts-sdk classes → the bench's canonical plain form (for decoded-value equivalence checks only).
export function plainTypeTag(t) {
  if (t.isVector()) return { $kind: 'vector', value: plainTypeTag(t.value) };
  if (t.isStruct()) {
    const s = t.value;
    return {
      $kind: 'struct',
      value: { address: s.address.toStringLong(), module: s.moduleName.identifier, name: s.name.identifier, typeArgs: s.typeArgs.map(plainTypeTag) },
    };
  }
  return { $kind: t.toString() };
}

export function plainRawTransaction(raw) {
  const ef = raw.payload.entryFunction;
  return {
    sender: raw.sender.toStringLong(),
    sequenceNumber: raw.sequence_number,
    payload: {
      module: { address: ef.module_name.address.toStringLong(), name: ef.module_name.name.identifier },
      function: ef.function_name.identifier,
      typeArgs: ef.type_args.map(plainTypeTag),
      args: ef.args.map((a) => a.value.value),
    },
    maxGasAmount: raw.max_gas_amount,
    gasUnitPrice: raw.gas_unit_price,
    expirationTimestampSecs: raw.expiration_timestamp_secs,
    chainId: raw.chain_id.chainId,
  };
}
