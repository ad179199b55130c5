import { address, bool, bytes, encodeWith, type Schema } from '../bcs/index.js';
import { isSignerType, jsonTypeName, readScriptSignature, type MoveType, type TypeTag } from '../move/index.js';
import type { ScriptInput, TransactionArgumentInput } from '../transactions/index.js';
import { genericsAsAddress } from './entry-function.js';
import { invalidInput, messageOf } from './errors.js';
import type { StructContext } from './move-struct.js';
import { converterFor, type Converter } from './move-value.js';
import { firstElementDebug, MOVE_INTEGERS, moveValueDebug } from './move-value-debug.js';
import type { ScriptRequest } from './request.js';
import { valuesDebug } from './serde-text.js';

// Script payloads (api/types/src/convert.rs `try_into_script_payload`): the parameter types come
// from the script's own bytecode, the JSON arguments convert as for entry functions (a generic
// parameter is laid out as an address: scripts get no substitution), and each Move value becomes a
// `TransactionArgument` (move-core transaction_argument.rs `TryFrom<MoveValue>`): a vector only
// as `U8Vector`, never a struct or signer.

type ArgKind = TransactionArgumentInput['$kind'];
// With MOVE_INTEGERS, every primitive. (Looked up in turn, not spread into one table: a top-level
// spread is kept by bundlers, and with it every integer schema.)
const BOOL_AND_ADDRESS: Partial<Record<TypeTag['$kind'], [ArgKind, Schema<any, any>]>> = {
  bool: ['Bool', bool],
  address: ['Address', address],
};

function moveValueOf(conv: Converter, v: unknown): Uint8Array {
  return encodeWith((w, x: unknown) => conv(w, x, 0), v);
}

/**
 * A converted Move value → TransactionArgument, or the node's refusal, which names the Move value
 * (`{:?}` of a `MoveValue`: for a vector its first element that is not a `U8`), not the JSON.
 */
function transactionArgument(t: TypeTag, v: unknown, b: Uint8Array, ctx: StructContext): TransactionArgumentInput {
  const prim = MOVE_INTEGERS[t.$kind] ?? BOOL_AND_ADDRESS[t.$kind];
  if (prim) return { $kind: prim[0], value: prim[1].decode(b) } as TransactionArgumentInput;
  if (t.$kind === 'struct' && t.value.module === 'object' && t.value.name === 'Object') return { $kind: 'Address', value: address.decode(b) };
  if (t.$kind === 'vector') {
    // Only a vector of u8 values is a TransactionArgument; an empty vector of anything qualifies.
    if (t.value.$kind === 'u8' || (Array.isArray(v) && v.length === 0)) return { $kind: 'U8Vector', value: bytes.decode(b) };
    return invalidInput(`unexpected value in bytes: ${firstElementDebug(t, b, ctx)}`);
  }
  return invalidInput(`invalid transaction argument: ${moveValueDebug(t, b, ctx)}`);
}

/** The Script of a `script_payload`; failures carry the node's messages. */
export function convertScript(p: ScriptRequest, typeArgs: TypeTag[], ctx: StructContext): ScriptInput {
  let params: MoveType[];
  try {
    params = readScriptSignature(p.bytecode).params;
  } catch {
    return invalidInput('invalid transaction script bytecode');
  }
  // No substitution for scripts: a generic parameter is laid out as an address.
  const types = params.filter((x) => !isSignerType(x)).map(genericsAsAddress);
  const names = types.map(jsonTypeName);
  if (types.length !== p.arguments.length) {
    invalidInput(`expected ${types.length} arguments [${names.join(', ')}], but got ${p.arguments.length} (${valuesDebug(p.arguments)})`);
  }
  // Every argument converts first (try_into_vm_values); only then do values become TransactionArguments.
  const values = types.map((t, i) => {
    try {
      return moveValueOf(converterFor(t, ctx), p.arguments[i]);
    } catch (e) {
      return invalidInput(`parse arguments[${i}] failed, expect ${names[i]}, caused by error: ${messageOf(e)}`);
    }
  });
  const args = types.map((t, i) => transactionArgument(t, p.arguments[i], values[i], ctx));
  return { code: p.bytecode, typeArgs, args };
}
