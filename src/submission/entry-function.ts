import { formatAddress, type Address, type BcsWriter } from '../bcs/index.js';
import {
  isSignerType,
  jsonTypeName,
  substituteGenerics,
  typeArgFromTag,
  type MoveType,
  type TypeTag,
} from '../move/index.js';
import { arg, compileEntryFunction, type EntryFunctionInput, type RawTransactionInput } from '../transactions/index.js';
import type { AbiModule } from './abi.js';
import { invalidInput, messageOf } from './errors.js';
import { converterFor, type Converter } from './move-value.js';
import type { StructContext } from './move-struct.js';
import { rustDebugString, valuesDebug } from './serde-text.js';

// An entry function call's converter (api/types/src/convert.rs `try_into_entry_function` and
// `try_into_vm_values`), compiled once per function and type-argument list on top of
// `compileEntryFunction`: module, function and type arguments are encoded once; each call converts
// only the JSON arguments, straight into the transaction.

export interface EntryFunctionRef {
  address: Address;
  module: string;
  name: string;
}

export interface CompiledCall {
  /** The hot path: writes prefix("APTOS::RawTransaction") ‖ bcs(RawTransaction) calling this function with JSON `payload` arguments. */
  writeSigningMessage(w: BcsWriter, txn: RawTransactionInput<readonly unknown[]>): void;
  /** The EntryFunction as the general encoders take it, each JSON argument converted in place when written. */
  entryFunction(args: readonly unknown[]): EntryFunctionInput;
  /**
   * False when a parameter's layout could not be built (a struct whose module no source had yet):
   * such a call answers the node's error but must not be cached, since the module may come later.
   */
  readonly complete: boolean;
}

/** The node's `EntryFunctionId` display: `0x1::coin::transfer` (special addresses short, others long). */
export function functionIdText(f: EntryFunctionRef): string {
  return `${formatAddress(f.address, 'aip40')}::${f.module}::${f.name}`;
}

/** Rust's `{:?}` of a `ModuleId`, as the node's "can't be found" message prints it. */
export function moduleIdDebug(address: Address, name: string): string {
  return `ModuleId { address: ${formatAddress(address, 'short')}, name: Identifier(${rustDebugString(name)}) }`;
}

/** Compiles the call of `fn` with `typeArgs`; `lookup` gives the module ABIs (for the function and for struct layouts). */
export function compileCall(
  fn: EntryFunctionRef,
  typeArgs: readonly TypeTag[],
  lookup: (address: Address, name: string) => AbiModule | undefined,
): CompiledCall {
  const mod = lookup(fn.address, fn.module);
  if (!mod) invalidInput(`Module ${moduleIdDebug(fn.address, fn.module)} can't be found`);
  const abi = mod.functions.get(fn.name);
  const id = functionIdText(fn);
  if (!abi || !abi.isEntry) invalidInput(`could not find entry function by ${id}`);
  if (abi.typeParamCount !== typeArgs.length) {
    invalidInput(`expect ${abi.typeParamCount} type arguments for entry function ${id}, but got ${typeArgs.length}`);
  }
  // Parameter types become type tags before any argument is read: generics substituted from the type
  // arguments (without any, a generic parameter stands for an address, the node's dummy that lets
  // `Object<T>` through), references by their referent. Names in messages are the substituted types'.
  const paramTypes: TypeTag[] = abi.params.filter((p) => !isSignerType(p)).map((p) => typeOf(p, typeArgs));
  const names = paramTypes.map(jsonTypeName);
  const ctx: StructContext = { module: lookup, memo: new Map() };
  let complete = true;
  const convs = paramTypes.map((p, i) => argumentConverter(i, names[i], p, ctx, () => (complete = false)));
  const compiled = compileEntryFunction({
    module: { address: fn.address, name: fn.module },
    function: fn.name,
    typeArgs: typeArgs.map(typeArgFromTag),
    params: convs,
  });
  const n = convs.length;
  const expected = `expected ${n} arguments [${names.join(', ')}], but got `;
  const checkCount = (args: readonly unknown[]): void => {
    if (args.length !== n) invalidInput(`${expected}${args.length} (${valuesDebug(args)})`);
  };
  return {
    complete,
    writeSigningMessage(w, txn) {
      checkCount(txn.payload);
      compiled.writeSigningMessage(w, txn as RawTransactionInput<never>);
    },
    entryFunction(args) {
      checkCount(args);
      return {
        module: { address: fn.address, name: fn.module },
        function: fn.name,
        typeArgs,
        args: args.map((a, i) => arg(convs[i], a)),
      };
    },
  };
}

function typeOf(p: MoveType, typeArgs: readonly TypeTag[]): TypeTag {
  const t = p.$kind === 'reference' || p.$kind === 'mutableReference' ? p.value : p;
  if (typeArgs.length === 0) return genericsAsAddress(t);
  try {
    return substituteGenerics(t, typeArgs);
  } catch (e) {
    return invalidInput(messageOf(e));
  }
}

/**
 * `t` with every generic parameter read as `address`: what the node lays out where nothing
 * substitutes a parameter (ABI parameters without type arguments, and every script parameter).
 */
export function genericsAsAddress(t: MoveType): TypeTag {
  switch (t.$kind) {
    case 'generic':
      return { $kind: 'address' };
    case 'vector':
      return { $kind: 'vector', value: genericsAsAddress(t.value) };
    case 'struct':
      return { $kind: 'struct', value: { ...t.value, typeArgs: t.value.typeArgs.map(genericsAsAddress) } };
    case 'reference':
    case 'mutableReference':
      return genericsAsAddress(t.value);
    default:
      return t as TypeTag;
  }
}

function argumentConverter(i: number, name: string, t: TypeTag, ctx: StructContext, incomplete: () => void): (w: BcsWriter, v: unknown) => void {
  const prefix = `parse arguments[${i}] failed, expect ${name}, caused by error: `;
  let conv: Converter;
  try {
    conv = converterFor(t, ctx);
  } catch (e) {
    // A layout that cannot be built (a missing struct) fails the call that needs it, as on the node.
    const why = messageOf(e);
    incomplete();
    conv = () => invalidInput(prefix + why);
    return (w, v) => conv(w, v, 0);
  }
  return (w, v) => {
    try {
      conv(w, v, 0);
    } catch (e) {
      invalidInput(prefix + messageOf(e));
    }
  };
}
