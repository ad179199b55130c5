import { address, BcsError, patchLength, schema, writeAddress, type BcsReader, type BcsWriter, type Schema } from '../bcs/index.js';
import { ELEMENT_COST } from '../bcs/internal.js';
import { writeIdentifier } from '../move/internal.js';
import { writeTypeTag, type TypeTagInput } from '../move/index.js';
import * as d from './declare.js';
import { expectArray, expectObject, fieldError, within } from './checks.js';
import { moduleId, typeTag } from './move-decls.js';
import { readTypeArgs, writeTypeArgs, type PlainTypeTagWriter, type TypeArgInput } from './type-args.js';

// `EntryFunction { module, function, ty_args, args }` (aptos-core types/src/transaction/script.rs):
// `module::function<typeArgs>(args)`, each arg the BCS of one Move value, wrapped as bytes. On every
// transaction's hot path, so its schema is hand-specialised; its writers reference only write
// functions, so a bundle that only encodes transactions carries no decoders.

export const entryFunctionFields = /* @__PURE__ */ d.struct('EntryFunction', {
  module: moduleId,
  function: d.string,
  typeArgs: /* @__PURE__ */ d.vector(typeTag),
  args: /* @__PURE__ */ d.vector(d.bytes),
});
export interface EntryFunction extends d.DeclValue<typeof entryFunctionFields> {}

export interface EntryFunctionInput extends Omit<d.DeclInput<typeof entryFunctionFields>, 'typeArgs' | 'args'> {
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

export function writeEntryFunction(w: BcsWriter, f: EntryFunctionInput): void {
  writeEntryFunctionWith(w, f, writeTypeTag);
}

/** An EntryFunction whose plain type-tag objects are written by `plain` (`null`: only `TypeArg`s). */
export function writeEntryFunctionWith(w: BcsWriter, f: EntryFunctionInput, plain: PlainTypeTagWriter): void {
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
 * Module, function name and type arguments of an EntryFunction: all of it but the arguments (what
 * compileEntryFunction writes once). `plain` writes plain type-tag objects; `null` takes only `TypeArg`s.
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
    let module: EntryFunction['module'];
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
    const na = r.length(1, ELEMENT_COST); // each argument is a byte array
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

/** Named so that the declarations embedding it stay small to type-check. */
export interface EntryFunctionSchema extends Schema<EntryFunction, EntryFunctionInput> {}
export const entryFunctionDecl: d.Decl<EntryFunctionSchema> = /* @__PURE__ */ d.specialised(entryFunctionFields, entryFunction);
