import {
  address,
  bool,
  bytes,
  BcsError,
  i128,
  i16,
  i256,
  i32,
  i64,
  i8,
  schema,
  u128,
  u16,
  u256,
  u32,
  u64,
  u8,
  patchLength,
  quote,
  writeAddress,
  writeBool,
  writeBytes,
  writeI128,
  writeI16,
  writeI256,
  writeI32,
  writeI64,
  writeI8,
  writeU128,
  writeU16,
  writeU256,
  writeU32,
  writeU64,
  writeU8,
  type Address,
  type AddressInput,
  type AnySchema,
  type BcsReader,
  type BcsWriter,
  type BigIntInput,
  type Schema,
} from '../bcs/index.js';
import { writeIdentifier } from '../move/identifier.js';
import type { ModuleId, ModuleIdInput } from '../move/module-id.js';
import { typeTag, writeTypeTag, type TypeArg, type TypeTag, type TypeTagInput } from '../move/type-tag.js';
import { expectArray, expectBytes, expectObject, fieldError, within } from './internal.js';

// Transaction payloads (wire-format.md §2.4), hand-specialised: they are on every transaction's
// hot path, and their writers reference only write functions, so a bundle that only encodes
// transactions carries no decoders.

/** `module::function<typeArgs>(args)`; each arg is the BCS of one Move value (wrapped as bytes on the wire). */
export interface EntryFunction {
  module: ModuleId;
  function: string;
  typeArgs: TypeTag[];
  args: Uint8Array[];
}
export interface EntryFunctionInput {
  module: ModuleIdInput;
  function: string;
  /** Plain type-tag objects, or `typeArgFromString(s)` / `typeArgFromTag(t)` (the only form the encode-only functions take). */
  typeArgs: readonly TypeArgInput[];
  /** Each argument as its BCS bytes, or as `arg(schema, value)` to be written in place. */
  // `any`: each arg() pairs a writer with a value of its own type, which TypeScript can only
  // express existentially; arg() checks the pair where it is built.
  args: readonly (Uint8Array | EntryFunctionArg<any>)[];
}

/**
 * An entry-function argument written straight into the transaction (its length prefix, then the
 * bytes of `value`), so large arguments are not first encoded into arrays of their own. The same
 * bytes as `schema.encode(value)`. `schema` may also be a bare writer such as `writeU64` or
 * `writeAddress`: then no schema object (and so no decoder) reaches a bundle that only encodes.
 */
export interface EntryFunctionArg<I = unknown> {
  readonly schema: Schema<unknown, I> | ValueWriter<I>;
  readonly value: I;
}

/** Writes one validated value at the writer's offset (`writeU64`, `writeAddress`, `schema.write`, …). */
export type ValueWriter<I> = (w: BcsWriter, value: I) => void;

export function arg<I>(schema: Schema<unknown, I> | ValueWriter<I>, value: I): EntryFunctionArg<I> {
  return { schema, value };
}

/** A type argument as the general encoders take it: a plain type-tag object, or a `TypeArg`. */
export type TypeArgInput = TypeTagInput | TypeArg;

/** How a payload writer encodes a plain type-tag object; `null` where only `TypeArg`s are taken. */
type PlainTypeTagWriter = ((w: BcsWriter, t: TypeTagInput) => void) | null;

function writeArg(w: BcsWriter, a: Uint8Array | EntryFunctionArg): void {
  if (a instanceof Uint8Array) return w.bytes(a);
  const x = a as EntryFunctionArg | null;
  writeArgValue(w, x?.schema, x?.value);
}

/**
 * Writes `value` as an entry-function argument: its length, then its bytes. The length precedes the
 * value but is known only once it is written: its byte is reserved and filled in afterwards (no
 * measuring pass, so a schema's size and its bytes can never disagree).
 */
export function writeArgValue<I>(w: BcsWriter, s: Schema<unknown, I> | ValueWriter<I> | undefined, value: I): void {
  const bare = typeof s === 'function';
  if (!bare && typeof s?.write !== 'function') {
    throw new BcsError('invalid_type', 'expected an entry function argument: a Uint8Array or arg(schema, value)');
  }
  const at = w.off;
  w.u8(0);
  if (bare) s(w, value);
  else s.write(w, value);
  patchLength(w, at, w.off - at - 1);
}

/** `TransactionArgument` with the node's indices (I8…I256 = 10…15, "do not reorder"). */
export type TransactionArgument =
  | { $kind: 'U8' | 'U16' | 'U32' | 'I8' | 'I16' | 'I32'; value: number }
  | { $kind: 'U64' | 'U128' | 'U256' | 'I64' | 'I128' | 'I256'; value: bigint }
  | { $kind: 'Address'; value: Address }
  | { $kind: 'U8Vector' | 'Serialized'; value: Uint8Array }
  | { $kind: 'Bool'; value: boolean };
export type TransactionArgumentInput =
  | { $kind: 'U8' | 'U16' | 'U32' | 'I8' | 'I16' | 'I32'; value: number }
  | { $kind: 'U64' | 'U128' | 'U256' | 'I64' | 'I128' | 'I256'; value: BigIntInput }
  | { $kind: 'Address'; value: AddressInput }
  | { $kind: 'U8Vector' | 'Serialized'; value: Uint8Array }
  | { $kind: 'Bool'; value: boolean };

// Variant order is the wire index. Writers and schemas are separate tables so that encoding pulls
// in no decoder.
const ARGUMENT_VARIANTS = ['U8', 'U64', 'U128', 'Address', 'U8Vector', 'Bool', 'U16', 'U32', 'U256', 'Serialized', 'I8', 'I16', 'I32', 'I64', 'I128', 'I256'] as const;
const ARGUMENT_WRITERS: readonly ((w: BcsWriter, v: never) => void)[] = [
  writeU8, writeU64, writeU128, writeAddress, writeBytes, writeBool, writeU16, writeU32,
  writeU256, writeBytes, writeI8, writeI16, writeI32, writeI64, writeI128, writeI256,
];
const ARGUMENT_SCHEMAS: readonly AnySchema[] = [u8, u64, u128, address, bytes, bool, u16, u32, u256, bytes, i8, i16, i32, i64, i128, i256];

function argumentIndex(kind: unknown): number {
  for (let i = 0; i < ARGUMENT_VARIANTS.length; i++) if (ARGUMENT_VARIANTS[i] === kind) return i;
  return -1;
}

function writeArgument(w: BcsWriter, a: TransactionArgumentInput): void {
  expectObject(a, 'TransactionArgument');
  const i = argumentIndex(a.$kind);
  if (i < 0) throw new BcsError('invalid_variant', `unknown variant ${String(a.$kind)} of TransactionArgument`);
  w.u8(i);
  try {
    ARGUMENT_WRITERS[i](w, a.value as never);
  } catch (e) {
    within(e, ARGUMENT_VARIANTS[i]);
  }
}

function readArgument(r: BcsReader): TransactionArgument {
  const at = r.off;
  const i = r.uleb128();
  if (i >= ARGUMENT_VARIANTS.length) throw badVariant('TransactionArgument', i, ARGUMENT_VARIANTS.length, at);
  try {
    return { $kind: ARGUMENT_VARIANTS[i], value: ARGUMENT_SCHEMAS[i].read(r) } as TransactionArgument;
  } catch (e) {
    within(e, ARGUMENT_VARIANTS[i]);
  }
}

export const transactionArgument: Schema<TransactionArgument, TransactionArgumentInput> = /* @__PURE__ */ schema({
  name: 'TransactionArgument',
  minSize: 2,
  write: writeArgument,
  read: readArgument,
});

export interface Script {
  code: Uint8Array;
  typeArgs: TypeTag[];
  args: TransactionArgument[];
}
export interface ScriptInput {
  code: Uint8Array;
  typeArgs: readonly TypeArgInput[];
  args: readonly TransactionArgumentInput[];
}

// Written by hand like EntryFunction, so that the payload writer (on every transaction's path)
// does not pull the generic combinators into a bundle.
export function writeScript(w: BcsWriter, s: ScriptInput): void {
  expectObject(s, 'Script');
  let key = 'code';
  try {
    w.bytes(expectBytes(s.code));
    key = 'typeArgs';
    writeTypeArgs(w, s.typeArgs, writeTypeTag);
    key = 'args';
    const args = s.args;
    expectArray(args, 'args');
    w.length(args.length);
    for (let i = 0; i < args.length; i++) {
      try {
        writeArgument(w, args[i]);
      } catch (e) {
        within(e, i);
      }
    }
  } catch (e) {
    fieldError(e, s, key);
  }
}

export function readScript(r: BcsReader): Script {
  let key = 'code';
  try {
    const code = r.bytes();
    key = 'typeArgs';
    const typeArgs = readTypeArgs(r);
    key = 'args';
    const n = r.length(2);
    const args: TransactionArgument[] = new Array(n);
    for (let i = 0; i < n; i++) {
      try {
        args[i] = readArgument(r);
      } catch (e) {
        within(e, i);
      }
    }
    return { code, typeArgs, args };
  } catch (e) {
    within(e, key);
  }
}

export const script: Schema<Script, ScriptInput> = /* @__PURE__ */ schema({
  name: 'Script',
  minSize: 3,
  write: writeScript,
  read: readScript,
});

function writeTypeArgs(w: BcsWriter, tys: readonly TypeArgInput[], plain: PlainTypeTagWriter): void {
  expectArray(tys, 'typeArgs');
  w.length(tys.length);
  for (let i = 0; i < tys.length; i++) {
    try {
      const t = tys[i] as TypeArg & TypeTagInput;
      if (typeof t?.write === 'function') t.write(w, t.value);
      else if (plain) plain(w, t);
      else throw new BcsError('invalid_type', 'expected typeArgFromString(s) or typeArgFromTag(t): encode-only functions take no plain type tags');
    } catch (e) {
      within(e, i);
    }
  }
}

function readTypeArgs(r: BcsReader): TypeTag[] {
  const n = r.length(1);
  const out: TypeTag[] = new Array(n);
  for (let i = 0; i < n; i++) {
    try {
      out[i] = typeTag.read(r);
    } catch (e) {
      within(e, i);
    }
  }
  return out;
}

export type MultisigTransactionPayload = { $kind: 'EntryFunction'; value: EntryFunction } | { $kind: 'Script'; value: Script };
export type MultisigTransactionPayloadInput =
  | { $kind: 'EntryFunction'; value: EntryFunctionInput }
  | { $kind: 'Script'; value: ScriptInput };

export interface Multisig {
  multisigAddress: Address;
  /** None (`null`) when the multisig account executes a payload stored on chain. */
  transactionPayload: MultisigTransactionPayload | null;
}
export interface MultisigInput {
  multisigAddress: AddressInput;
  transactionPayload?: MultisigTransactionPayloadInput | null;
}

export type TransactionExecutable =
  | { $kind: 'Script'; value: Script }
  | { $kind: 'EntryFunction'; value: EntryFunction }
  | { $kind: 'Empty' };
export type TransactionExecutableInput =
  | { $kind: 'Script'; value: ScriptInput }
  | { $kind: 'EntryFunction'; value: EntryFunctionInput }
  | { $kind: 'Empty'; value?: undefined };

export interface TransactionExtraConfigV1 {
  multisigAddress: Address | null;
  replayProtectionNonce: bigint | null;
}
export interface TransactionExtraConfigV1Input {
  multisigAddress?: AddressInput | null;
  replayProtectionNonce?: BigIntInput | null;
}
export type TransactionExtraConfig = { $kind: 'V1'; value: TransactionExtraConfigV1 };
export type TransactionExtraConfigInput = { $kind: 'V1'; value: TransactionExtraConfigV1Input };

/** `TransactionPayloadInner` (used by orderless transactions). */
export type TransactionPayloadInner = {
  $kind: 'V1';
  value: { executable: TransactionExecutable; extraConfig: TransactionExtraConfig };
};
export type TransactionPayloadInnerInput = {
  $kind: 'V1';
  value: { executable: TransactionExecutableInput; extraConfig: TransactionExtraConfigInput };
};

export type TransactionPayload =
  | { $kind: 'Script'; value: Script }
  /** Deprecated: decodable, never encoded (the VM rejects it). */
  | { $kind: 'ModuleBundle'; value: { dummyValue: bigint } }
  | { $kind: 'EntryFunction'; value: EntryFunction }
  | { $kind: 'Multisig'; value: Multisig }
  | { $kind: 'Payload'; value: TransactionPayloadInner };
export type TransactionPayloadInput =
  | { $kind: 'Script'; value: ScriptInput }
  | { $kind: 'ModuleBundle'; value: { dummyValue: BigIntInput } }
  | { $kind: 'EntryFunction'; value: EntryFunctionInput }
  | { $kind: 'Multisig'; value: MultisigInput }
  | { $kind: 'Payload'; value: TransactionPayloadInnerInput };

// ---------------------------------------------------------------------------------------------
// EntryFunction

export function writeEntryFunction(w: BcsWriter, f: EntryFunctionInput): void {
  writeEntryFunctionWith(w, f, writeTypeTag);
}

function writeEntryFunctionWith(w: BcsWriter, f: EntryFunctionInput, plain: PlainTypeTagWriter): void {
  writeEntryFunctionHead(w, f, plain);
  const args = f.args;
  try {
    expectArray(args, 'args');
    w.length(args.length);
    for (let i = 0; i < args.length; i++) {
      try {
        writeArg(w, args[i]);
      } catch (e) {
        within(e, i);
      }
    }
  } catch (e) {
    fieldError(e, f, 'args');
  }
}

/**
 * @internal Module, function name and type arguments of an EntryFunction: all of it but the
 * arguments. `plain` writes plain type-tag objects; `null` takes only `TypeArg`s.
 */
export function writeEntryFunctionHead(
  w: BcsWriter,
  f: Omit<EntryFunctionInput, 'args'>,
  plain: ((w: BcsWriter, t: TypeTagInput) => void) | null,
): void {
  expectObject(f, 'EntryFunction');
  let key = 'module';
  try {
    const m = f.module;
    expectObject(m, 'ModuleId');
    let mkey = 'address';
    try {
      writeAddress(w, m.address);
      mkey = 'name';
      writeIdentifier(w, m.name, 'module name');
    } catch (e) {
      fieldError(e, m, mkey);
    }
    key = 'function';
    writeIdentifier(w, f.function, 'function name');
    key = 'typeArgs';
    writeTypeArgs(w, f.typeArgs, plain);
  } catch (e) {
    fieldError(e, f, key);
  }
}

export function readEntryFunction(r: BcsReader): EntryFunction {
  let key = 'module';
  try {
    let mkey = 'address';
    let module: ModuleId;
    try {
      const addr = address.read(r);
      mkey = 'name';
      module = { address: addr, name: r.string() };
    } catch (e) {
      within(e, mkey);
    }
    key = 'function';
    const fn = r.string();
    key = 'typeArgs';
    const typeArgs = readTypeArgs(r);
    key = 'args';
    const na = r.length(1);
    const args: Uint8Array[] = new Array(na);
    for (let i = 0; i < na; i++) {
      try {
        args[i] = r.bytes();
      } catch (e) {
        within(e, i);
      }
    }
    return { module, function: fn, typeArgs, args };
  } catch (e) {
    within(e, key);
  }
}

export const entryFunction: Schema<EntryFunction, EntryFunctionInput> = /* @__PURE__ */ schema({
  name: 'EntryFunction',
  minSize: 32 + 1 + 1 + 1 + 1,
  write: writeEntryFunction,
  read: readEntryFunction,
});

// ---------------------------------------------------------------------------------------------
// Multisig

function writeMultisigInner(w: BcsWriter, p: MultisigTransactionPayloadInput): void {
  expectObject(p, 'MultisigTransactionPayload');
  const kind = p.$kind;
  if (kind !== 'EntryFunction' && kind !== 'Script') {
    throw new BcsError('invalid_variant', `unknown variant ${String(kind)} of MultisigTransactionPayload`);
  }
  try {
    if (kind === 'EntryFunction') {
      w.u8(0);
      writeEntryFunction(w, p.value);
    } else {
      w.u8(1);
      writeScript(w, p.value);
    }
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
      writeMultisigInner(w, p);
    }
  } catch (e) {
    fieldError(e, m, key);
  }
}

function readOptionTag(r: BcsReader): boolean {
  const at = r.off;
  const tag = r.u8();
  if (tag > 1) throw new BcsError('expected_option', `expected option type, got tag 0x${tag.toString(16).padStart(2, '0')}`, at);
  return tag === 1;
}

function badVariant(name: string, i: number, count: number, at: number): BcsError {
  return new BcsError('invalid_variant', `invalid variant index ${i} for ${name} (expected 0 <= i < ${count})`, at);
}

function readMultisig(r: BcsReader): Multisig {
  let key = 'multisigAddress';
  try {
    const multisigAddress = address.read(r);
    key = 'transactionPayload';
    let transactionPayload: MultisigTransactionPayload | null = null;
    if (readOptionTag(r)) {
      const at = r.off;
      const i = r.uleb128();
      if (i > 1) throw badVariant('MultisigTransactionPayload', i, 2, at);
      try {
        transactionPayload = i === 0 ? { $kind: 'EntryFunction', value: readEntryFunction(r) } : { $kind: 'Script', value: readScript(r) };
      } catch (e) {
        within(e, i === 0 ? 'EntryFunction' : 'Script');
      }
    }
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

// ---------------------------------------------------------------------------------------------
// TransactionPayloadInner (V1 { executable, extra_config })

function writeExecutable(w: BcsWriter, x: TransactionExecutableInput): void {
  expectObject(x, 'TransactionExecutable');
  const kind = x.$kind;
  try {
    switch (kind) {
      case 'Script':
        w.u8(0);
        writeScript(w, x.value);
        return;
      case 'EntryFunction':
        w.u8(1);
        writeEntryFunction(w, x.value);
        return;
      case 'Empty':
        w.u8(2);
        return;
    }
  } catch (e) {
    within(e, kind);
  }
  throw new BcsError('invalid_variant', `unknown variant ${String(kind)} of TransactionExecutable`);
}

function writeExtraConfig(w: BcsWriter, c: TransactionExtraConfigInput): void {
  expectObject(c, 'TransactionExtraConfig');
  if (c.$kind !== 'V1') throw new BcsError('invalid_variant', `unknown variant ${String(c.$kind)} of TransactionExtraConfig`);
  w.u8(0);
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

function writeInner(w: BcsWriter, p: TransactionPayloadInnerInput): void {
  expectObject(p, 'TransactionPayloadInner');
  if (p.$kind !== 'V1') throw new BcsError('invalid_variant', `unknown variant ${String(p.$kind)} of TransactionPayloadInner`);
  w.u8(0);
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
  const at = r.off;
  const i = r.uleb128();
  try {
    switch (i) {
      case 0:
        return { $kind: 'Script', value: readScript(r) };
      case 1:
        return { $kind: 'EntryFunction', value: readEntryFunction(r) };
      case 2:
        return { $kind: 'Empty' };
    }
  } catch (e) {
    within(e, i === 0 ? 'Script' : 'EntryFunction');
  }
  if (i === 3) {
    throw new BcsError('not_supported', 'not supported: TransactionExecutable::Encrypted (variant 3) belongs to encrypted payloads, which are out of scope', at);
  }
  throw badVariant('TransactionExecutable', i, 3, at);
}

function readExtraConfig(r: BcsReader): TransactionExtraConfig {
  const at = r.off;
  const i = r.uleb128();
  if (i !== 0) throw badVariant('TransactionExtraConfig', i, 1, at);
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

function readInner(r: BcsReader): TransactionPayloadInner {
  const at = r.off;
  const i = r.uleb128();
  if (i !== 0) throw badVariant('TransactionPayloadInner', i, 1, at);
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
  write: writeInner,
  read: readInner,
});

// ---------------------------------------------------------------------------------------------
// TransactionPayload

/**
 * The EntryFunction payload only (variant 2); any other `$kind` is an `invalid_variant` error.
 * Encode-only: type arguments must be `TypeArg`s (`typeArgFromString`, `typeArgFromTag`), so that
 * no type-tag writer is reached unless the caller names one.
 */
export function writeEntryFunctionPayload(w: BcsWriter, p: EntryFunctionPayloadInput): void {
  expectObject(p, 'TransactionPayload');
  if (p.$kind !== 'EntryFunction') {
    throw new BcsError('invalid_variant', `expected an EntryFunction payload, got ${quote(p.$kind)}`);
  }
  w.u8(2);
  try {
    writeEntryFunctionWith(w, p.value, null);
  } catch (e) {
    within(e, 'EntryFunction');
  }
}

/** An EntryFunction payload for the encode-only functions: type arguments only as `TypeArg`s. */
export type EntryFunctionPayloadInput = { $kind: 'EntryFunction'; value: EncodeOnlyEntryFunctionInput };
export interface EncodeOnlyEntryFunctionInput extends Omit<EntryFunctionInput, 'typeArgs'> {
  typeArgs: readonly TypeArg[];
}

export function writeTransactionPayload(w: BcsWriter, p: TransactionPayloadInput): void {
  expectObject(p, 'TransactionPayload');
  const kind = p.$kind;
  try {
    switch (kind) {
      case 'EntryFunction':
        w.u8(2);
        writeEntryFunction(w, p.value);
        return;
      case 'Script':
        w.u8(0);
        writeScript(w, p.value);
        return;
      case 'Multisig':
        w.u8(3);
        writeMultisig(w, p.value);
        return;
      case 'Payload':
        w.u8(4);
        writeInner(w, p.value);
        return;
    }
  } catch (e) {
    within(e, kind);
  }
  if (kind === 'ModuleBundle') {
    throw new BcsError('not_supported', 'not supported: ModuleBundle payloads are deprecated and rejected by the VM; they decode but are never encoded');
  }
  throw new BcsError('invalid_variant', `unknown variant ${String(kind)} of TransactionPayload`);
}

const PAYLOAD_VARIANTS = ['Script', 'ModuleBundle', 'EntryFunction', 'Multisig', 'Payload'] as const;

export function readTransactionPayload(r: BcsReader): TransactionPayload {
  const at = r.off;
  const i = r.uleb128();
  try {
    switch (i) {
      case 2:
        return { $kind: 'EntryFunction', value: readEntryFunction(r) };
      case 0:
        return { $kind: 'Script', value: readScript(r) };
      case 1:
        return { $kind: 'ModuleBundle', value: { dummyValue: readDummy(r) } };
      case 3:
        return { $kind: 'Multisig', value: readMultisig(r) };
      case 4:
        return { $kind: 'Payload', value: readInner(r) };
    }
  } catch (e) {
    within(e, PAYLOAD_VARIANTS[i]);
  }
  if (i === 5) {
    throw new BcsError(
      'not_supported',
      'not supported: EncryptedPayload (TransactionPayload variant 5) is out of scope: its layout is unstable and differs between the node and ts-sdk',
      at,
    );
  }
  throw badVariant('TransactionPayload', i, 6, at);
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
