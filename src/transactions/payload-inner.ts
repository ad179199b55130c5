import { address, schema, writeAddress, writeU64, type BcsReader, type BcsWriter, type BigIntInput, type Schema } from '../bcs/index.js';
import { readOptionTag, readVariant, variantTable, writeVariant } from '../bcs/internal.js';
import * as d from './declare.js';
import { entryFunctionDecl, readEntryFunction, writeEntryFunction, type EntryFunctionInput } from './entry-function.js';
import { expectObject, fieldError, within } from './checks.js';
import { readScript, scriptDecl, writeScript, type ScriptInput } from './script.js';

// `TransactionPayloadInner::V1 { executable, extra_config }`, the payload of orderless
// transactions (aptos-core types/src/transaction/mod.rs `TransactionPayloadInner`,
// `TransactionExecutable`, `TransactionExtraConfig`). A TransactionPayload variant: hand-specialised.

export const EXECUTABLE_VARIANTS = /* @__PURE__ */ variantTable('TransactionExecutable', ['Script', 'EntryFunction', 'Empty']);
/** Declared after Empty by the node; decoded as `not_supported`. */
const UNSUPPORTED_EXECUTABLES = ['not supported: TransactionExecutable::Encrypted (variant 3) belongs to encrypted payloads, which are out of scope'];
export const EXTRA_CONFIG_VARIANTS = /* @__PURE__ */ variantTable('TransactionExtraConfig', ['V1']);
export const PAYLOAD_INNER_VARIANTS = /* @__PURE__ */ variantTable('TransactionPayloadInner', ['V1']);

const executableDecl = /* @__PURE__ */ d.enumeration(EXECUTABLE_VARIANTS, { Script: scriptDecl, EntryFunction: entryFunctionDecl, Empty: null });
const extraConfigDecl = /* @__PURE__ */ d.enumeration(EXTRA_CONFIG_VARIANTS, {
  V1: /* @__PURE__ */ d.struct('TransactionExtraConfigV1', {
    multisigAddress: /* @__PURE__ */ d.option(d.address),
    replayProtectionNonce: /* @__PURE__ */ d.option(d.u64),
  }),
});
export const transactionPayloadInnerFields = /* @__PURE__ */ d.enumeration(PAYLOAD_INNER_VARIANTS, {
  V1: /* @__PURE__ */ d.struct('TransactionPayloadInnerV1', { executable: executableDecl, extraConfig: extraConfigDecl }),
});

export type TransactionExecutable = d.DeclValue<typeof executableDecl>;
export type TransactionExecutableInput =
  | { $kind: 'Script'; value: ScriptInput }
  | { $kind: 'EntryFunction'; value: EntryFunctionInput }
  | { $kind: 'Empty'; value?: undefined };
export type TransactionExtraConfig = d.DeclValue<typeof extraConfigDecl>;
export type TransactionExtraConfigV1 = TransactionExtraConfig['value'];
/** Absent options are None. */
export interface TransactionExtraConfigV1Input {
  multisigAddress?: d.DeclInput<typeof d.address> | null;
  replayProtectionNonce?: BigIntInput | null;
}
export type TransactionExtraConfigInput = { $kind: 'V1'; value: TransactionExtraConfigV1Input };
export type TransactionPayloadInner = d.DeclValue<typeof transactionPayloadInnerFields>;
export type TransactionPayloadInnerInput = {
  $kind: 'V1';
  value: { executable: TransactionExecutableInput; extraConfig: TransactionExtraConfigInput };
};

function writeExecutable(w: BcsWriter, x: TransactionExecutableInput): void {
  expectObject(x, 'TransactionExecutable');
  const kind = x.$kind;
  const i = writeVariant(w, EXECUTABLE_VARIANTS, kind);
  const { Script, EntryFunction } = EXECUTABLE_VARIANTS.index;
  try {
    if (i === Script) writeScript(w, x.value as ScriptInput);
    else if (i === EntryFunction) writeEntryFunction(w, x.value as EntryFunctionInput);
  } catch (e) {
    within(e, kind);
  }
}

function writeExtraConfig(w: BcsWriter, c: TransactionExtraConfigInput): void {
  expectObject(c, 'TransactionExtraConfig');
  writeVariant(w, EXTRA_CONFIG_VARIANTS, c.$kind);
  const v = c.value;
  let key = 'multisigAddress';
  try {
    expectObject(v, 'TransactionExtraConfigV1');
    const addr = v.multisigAddress;
    if (addr === null || addr === undefined) w.u8(0);
    else {
      w.u8(1);
      writeAddress(w, addr);
    }
    key = 'replayProtectionNonce';
    const nonce = v.replayProtectionNonce;
    if (nonce === null || nonce === undefined) w.u8(0);
    else {
      w.u8(1);
      writeU64(w, nonce);
    }
  } catch (e) {
    within(e, key, 'V1');
  }
}

export function writeTransactionPayloadInner(w: BcsWriter, p: TransactionPayloadInnerInput): void {
  expectObject(p, 'TransactionPayloadInner');
  writeVariant(w, PAYLOAD_INNER_VARIANTS, p.$kind);
  const v = p.value;
  let key = 'executable';
  try {
    expectObject(v, 'TransactionPayloadInner::V1');
    try {
      writeExecutable(w, v.executable);
      key = 'extraConfig';
      writeExtraConfig(w, v.extraConfig);
    } catch (e) {
      fieldError(e, v, key);
    }
  } catch (e) {
    within(e, 'V1');
  }
}

function readExecutable(r: BcsReader): TransactionExecutable {
  const i = readVariant(r, EXECUTABLE_VARIANTS, UNSUPPORTED_EXECUTABLES);
  const kind = EXECUTABLE_VARIANTS.kinds[i];
  try {
    if (kind === 'Script') return { $kind: kind, value: readScript(r) };
    if (kind === 'EntryFunction') return { $kind: kind, value: readEntryFunction(r) };
    return { $kind: 'Empty' };
  } catch (e) {
    within(e, kind);
  }
}

function readExtraConfig(r: BcsReader): TransactionExtraConfig {
  readVariant(r, EXTRA_CONFIG_VARIANTS);
  let key = 'multisigAddress';
  try {
    const multisigAddress = readOptionTag(r) ? address.read(r) : null;
    key = 'replayProtectionNonce';
    const replayProtectionNonce = readOptionTag(r) ? r.u64() : null;
    return { $kind: 'V1', value: { multisigAddress, replayProtectionNonce } };
  } catch (e) {
    within(e, key, 'V1');
  }
}

export function readTransactionPayloadInner(r: BcsReader): TransactionPayloadInner {
  readVariant(r, PAYLOAD_INNER_VARIANTS);
  let key = 'executable';
  try {
    const executable = readExecutable(r);
    key = 'extraConfig';
    const extraConfig = readExtraConfig(r);
    return { $kind: 'V1', value: { executable, extraConfig } };
  } catch (e) {
    within(e, key, 'V1');
  }
}

export const transactionPayloadInner: Schema<TransactionPayloadInner, TransactionPayloadInnerInput> = /* @__PURE__ */ schema({
  name: 'TransactionPayloadInner',
  minSize: 5,
  write: writeTransactionPayloadInner,
  read: readTransactionPayloadInner,
});

/** Named so that the declarations embedding it stay small to type-check. */
export interface TransactionPayloadInnerSchema extends Schema<TransactionPayloadInner, TransactionPayloadInnerInput> {}
export const transactionPayloadInnerDecl: d.Decl<TransactionPayloadInnerSchema> = /* @__PURE__ */ d.specialised(
  transactionPayloadInnerFields,
  transactionPayloadInner,
);
