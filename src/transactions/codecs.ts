import { accountAuthenticatorDecl, transactionAuthenticatorDecl } from './authenticator.js';
import { codecsOf, type CodecsOf } from './declare.js';
import { entryFunctionDecl } from './entry-function.js';
import { anyPublicKeyDecl, anySignatureDecl, multiKeyDecl } from './keys.js';
import { typeTag } from './move-decls.js';
import { transactionPayloadDecl } from './payload.js';
import { rawTransactionDecl, rawTransactionWithDataDecl } from './raw-transaction.js';
import { scriptDecl, transactionArgumentDecl } from './script.js';
import { signedTransactionDecl } from './signed-transaction.js';

// Every named transaction type by its aptos-core name, declared once here: the codec map and its
// type both derive from this table. The hot types' declarations carry their hand-specialised schema.
const TRANSACTION_DECLS = {
  RawTransaction: rawTransactionDecl,
  RawTransactionWithData: rawTransactionWithDataDecl,
  SignedTransaction: signedTransactionDecl,
  TransactionPayload: transactionPayloadDecl,
  TransactionAuthenticator: transactionAuthenticatorDecl,
  AccountAuthenticator: accountAuthenticatorDecl,
  EntryFunction: entryFunctionDecl,
  Script: scriptDecl,
  TransactionArgument: transactionArgumentDecl,
  AnyPublicKey: anyPublicKeyDecl,
  AnySignature: anySignatureDecl,
  MultiKey: multiKeyDecl,
  TypeTag: typeTag,
};

export type TransactionCodecs = CodecsOf<typeof TRANSACTION_DECLS>;

/** Every named transaction type with its JSON form, e.g. for the CLI's `decode TYPE`. */
export function transactionCodecs(): TransactionCodecs {
  return codecsOf(TRANSACTION_DECLS);
}
