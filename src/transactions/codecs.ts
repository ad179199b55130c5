import { accountAuthenticatorDecl, transactionAuthenticatorDecl } from './authenticator.js';
import { codec, toCodec, type CodecOf, type SchemaCodec } from './declare.js';
import { entryFunction, entryFunctionDecl } from './entry-function.js';
import { anyPublicKeyDecl, anySignatureDecl, multiKeyDecl } from './keys.js';
import { typeTag } from './move-decls.js';
import { transactionPayload, transactionPayloadDecl } from './payload.js';
import { rawTransaction, rawTransactionDecl, rawTransactionWithData, rawTransactionWithDataDecl } from './raw-transaction.js';
import { script, scriptDecl, transactionArgumentDecl } from './script.js';
import { signedTransaction, signedTransactionDecl } from './signed-transaction.js';

/**
 * Every named transaction type with its JSON form, e.g. for the CLI's `decode TYPE`. The hot types
 * pair their hand-specialised schema with their declaration's shape.
 */
export function transactionCodecs(): TransactionCodecs {
  return {
    RawTransaction: codec(rawTransaction, rawTransactionDecl.shape),
    RawTransactionWithData: codec(rawTransactionWithData, rawTransactionWithDataDecl.shape),
    SignedTransaction: codec(signedTransaction, signedTransactionDecl.shape),
    TransactionPayload: codec(transactionPayload, transactionPayloadDecl.shape),
    TransactionAuthenticator: toCodec(transactionAuthenticatorDecl),
    AccountAuthenticator: toCodec(accountAuthenticatorDecl),
    EntryFunction: codec(entryFunction, entryFunctionDecl.shape),
    Script: codec(script, scriptDecl.shape),
    TransactionArgument: toCodec(transactionArgumentDecl),
    AnyPublicKey: toCodec(anyPublicKeyDecl),
    AnySignature: toCodec(anySignatureDecl),
    MultiKey: toCodec(multiKeyDecl),
    TypeTag: toCodec(typeTag),
  };
}

// Written out so that declaration files name each codec's type instead of expanding it in place.
export interface TransactionCodecs {
  readonly RawTransaction: SchemaCodec<typeof rawTransaction>;
  readonly RawTransactionWithData: SchemaCodec<typeof rawTransactionWithData>;
  readonly SignedTransaction: SchemaCodec<typeof signedTransaction>;
  readonly TransactionPayload: SchemaCodec<typeof transactionPayload>;
  readonly TransactionAuthenticator: CodecOf<typeof transactionAuthenticatorDecl>;
  readonly AccountAuthenticator: CodecOf<typeof accountAuthenticatorDecl>;
  readonly EntryFunction: SchemaCodec<typeof entryFunction>;
  readonly Script: SchemaCodec<typeof script>;
  readonly TransactionArgument: CodecOf<typeof transactionArgumentDecl>;
  readonly AnyPublicKey: CodecOf<typeof anyPublicKeyDecl>;
  readonly AnySignature: CodecOf<typeof anySignatureDecl>;
  readonly MultiKey: CodecOf<typeof multiKeyDecl>;
  readonly TypeTag: CodecOf<typeof typeTag>;
}
