import { BcsError, quote, schema, type BcsReader, type BcsWriter, type Schema } from '../bcs/index.js';
import { readVariant, variantIndex, variantTable } from '../bcs/internal.js';
import type { TypeArg } from '../move/index.js';
import * as d from './declare.js';
import { entryFunctionDecl, readEntryFunction, writeEntryFunction, writeEntryFunctionWith, type EntryFunctionInput } from './entry-function.js';
import { expectObject, within } from './checks.js';
import { multisig, multisigDecl, type MultisigInput } from './multisig.js';
import {
  readTransactionPayloadInner,
  transactionPayloadInnerDecl,
  writeTransactionPayloadInner,
  type TransactionPayloadInnerInput,
} from './payload-inner.js';
import { readScript, scriptDecl, writeScript, type ScriptInput } from './script.js';

// `TransactionPayload` (aptos-core types/src/transaction/mod.rs): the dispatch over the payload
// kinds, each in its own file. Hand-specialised (every transaction's hot path), with the variant
// table below used by the reader and the writers alike.

export const PAYLOAD_VARIANTS = /* @__PURE__ */ variantTable('TransactionPayload', ['Script', 'ModuleBundle', 'EntryFunction', 'Multisig', 'Payload']);
/** Declared after Payload by the node; decoded as `not_supported`. */
const UNSUPPORTED_PAYLOADS = [
  'not supported: EncryptedPayload (TransactionPayload variant 5) is out of scope: its layout is unstable and differs between the node and ts-sdk',
];

export const transactionPayloadFields = /* @__PURE__ */ d.enumeration(PAYLOAD_VARIANTS, {
  Script: scriptDecl,
  /** Deprecated: decodable, never encoded (the VM rejects it). */
  ModuleBundle: /* @__PURE__ */ d.struct('ModuleBundle', { dummyValue: d.u64 }),
  EntryFunction: entryFunctionDecl,
  Multisig: multisigDecl,
  Payload: transactionPayloadInnerDecl,
});
export type TransactionPayload = d.DeclValue<typeof transactionPayloadFields>;
export type TransactionPayloadInput =
  | { $kind: 'Script'; value: ScriptInput }
  | { $kind: 'ModuleBundle'; value: { dummyValue: d.DeclInput<typeof d.u64> } }
  | { $kind: 'EntryFunction'; value: EntryFunctionInput }
  | { $kind: 'Multisig'; value: MultisigInput }
  | { $kind: 'Payload'; value: TransactionPayloadInnerInput };

/** An EntryFunction payload for the encode-only functions: type arguments only as `TypeArg`s. */
export type EntryFunctionPayloadInput = { $kind: 'EntryFunction'; value: EncodeOnlyEntryFunctionInput };
export interface EncodeOnlyEntryFunctionInput extends Omit<EntryFunctionInput, 'typeArgs'> {
  typeArgs: readonly TypeArg[];
}

/**
 * The EntryFunction payload only; any other `$kind` is an `invalid_variant` error. Encode-only:
 * type arguments must be `TypeArg`s (`typeArgFromString`, `typeArgFromTag`), so that no type-tag
 * writer is reached unless the caller names one.
 */
export function writeEntryFunctionPayload(w: BcsWriter, p: EntryFunctionPayloadInput): void {
  expectObject(p, 'TransactionPayload');
  if (p.$kind !== 'EntryFunction') {
    throw new BcsError('invalid_variant', `expected an EntryFunction payload, got ${quote(p.$kind)}`);
  }
  w.u8(PAYLOAD_VARIANTS.index.EntryFunction);
  try {
    writeEntryFunctionWith(w, p.value, null);
  } catch (e) {
    within(e, 'EntryFunction');
  }
}

export function writeTransactionPayload(w: BcsWriter, p: TransactionPayloadInput): void {
  expectObject(p, 'TransactionPayload');
  const kind = p.$kind;
  if (kind === 'ModuleBundle') {
    throw new BcsError('not_supported', 'not supported: ModuleBundle payloads are deprecated and rejected by the VM; they decode but are never encoded');
  }
  const i = variantIndex(PAYLOAD_VARIANTS, kind);
  w.u8(i);
  const known = PAYLOAD_VARIANTS.kinds[i];
  try {
    switch (known) {
      case 'EntryFunction':
        return writeEntryFunction(w, p.value as EntryFunctionInput);
      case 'Script':
        return writeScript(w, p.value as ScriptInput);
      case 'Multisig':
        return multisig.write(w, p.value as MultisigInput);
      case 'Payload':
        return writeTransactionPayloadInner(w, p.value as TransactionPayloadInnerInput);
      case 'ModuleBundle': // refused above
        return;
      default:
        // A kind added to the table without its writer fails to type-check here.
        return known satisfies never;
    }
  } catch (e) {
    within(e, kind);
  }
}

export function readTransactionPayload(r: BcsReader): TransactionPayload {
  const i = readVariant(r, PAYLOAD_VARIANTS, UNSUPPORTED_PAYLOADS);
  const kind = PAYLOAD_VARIANTS.kinds[i];
  try {
    switch (kind) {
      case 'EntryFunction':
        return { $kind: kind, value: readEntryFunction(r) };
      case 'Script':
        return { $kind: kind, value: readScript(r) };
      case 'ModuleBundle':
        return { $kind: kind, value: { dummyValue: readDummy(r) } };
      case 'Multisig':
        return { $kind: kind, value: multisig.read(r) };
      case 'Payload':
        return { $kind: kind, value: readTransactionPayloadInner(r) };
    }
  } catch (e) {
    within(e, kind);
  }
}

function readDummy(r: BcsReader): bigint {
  try {
    return r.u64();
  } catch (e) {
    within(e, 'dummyValue');
  }
}

export const transactionPayload: Schema<TransactionPayload, TransactionPayloadInput> = /* @__PURE__ */ schema({
  name: 'TransactionPayload',
  minSize: 2,
  write: writeTransactionPayload,
  read: readTransactionPayload,
});

/** Named so that the declarations embedding it stay small to type-check. */
export interface TransactionPayloadSchema extends Schema<TransactionPayload, TransactionPayloadInput> {}
export const transactionPayloadDecl: d.Decl<TransactionPayloadSchema> = /* @__PURE__ */ d.specialised(
  transactionPayloadFields,
  transactionPayload,
);
