import {
  address,
  writeAddress,
  writeU64,
  writeU8,
  schema,
  type Address,
  type AddressInput,
  type BcsReader,
  type BcsWriter,
  type Schema,
} from '../bcs/index.js';
import { readVariant, variantTable, writeVariant } from '../bcs/internal.js';
import * as d from './declare.js';
import { expectArray, expectObject, fieldError, within } from './checks.js';
import { readTransactionPayload, transactionPayloadDecl, writeTransactionPayload, type TransactionPayloadInput } from './payload.js';

// `RawTransaction` and the multi-signer envelope `RawTransactionWithData` (aptos-core
// types/src/transaction/mod.rs), hand-specialised: every transaction and signing message goes
// through them.

export const rawTransactionFields = /* @__PURE__ */ d.struct('RawTransaction', {
  sender: d.address,
  sequenceNumber: d.u64,
  payload: transactionPayloadDecl,
  maxGasAmount: d.u64,
  gasUnitPrice: d.u64,
  expirationTimestampSecs: d.u64,
  chainId: d.u8,
});
export interface RawTransaction extends d.DeclValue<typeof rawTransactionFields> {}
/** `P`: the payload's input, narrower for the encode-only functions and compiled entry functions. */
export interface RawTransactionInput<P = TransactionPayloadInput> extends Omit<d.DeclInput<typeof rawTransactionFields>, 'payload'> {
  payload: P;
}

export function writeRawTransaction(w: BcsWriter, t: RawTransactionInput): void {
  writeRawTransactionWith(w, t, writeTransactionPayload);
}

/**
 * A RawTransaction whose payload is written by `writePayload`: the general writer passes the
 * writer of every payload variant, a lean caller only the one it uses (so a bundle that only
 * signs entry-function transactions does not carry Script, Multisig and the others).
 */
export function writeRawTransactionWith<P>(w: BcsWriter, t: RawTransactionInput<P>, writePayload: (w: BcsWriter, p: P) => void): void {
  expectObject(t, 'RawTransaction');
  const u64 = writeU64;
  let key = 'sender';
  try {
    writeAddress(w, t.sender);
    key = 'sequenceNumber';
    u64(w, t.sequenceNumber);
    key = 'payload';
    writePayload(w, t.payload);
    key = 'maxGasAmount';
    u64(w, t.maxGasAmount);
    key = 'gasUnitPrice';
    u64(w, t.gasUnitPrice);
    key = 'expirationTimestampSecs';
    u64(w, t.expirationTimestampSecs);
    key = 'chainId';
    writeU8(w, t.chainId);
  } catch (e) {
    fieldError(e, t, key);
  }
}

export function readRawTransaction(r: BcsReader): RawTransaction {
  let key = 'sender';
  try {
    const sender = address.read(r);
    key = 'sequenceNumber';
    const sequenceNumber = r.u64();
    key = 'payload';
    const payload = readTransactionPayload(r);
    key = 'maxGasAmount';
    const maxGasAmount = r.u64();
    key = 'gasUnitPrice';
    const gasUnitPrice = r.u64();
    key = 'expirationTimestampSecs';
    const expirationTimestampSecs = r.u64();
    key = 'chainId';
    const chainId = r.u8();
    return { sender, sequenceNumber, payload, maxGasAmount, gasUnitPrice, expirationTimestampSecs, chainId };
  } catch (e) {
    within(e, key);
  }
}

export const rawTransaction: Schema<RawTransaction, RawTransactionInput> = /* @__PURE__ */ schema({
  name: 'RawTransaction',
  minSize: 32 + 8 + 2 + 8 + 8 + 8 + 1,
  write: writeRawTransaction,
  read: readRawTransaction,
});

/** Named so that the declarations embedding it stay small to type-check. */
export interface RawTransactionSchema extends Schema<RawTransaction, RawTransactionInput> {}
export const rawTransactionDecl: d.Decl<RawTransactionSchema> = /* @__PURE__ */ d.specialised(rawTransactionFields, rawTransaction);

export const RAW_TRANSACTION_WITH_DATA_VARIANTS = /* @__PURE__ */ variantTable('RawTransactionWithData', ['MultiAgent', 'MultiAgentWithFeePayer']);

export const rawTransactionWithDataFields = /* @__PURE__ */ d.enumeration(RAW_TRANSACTION_WITH_DATA_VARIANTS, {
  MultiAgent: /* @__PURE__ */ d.struct('MultiAgent', {
    rawTxn: rawTransactionDecl,
    secondarySignerAddresses: /* @__PURE__ */ d.vector(d.address),
  }),
  MultiAgentWithFeePayer: /* @__PURE__ */ d.struct('MultiAgentWithFeePayer', {
    rawTxn: rawTransactionDecl,
    secondarySignerAddresses: /* @__PURE__ */ d.vector(d.address),
    feePayerAddress: d.address,
  }),
});
export type RawTransactionWithData = d.DeclValue<typeof rawTransactionWithDataFields>;
export type RawTransactionWithDataInput =
  | { $kind: 'MultiAgent'; value: { rawTxn: RawTransactionInput; secondarySignerAddresses: readonly AddressInput[] } }
  | {
      $kind: 'MultiAgentWithFeePayer';
      value: { rawTxn: RawTransactionInput; secondarySignerAddresses: readonly AddressInput[]; feePayerAddress: AddressInput };
    };

export function writeAddresses(w: BcsWriter, list: readonly AddressInput[]): void {
  expectArray(list, 'addresses');
  const n = list.length;
  w.length(n);
  w.ensure(n * 32);
  for (let i = 0; i < n; i++) {
    try {
      writeAddress(w, list[i]);
    } catch (e) {
      within(e, i);
    }
  }
}

export function readAddresses(r: BcsReader): Address[] {
  const n = r.length(32);
  const out: Address[] = new Array(n);
  for (let i = 0; i < n; i++) out[i] = address.read(r);
  return out;
}

export function writeRawTransactionWithData(w: BcsWriter, data: RawTransactionWithDataInput): void {
  expectObject(data, 'RawTransactionWithData');
  const kind = data.$kind;
  const fee = writeVariant(w, RAW_TRANSACTION_WITH_DATA_VARIANTS, kind) === RAW_TRANSACTION_WITH_DATA_VARIANTS.index.MultiAgentWithFeePayer;
  const v = data.value;
  let key = 'rawTxn';
  try {
    expectObject(v, kind);
    try {
      writeRawTransaction(w, v.rawTxn);
      key = 'secondarySignerAddresses';
      writeAddresses(w, v.secondarySignerAddresses);
      if (fee) {
        key = 'feePayerAddress';
        writeAddress(w, (v as { feePayerAddress: AddressInput }).feePayerAddress);
      }
    } catch (e) {
      fieldError(e, v, key);
    }
  } catch (e) {
    within(e, kind);
  }
}

export function readRawTransactionWithData(r: BcsReader): RawTransactionWithData {
  const kind = RAW_TRANSACTION_WITH_DATA_VARIANTS.kinds[readVariant(r, RAW_TRANSACTION_WITH_DATA_VARIANTS)];
  let key = 'rawTxn';
  try {
    const rawTxn = readRawTransaction(r);
    key = 'secondarySignerAddresses';
    const secondarySignerAddresses = readAddresses(r);
    if (kind === 'MultiAgent') return { $kind: kind, value: { rawTxn, secondarySignerAddresses } };
    key = 'feePayerAddress';
    const feePayerAddress = address.read(r);
    return { $kind: 'MultiAgentWithFeePayer', value: { rawTxn, secondarySignerAddresses, feePayerAddress } };
  } catch (e) {
    within(e, key, kind);
  }
}

export const rawTransactionWithData: Schema<RawTransactionWithData, RawTransactionWithDataInput> = /* @__PURE__ */ schema({
  name: 'RawTransactionWithData',
  minSize: 1 + 67 + 1,
  write: writeRawTransactionWithData,
  read: readRawTransactionWithData,
});

/** Named so that the declarations embedding it stay small to type-check. */
export interface RawTransactionWithDataSchema extends Schema<RawTransactionWithData, RawTransactionWithDataInput> {}
export const rawTransactionWithDataDecl: d.Decl<RawTransactionWithDataSchema> = /* @__PURE__ */ d.specialised(
  rawTransactionWithDataFields,
  rawTransactionWithData,
);
