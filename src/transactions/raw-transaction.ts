import {
  address,
  writeAddress,
  writeU64,
  writeU8,
  BcsError,
  schema,
  type Address,
  type AddressInput,
  type BcsReader,
  type BcsWriter,
  type BigIntInput,
  type Schema,
} from '../bcs/index.js';
import { expectArray, expectObject, fieldError, within } from './internal.js';
import {
  readTransactionPayload,
  writeTransactionPayload,
  type TransactionPayload,
  type TransactionPayloadInput,
} from './payload.js';

// RawTransaction and the multi-signer envelopes (wire-format.md §2.4–2.5), hand-specialised.

export interface RawTransaction {
  sender: Address;
  sequenceNumber: bigint;
  payload: TransactionPayload;
  maxGasAmount: bigint;
  gasUnitPrice: bigint;
  expirationTimestampSecs: bigint;
  chainId: number;
}
export interface RawTransactionInput<P = TransactionPayloadInput> {
  sender: AddressInput;
  sequenceNumber: BigIntInput;
  payload: P;
  maxGasAmount: BigIntInput;
  gasUnitPrice: BigIntInput;
  expirationTimestampSecs: BigIntInput;
  chainId: number;
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

// ---------------------------------------------------------------------------------------------
// RawTransactionWithData: 0 MultiAgent, 1 MultiAgentWithFeePayer

export type RawTransactionWithData =
  | { $kind: 'MultiAgent'; value: { rawTxn: RawTransaction; secondarySignerAddresses: Address[] } }
  | {
      $kind: 'MultiAgentWithFeePayer';
      value: { rawTxn: RawTransaction; secondarySignerAddresses: Address[]; feePayerAddress: Address };
    };
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

export function writeRawTransactionWithData(w: BcsWriter, d: RawTransactionWithDataInput): void {
  expectObject(d, 'RawTransactionWithData');
  const kind = d.$kind;
  const fee = kind === 'MultiAgentWithFeePayer';
  if (!fee && kind !== 'MultiAgent') throw new BcsError('invalid_variant', `unknown variant ${String(kind)} of RawTransactionWithData`);
  w.u8(fee ? 1 : 0);
  const v = d.value;
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
  const at = r.off;
  const i = r.uleb128();
  if (i > 1) throw new BcsError('invalid_variant', `invalid variant index ${i} for RawTransactionWithData (expected 0 <= i < 2)`, at);
  const kind = i === 0 ? 'MultiAgent' : 'MultiAgentWithFeePayer';
  let key = 'rawTxn';
  try {
    const rawTxn = readRawTransaction(r);
    key = 'secondarySignerAddresses';
    const secondarySignerAddresses = readAddresses(r);
    if (i === 0) return { $kind: 'MultiAgent', value: { rawTxn, secondarySignerAddresses } };
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
