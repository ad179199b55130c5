import { BcsWriter, encodeWith, writeAddress, type AddressInput } from '../bcs/index.js';
import { expectObject } from './checks.js';
import { writeEntryFunctionPayload, type EntryFunctionPayloadInput } from './payload.js';
import {
  writeRawTransaction,
  writeRawTransactionWith,
  writeRawTransactionWithData,
  type RawTransactionInput,
  type RawTransactionWithDataInput,
} from './raw-transaction.js';

// Signing messages: prefix ‖ bcs(body), where the 32-byte prefix is sha3-256("APTOS::" ‖ type name)
// (aptos-core crates/aptos-crypto/src/hash.rs `CryptoHasher`; `RawTransaction::signing_message` and
// `RawTransactionWithData` in types/src/transaction/mod.rs). The two signing prefixes are protocol constants, so they are
// kept precomputed here: signing then needs no hash function at all, which keeps a
// transfer-and-sign bundle small (noble's sha3 alone is 6 KB minified). `hashPrefix` in hash.ts
// derives any prefix at run time, and the tests recompute these two with it.
// Every message is written prefix-first into the core's scratch writer, so the only allocation is
// the exact-size result.

export const RAW_TRANSACTION_SALT = 'APTOS::RawTransaction';
export const RAW_TRANSACTION_WITH_DATA_SALT = 'APTOS::RawTransactionWithData';

/** sha3-256("APTOS::RawTransaction"). */
export const RAW_TRANSACTION_PREFIX_HEX = '0xb5e97db07fa0bd0e5598aa3643a9bc6f6693bddc1a9fec9e674a461eaa00b193';
/** sha3-256("APTOS::RawTransactionWithData"). */
export const RAW_TRANSACTION_WITH_DATA_PREFIX_HEX = '0x5efa3c4f02f83a0f4b2d69fc95c607cc02825cc4e7be536ef0992df050d9e67c';

/** The bytes of one of the constants above: 32 bytes of hex, like an address (so no hex module). */
/* @__NO_SIDE_EFFECTS__ */
function prefixBytes(hex: string): Uint8Array {
  const w = new BcsWriter(32);
  writeAddress(w, hex);
  return w.buf;
}

const RAW_TRANSACTION_PREFIX = /* @__PURE__ */ prefixBytes(RAW_TRANSACTION_PREFIX_HEX);
const RAW_TRANSACTION_WITH_DATA_PREFIX = /* @__PURE__ */ prefixBytes(RAW_TRANSACTION_WITH_DATA_PREFIX_HEX);

/** The prefixes as bytes (for the submission layer's request decoding); callers must not mutate them. */
export function rawTransactionPrefix(): Uint8Array {
  return RAW_TRANSACTION_PREFIX;
}
export function rawTransactionWithDataPrefix(): Uint8Array {
  return RAW_TRANSACTION_WITH_DATA_PREFIX;
}

function writeSingle(w: BcsWriter, t: RawTransactionInput): void {
  w.raw(RAW_TRANSACTION_PREFIX);
  writeRawTransaction(w, t);
}

function writeWithData(w: BcsWriter, d: RawTransactionWithDataInput): void {
  w.raw(RAW_TRANSACTION_WITH_DATA_PREFIX);
  writeRawTransactionWithData(w, d);
}

interface MultiAgentArgs {
  rawTxn: RawTransactionInput;
  secondarySignerAddresses: readonly AddressInput[];
  feePayerAddress?: AddressInput;
}

function writeMultiAgent(w: BcsWriter, a: MultiAgentArgs): void {
  writeWithData(
    w,
    a.feePayerAddress === undefined
      ? { $kind: 'MultiAgent', value: a }
      : { $kind: 'MultiAgentWithFeePayer', value: a as Required<MultiAgentArgs> },
  );
}

/**
 * What a single signer signs: prefix("APTOS::RawTransaction") ‖ bcs(RawTransaction). Given a
 * RawTransactionWithData (`{ $kind: 'MultiAgent' | 'MultiAgentWithFeePayer', value }`), the
 * multi-agent form with prefix("APTOS::RawTransactionWithData").
 */
export function signingMessage(txn: RawTransactionInput | RawTransactionWithDataInput): Uint8Array {
  // Anything that is not an object goes to the RawTransaction writer, which rejects it with a typed error.
  return typeof txn === 'object' && txn !== null && '$kind' in txn ? encodeWith(writeWithData, txn) : encodeWith(writeSingle, txn as RawTransactionInput);
}

/** What the sender and every secondary signer of a multi-agent transaction sign. */
export function multiAgentSigningMessage(rawTxn: RawTransactionInput, secondarySignerAddresses: readonly AddressInput[]): Uint8Array {
  return encodeWith(writeMultiAgent, { rawTxn, secondarySignerAddresses });
}

/**
 * What the signers of a fee-payer transaction sign. The fee payer must sign with its actual
 * address; the sender and secondaries may sign either that or the 0x0 form (the default here),
 * which lets them sign before the fee payer is known.
 */
export function feePayerSigningMessage(
  rawTxn: RawTransactionInput,
  secondarySignerAddresses: readonly AddressInput[] = [],
  feePayerAddress: AddressInput = ZERO_ADDRESS,
): Uint8Array {
  return encodeWith(writeMultiAgent, { rawTxn, secondarySignerAddresses, feePayerAddress });
}

const ZERO_ADDRESS = '0x0';

/**
 * The message for any transaction shape, as ts-sdk's `generateSigningMessageForTransaction`: with
 * `feePayerAddress` the fee-payer form, else with `secondarySignerAddresses` the multi-agent form,
 * else the single-signer form.
 */
export function transactionSigningMessage(txn: {
  rawTxn: RawTransactionInput;
  secondarySignerAddresses?: readonly AddressInput[];
  feePayerAddress?: AddressInput;
}): Uint8Array {
  expectObject(txn, '{ rawTxn, secondarySignerAddresses?, feePayerAddress? }');
  if (txn.feePayerAddress !== undefined) return feePayerSigningMessage(txn.rawTxn, txn.secondarySignerAddresses ?? [], txn.feePayerAddress);
  if (txn.secondarySignerAddresses !== undefined) return multiAgentSigningMessage(txn.rawTxn, txn.secondarySignerAddresses);
  return encodeWith(writeSingle, txn.rawTxn);
}

function writeEntryFunctionTransaction(w: BcsWriter, t: RawTransactionInput<EntryFunctionPayloadInput>): void {
  writeRawTransactionWith(w, t, writeEntryFunctionPayload);
}

function writeEntryFunctionSingle(w: BcsWriter, t: RawTransactionInput<EntryFunctionPayloadInput>): void {
  w.raw(RAW_TRANSACTION_PREFIX);
  writeRawTransactionWith(w, t, writeEntryFunctionPayload);
}

// The common case on its own: one signer, an EntryFunction payload. These reach no other payload
// variant, no multi-agent envelope, no decoder and no hash function, so a bundle that only builds
// and signs entry-function transactions stays small. Same bytes as the general functions.

/** `signingMessage(t)` for a single-signer transaction with an EntryFunction payload. */
export function entryFunctionSigningMessage(t: RawTransactionInput<EntryFunctionPayloadInput>): Uint8Array {
  return encodeWith(writeEntryFunctionSingle, t);
}

/** `rawTransaction.encode(t)` for a transaction with an EntryFunction payload. */
export function encodeEntryFunctionTransaction(t: RawTransactionInput<EntryFunctionPayloadInput>): Uint8Array {
  return encodeWith(writeEntryFunctionTransaction, t);
}
