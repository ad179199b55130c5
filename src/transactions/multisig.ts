import { address, schema, writeAddress, type BcsReader, type BcsWriter, type Schema } from '../bcs/index.js';
import { readOptionTag, readVariant, variantTable, writeVariant } from '../bcs/internal.js';
import * as d from './declare.js';
import { entryFunctionDecl, readEntryFunction, writeEntryFunction, type EntryFunctionInput } from './entry-function.js';
import { expectObject, fieldError, within } from './checks.js';
import { readScript, scriptDecl, writeScript, type ScriptInput } from './script.js';

// `Multisig { multisig_address, transaction_payload: Option<MultisigTransactionPayload> }`
// (aptos-core types/src/transaction/multisig.rs), a TransactionPayload variant: hand-specialised.

export const MULTISIG_PAYLOAD_VARIANTS = /* @__PURE__ */ variantTable('MultisigTransactionPayload', ['EntryFunction', 'Script']);

export const multisigFields = /* @__PURE__ */ d.struct('Multisig', {
  multisigAddress: d.address,
  /** None (`null`) when the multisig account executes a payload stored on chain. */
  transactionPayload: /* @__PURE__ */ d.option(
    /* @__PURE__ */ d.enumeration(MULTISIG_PAYLOAD_VARIANTS, { EntryFunction: entryFunctionDecl, Script: scriptDecl }),
  ),
});
export interface Multisig extends d.DeclValue<typeof multisigFields> {}
export type MultisigTransactionPayload = NonNullable<Multisig['transactionPayload']>;
export type MultisigTransactionPayloadInput =
  | { $kind: 'EntryFunction'; value: EntryFunctionInput }
  | { $kind: 'Script'; value: ScriptInput };
export interface MultisigInput extends Omit<d.DeclInput<typeof multisigFields>, 'transactionPayload'> {
  /** Absent or `null`: None. */
  transactionPayload?: MultisigTransactionPayloadInput | null;
}

function writeMultisigPayload(w: BcsWriter, p: MultisigTransactionPayloadInput): void {
  expectObject(p, 'MultisigTransactionPayload');
  const kind = p.$kind;
  const i = writeVariant(w, MULTISIG_PAYLOAD_VARIANTS, kind);
  try {
    if (i === MULTISIG_PAYLOAD_VARIANTS.index.EntryFunction) writeEntryFunction(w, p.value as EntryFunctionInput);
    else writeScript(w, p.value as ScriptInput);
  } catch (e) {
    within(e, kind);
  }
}

function writeMultisig(w: BcsWriter, m: MultisigInput): void {
  expectObject(m, 'Multisig');
  let key = 'multisigAddress';
  try {
    writeAddress(w, m.multisigAddress);
    key = 'transactionPayload';
    const p = m.transactionPayload;
    if (p === null || p === undefined) w.u8(0);
    else {
      w.u8(1);
      writeMultisigPayload(w, p);
    }
  } catch (e) {
    fieldError(e, m, key);
  }
}

function readMultisigPayload(r: BcsReader): MultisigTransactionPayload {
  const i = readVariant(r, MULTISIG_PAYLOAD_VARIANTS);
  const kind = MULTISIG_PAYLOAD_VARIANTS.kinds[i];
  try {
    return kind === 'EntryFunction' ? { $kind: kind, value: readEntryFunction(r) } : { $kind: kind, value: readScript(r) };
  } catch (e) {
    within(e, kind);
  }
}

function readMultisig(r: BcsReader): Multisig {
  let key = 'multisigAddress';
  try {
    const multisigAddress = address.read(r);
    key = 'transactionPayload';
    const transactionPayload = readOptionTag(r) ? readMultisigPayload(r) : null;
    return { multisigAddress, transactionPayload };
  } catch (e) {
    within(e, key);
  }
}

export const multisig: Schema<Multisig, MultisigInput> = /* @__PURE__ */ schema({
  name: 'Multisig',
  minSize: 33,
  write: writeMultisig,
  read: readMultisig,
});

/** Named so that the declarations embedding it stay small to type-check. */
export interface MultisigSchema extends Schema<Multisig, MultisigInput> {}
export const multisigDecl: d.Decl<MultisigSchema> = /* @__PURE__ */ d.specialised(multisigFields, multisig);
