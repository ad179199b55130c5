import type { Schema } from '../bcs/index.js';
import { typeTag, type TypeTag, type TypeTagInput } from '../move/type-tag.js';
import { accountAuthenticator, transactionAuthenticator } from './authenticator.js';
import { fromJsonSafe, toJsonSafe, type JsonValue, type Shape } from './json.js';
import { anyPublicKey, anySignature, multiKey } from './keys.js';
import { entryFunction, script, transactionArgument, transactionPayload } from './payload.js';
import { rawTransaction, rawTransactionWithData } from './raw-transaction.js';
import * as shapes from './shapes.js';
import { signedTransaction } from './signed-transaction.js';

/** A schema with its JSON shape: bytes ⇄ plain data ⇄ JSON-safe data. */
export interface Codec<T, I = T> {
  schema: Schema<T, I>;
  shape: Shape;
  toJson(value: I): JsonValue;
  fromJson(json: unknown): T;
}

export function codec<T, I>(schema: Schema<T, I>, shape: Shape): Codec<T, I> {
  return {
    schema,
    shape,
    toJson: (value) => toJsonSafe(value, shape),
    fromJson: (json) => fromJsonSafe(shape, json) as T,
  };
}

/** Every named transaction type with its JSON form, e.g. for the CLI's `decode TYPE`. */
export function transactionCodecs() {
  return {
    RawTransaction: codec(rawTransaction, shapes.RawTransaction),
    RawTransactionWithData: codec(rawTransactionWithData, shapes.RawTransactionWithData),
    SignedTransaction: codec(signedTransaction, shapes.SignedTransaction),
    TransactionPayload: codec(transactionPayload, shapes.TransactionPayload),
    TransactionAuthenticator: codec(transactionAuthenticator, shapes.TransactionAuthenticator),
    AccountAuthenticator: codec(accountAuthenticator, shapes.AccountAuthenticator),
    EntryFunction: codec(entryFunction, shapes.EntryFunction),
    Script: codec(script, shapes.Script),
    TransactionArgument: codec(transactionArgument, shapes.TransactionArgument),
    AnyPublicKey: codec(anyPublicKey, shapes.AnyPublicKey),
    AnySignature: codec(anySignature, shapes.AnySignature),
    MultiKey: codec(multiKey, shapes.MultiKey),
    TypeTag: codec<TypeTag, TypeTagInput>(typeTag, shapes.TypeTag),
  } as const;
}
