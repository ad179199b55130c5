import { BcsError, BcsWriter, encodeWith, type Schema } from '../bcs/index.js';
import { type ModuleIdInput, type TypeArg } from '../move/index.js';
import { expectArray, expectObject, within } from './checks.js';
import { writeArgValue, writeEntryFunctionHead, type ValueWriter } from './entry-function.js';
import { PAYLOAD_VARIANTS } from './payload.js';
import { writeRawTransactionWith, type RawTransactionInput } from './raw-transaction.js';
import { rawTransactionPrefix } from './signing-message.js';

// An entry function encoded once: the payload's variant, module, function name, type arguments and
// argument count never change between calls, so they are validated and written when the function is
// compiled and copied as bytes on every call. A call then parses and writes only what varies: the
// sender, sequence number, arguments, gas, expiry and chain. Same bytes as the general encoders.

/** How one parameter is written: a schema (`u64`, `vector(address)`) or a bare writer (`writeU64`). */
export type EntryFunctionParam = Schema<any, any> | ValueWriter<any>;

/** The value a parameter takes. */
export type ParamInput<P> = P extends Schema<unknown, infer I> ? I : P extends ValueWriter<infer I> ? I : never;

/** The argument list of a compiled entry function: one value per parameter, in order. */
export type ParamInputs<P extends readonly EntryFunctionParam[]> = { readonly [K in keyof P]: ParamInput<P[K]> };

export interface EntryFunctionSignature<P extends readonly EntryFunctionParam[]> {
  module: ModuleIdInput;
  function: string;
  /** Fixed at compile time; `typeArgFromString(s)` or `typeArgFromTag(t)`. */
  typeArgs?: readonly TypeArg[];
  /** One writer per parameter (signer parameters take no argument and are left out). */
  params: P;
}

/** A transaction calling the compiled function: a RawTransaction whose `payload` is the argument list. */
export type EntryFunctionCallInput<Args> = RawTransactionInput<Args>;

export interface CompiledEntryFunction<Args> {
  /** bcs(RawTransaction): `rawTransaction.encode` of the same transaction. */
  encode(txn: EntryFunctionCallInput<Args>): Uint8Array;
  /** prefix("APTOS::RawTransaction") ‖ bcs(RawTransaction): what a single signer signs. */
  signingMessage(txn: EntryFunctionCallInput<Args>): Uint8Array;
  /** Writes the signing message at the writer's offset (into a buffer the caller reuses). */
  writeSigningMessage(w: BcsWriter, txn: EntryFunctionCallInput<Args>): void;
  /** Writes the TransactionPayload (variant, entry function, `args`) at the writer's offset. */
  writePayload(w: BcsWriter, args: Args): void;
  /** Writes just the EntryFunction, for the envelopes that wrap one (Multisig, the orderless Payload). */
  writeEntryFunction(w: BcsWriter, args: Args): void;
}

/**
 * Compiles an entry function's call encoder. Errors in the signature are thrown here, with their
 * path (`module.name`, `typeArgs[0]`, `params[1]`); errors in a call carry the call's path
 * (`payload[1]` for the second argument).
 */
export function compileEntryFunction<const P extends readonly EntryFunctionParam[]>(
  sig: EntryFunctionSignature<P>,
): CompiledEntryFunction<ParamInputs<P>> {
  expectObject(sig, 'entry function signature');
  const params = sig.params;
  try {
    expectArray(params, 'params');
  } catch (e) {
    within(e, 'params');
  }
  const n = params.length;
  const writers = params.slice() as EntryFunctionParam[];
  for (let i = 0; i < n; i++) {
    const p = writers[i];
    if (typeof p !== 'function' && typeof (p as Schema<unknown> | null)?.write !== 'function') {
      throw new BcsError('invalid_type', 'expected a schema or a writer for each parameter').within(i).within('params');
    }
  }
  const h = new BcsWriter(64);
  writeEntryFunctionHead(h, { module: sig.module, function: sig.function, typeArgs: sig.typeArgs ?? [] }, null);
  h.length(n);
  const head = h.buf.slice(0, h.off);

  const writeEntryFunction = (w: BcsWriter, args: ParamInputs<P>): void => {
    expectArray(args, 'arguments');
    if (args.length !== n) throw new BcsError('invalid_length', `expected ${n} arguments, got ${args.length}`);
    w.raw(head);
    for (let i = 0; i < n; i++) {
      try {
        writeArgValue(w, writers[i], args[i]);
      } catch (e) {
        within(e, i);
      }
    }
  };
  const writePayload = (w: BcsWriter, args: ParamInputs<P>): void => {
    w.u8(PAYLOAD_VARIANTS.index.EntryFunction);
    writeEntryFunction(w, args);
  };
  const writeTxn = (w: BcsWriter, t: EntryFunctionCallInput<ParamInputs<P>>): void => writeRawTransactionWith(w, t, writePayload);
  const writeMessage = (w: BcsWriter, t: EntryFunctionCallInput<ParamInputs<P>>): void => {
    w.raw(rawTransactionPrefix());
    writeTxn(w, t);
  };
  return {
    encode: (t) => encodeWith(writeTxn, t),
    signingMessage: (t) => encodeWith(writeMessage, t),
    writeSigningMessage: writeMessage,
    writePayload,
    writeEntryFunction,
  };
}
