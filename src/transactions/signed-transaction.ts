import { schema, type AddressInput, type BcsReader, type BcsWriter, type Schema } from '../bcs/index.js';
import {
  transactionAuthenticator,
  transactionAuthenticatorDecl,
  type AccountAuthenticatorInput,
  type TransactionAuthenticatorInput,
} from './authenticator.js';
import * as d from './declare.js';
import { expectArray, expectObject, fieldError, within } from './checks.js';
import { rawTransactionDecl, readRawTransaction, writeRawTransaction, type RawTransactionInput } from './raw-transaction.js';

/**
 * `SignedTransaction { raw_txn, authenticator }` (aptos-core types/src/transaction/mod.rs): what is
 * submitted, and what the hash covers. Hand-specialised around the RawTransaction's.
 */
export const signedTransactionFields = /* @__PURE__ */ d.struct('SignedTransaction', {
  rawTxn: rawTransactionDecl,
  authenticator: transactionAuthenticatorDecl,
});
export interface SignedTransaction extends d.DeclValue<typeof signedTransactionFields> {}
export interface SignedTransactionInput {
  rawTxn: RawTransactionInput;
  authenticator: TransactionAuthenticatorInput;
}

export function writeSignedTransaction(w: BcsWriter, t: SignedTransactionInput): void {
  expectObject(t, 'SignedTransaction');
  let key = 'rawTxn';
  try {
    writeRawTransaction(w, t.rawTxn);
    key = 'authenticator';
    transactionAuthenticator.write(w, t.authenticator);
  } catch (e) {
    fieldError(e, t, key);
  }
}

export function readSignedTransaction(r: BcsReader): SignedTransaction {
  let key = 'rawTxn';
  try {
    const rawTxn = readRawTransaction(r);
    key = 'authenticator';
    return { rawTxn, authenticator: transactionAuthenticator.read(r) };
  } catch (e) {
    within(e, key);
  }
}

export const signedTransaction: Schema<SignedTransaction, SignedTransactionInput> = /* @__PURE__ */ schema({
  name: 'SignedTransaction',
  minSize: 67 + 2,
  write: writeSignedTransaction,
  read: readSignedTransaction,
});

/** Named so that the declarations embedding it stay small to type-check. */
export interface SignedTransactionSchema extends Schema<SignedTransaction, SignedTransactionInput> {}
export const signedTransactionDecl: d.Decl<SignedTransactionSchema> = /* @__PURE__ */ d.specialised(
  signedTransactionFields,
  signedTransaction,
);

// ---------------------------------------------------------------------------------------------
// Assembly. Signing stays with the caller: sign the matching signing message (signing-message.ts),
// wrap each signature in an AccountAuthenticator, then assemble here.

/** An Ed25519 account authenticator from a 32-byte public key and a 64-byte signature. */
export function ed25519Authenticator(publicKey: Uint8Array, signature: Uint8Array): AccountAuthenticatorInput {
  return { $kind: 'Ed25519', value: { publicKey, signature } };
}

export interface SignerAuthenticator {
  address: AddressInput;
  authenticator: AccountAuthenticatorInput;
}

/**
 * The TransactionAuthenticator for a set of signatures, chosen as the node and ts-sdk do:
 * a fee payer → FeePayer; secondary signers (even none, when given) → MultiAgent; else a lone
 * Ed25519 or MultiEd25519 sender uses the legacy variant of the same name, anything else SingleSender.
 * The signers must have signed the matching message: feePayerSigningMessage, multiAgentSigningMessage
 * or signingMessage respectively.
 */
export function transactionAuthenticatorFor(args: {
  sender: AccountAuthenticatorInput;
  secondarySigners?: readonly SignerAuthenticator[];
  feePayer?: SignerAuthenticator;
}): TransactionAuthenticatorInput {
  expectObject(args, 'signers');
  const { sender, secondarySigners, feePayer } = args;
  expectObject(sender, 'AccountAuthenticator');
  // Checked here so that a wrong shape fails as a typed error now, not as a TypeError below;
  // the elements' fields are checked when the transaction is encoded.
  const list = (v: readonly SignerAuthenticator[], key: string) => {
    try {
      expectArray(v, key);
    } catch (e) {
      within(e, key);
    }
    return v;
  };
  if (feePayer !== undefined) {
    const secondaries = list(secondarySigners ?? [], 'secondarySigners');
    try {
      expectObject(feePayer, '{ address, authenticator }');
    } catch (e) {
      within(e, 'feePayer');
    }
    return {
      $kind: 'FeePayer',
      value: {
        sender,
        secondarySignerAddresses: secondaries.map((s) => s?.address),
        secondarySigners: secondaries.map((s) => s?.authenticator),
        feePayerAddress: feePayer.address,
        feePayerSigner: feePayer.authenticator,
      },
    };
  }
  if (secondarySigners !== undefined) {
    list(secondarySigners, 'secondarySigners');
    return {
      $kind: 'MultiAgent',
      value: {
        sender,
        secondarySignerAddresses: secondarySigners.map((s) => s?.address),
        secondarySigners: secondarySigners.map((s) => s?.authenticator),
      },
    };
  }
  if (sender.$kind === 'Ed25519') return { $kind: 'Ed25519', value: sender.value };
  if (sender.$kind === 'MultiEd25519') return { $kind: 'MultiEd25519', value: sender.value };
  return { $kind: 'SingleSender', value: { sender } };
}

/** A SignedTransaction from a raw transaction and its signers' authenticators (see transactionAuthenticatorFor). */
export function assembleSignedTransaction(args: {
  rawTxn: RawTransactionInput;
  sender: AccountAuthenticatorInput;
  secondarySigners?: readonly SignerAuthenticator[];
  feePayer?: SignerAuthenticator;
}): SignedTransactionInput {
  expectObject(args, 'signed transaction parts');
  return { rawTxn: args.rawTxn, authenticator: transactionAuthenticatorFor(args) };
}
