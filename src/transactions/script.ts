import { schema, type BcsReader, type BcsWriter, type Schema } from '../bcs/index.js';
import { ELEMENT_COST } from '../bcs/internal.js';
import { writeTypeTag } from '../move/index.js';
import * as d from './declare.js';
import { expectArray, expectBytes, expectObject, fieldError, within } from './checks.js';
import { typeTag } from './move-decls.js';
import { readTypeArgs, writeTypeArgs, type TypeArgInput } from './type-args.js';

// `Script { code, ty_args, args }` (aptos-core types/src/transaction/script.rs) and its arguments.

/**
 * `TransactionArgument` (third_party/move/move-core/types/src/transaction_argument.rs): the
 * declaration order is the wire index, I8…I256 = 10…15 ("do not reorder"). A cold type: the core's
 * enum, as declared.
 */
const transactionArgumentFields = /* @__PURE__ */ d.enumeration('TransactionArgument', {
  U8: d.u8,
  U64: d.u64,
  U128: d.u128,
  Address: d.address,
  U8Vector: d.bytes,
  Bool: d.bool,
  U16: d.u16,
  U32: d.u32,
  U256: d.u256,
  Serialized: d.bytes,
  I8: d.i8,
  I16: d.i16,
  I32: d.i32,
  I64: d.i64,
  I128: d.i128,
  I256: d.i256,
});
export type TransactionArgument = d.DeclValue<typeof transactionArgumentFields>;
export type TransactionArgumentInput = d.DeclInput<typeof transactionArgumentFields>;
/** Named so that the declarations embedding it stay small to type-check. */
export interface TransactionArgumentSchema extends Schema<TransactionArgument, TransactionArgumentInput> {}
export const transactionArgumentDecl: d.Decl<TransactionArgumentSchema> = transactionArgumentFields;
export const transactionArgument = /* @__PURE__ */ d.schemaOf(transactionArgumentDecl);

export const scriptFields = /* @__PURE__ */ d.struct('Script', {
  code: d.bytes,
  typeArgs: /* @__PURE__ */ d.vector(typeTag),
  args: /* @__PURE__ */ d.vector(transactionArgumentDecl),
});
export interface Script extends d.DeclValue<typeof scriptFields> {}
export interface ScriptInput extends Omit<d.DeclInput<typeof scriptFields>, 'typeArgs'> {
  /** Plain type-tag objects, or `typeArgFromString(s)` / `typeArgFromTag(t)`. */
  typeArgs: readonly TypeArgInput[];
}

// Hand-specialised like EntryFunction (it is a TransactionPayload variant, and its type arguments
// take the same `TypeArg` forms).
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
        transactionArgument.write(w, args[i]);
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
    const n = r.length(2, ELEMENT_COST); // each argument is an object
    const args: TransactionArgument[] = new Array(n);
    for (let i = 0; i < n; i++) {
      try {
        args[i] = transactionArgument.read(r);
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

/** Named so that the declarations embedding it stay small to type-check. */
export interface ScriptSchema extends Schema<Script, ScriptInput> {}
export const scriptDecl: d.Decl<ScriptSchema> = /* @__PURE__ */ d.specialised(scriptFields, script);
