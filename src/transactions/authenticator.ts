import { BcsError, schema, type BcsReader, type BcsWriter, type Schema } from '../bcs/index.js';
import { countBits, indicesFromBitmap } from './bitmap.js';
import * as d from './declare.js';
import { expectObject, fieldError, readSizedBytes, within, writeSizedBytes } from './checks.js';
import {
  anyPublicKeyDecl,
  anySignatureDecl,
  bitVecDecl,
  ed25519PublicKeyDecl,
  ed25519SignatureDecl,
  multiEd25519PublicKeyDecl,
  multiEd25519SignatureDecl,
  multiKeyDecl,
} from './keys.js';

// Account and transaction authenticators (aptos-core types/src/transaction/authenticator.rs
// `AccountAuthenticator`, `TransactionAuthenticator`): the core's enums over declared variants.
// The Ed25519 pair (by far the most common) is hand-specialised.

const ed25519PairFields = /* @__PURE__ */ d.struct('Ed25519Authenticator', {
  publicKey: ed25519PublicKeyDecl,
  signature: ed25519SignatureDecl,
});
export interface Ed25519Pair extends d.DeclValue<typeof ed25519PairFields> {}

function writeEd25519Pair(w: BcsWriter, v: Ed25519Pair): void {
  expectObject(v, 'Ed25519 authenticator');
  let key = 'publicKey';
  try {
    writeSizedBytes(w, v.publicKey, 32, 'Ed25519PublicKey');
    key = 'signature';
    writeSizedBytes(w, v.signature, 64, 'Ed25519Signature');
  } catch (e) {
    fieldError(e, v, key);
  }
}

function readEd25519Pair(r: BcsReader): Ed25519Pair {
  let key = 'publicKey';
  try {
    const publicKey = readSizedBytes(r, 32, 'Ed25519PublicKey');
    key = 'signature';
    return { publicKey, signature: readSizedBytes(r, 64, 'Ed25519Signature') };
  } catch (e) {
    within(e, key);
  }
}

const ed25519Pair = /* @__PURE__ */ d.specialised(
  ed25519PairFields,
  /* @__PURE__ */ schema({ name: 'Ed25519Authenticator', fixedSize: 33 + 65, write: writeEd25519Pair, read: readEd25519Pair }),
);

const multiEd25519Pair = /* @__PURE__ */ d.struct('MultiEd25519Authenticator', {
  publicKey: multiEd25519PublicKeyDecl,
  signature: multiEd25519SignatureDecl,
});

const singleKeyAuthenticator = /* @__PURE__ */ d.struct('SingleKeyAuthenticator', {
  publicKey: anyPublicKeyDecl,
  signature: anySignatureDecl,
});

const multiKeyAuthenticatorFields = /* @__PURE__ */ d.struct('MultiKeyAuthenticator', {
  publicKeys: multiKeyDecl,
  signatures: /* @__PURE__ */ d.vector(anySignatureDecl),
  /** MSB-first, bit i set when key i signed; ts-sdk always emits 4 bytes. */
  signaturesBitmap: bitVecDecl,
});
const multiKeyAuthenticatorSchema = /* @__PURE__ */ d.schemaOf(multiKeyAuthenticatorFields);

/**
 * Encoding also refuses what the node's `MultiKeyAuthenticator::new` could not have built and its
 * verifier rejects: a bitmap whose set bits do not pair one-to-one with the signatures, or that
 * names a key the MultiKey does not have. Decoding stays with the derived deserializer's rules.
 */
const multiKeyAuthenticator = /* @__PURE__ */ d.specialised(
  multiKeyAuthenticatorFields,
  /* @__PURE__ */ schema({
    name: 'MultiKeyAuthenticator',
    minSize: 4, // literal, as in keys.ts' multiKey
    write(w, v: d.DeclInput<typeof multiKeyAuthenticatorFields>) {
      multiKeyAuthenticatorSchema.write(w, v);
      const bitmap = v.signaturesBitmap;
      const bits = countBits(bitmap);
      const n = v.signatures.length;
      if (bits !== n) throw new BcsError('invalid_length', `MultiKey bitmap has ${bits} bits set for ${n} signatures`).within('signaturesBitmap');
      const keys = v.publicKeys.publicKeys.length;
      const last = bits === 0 ? -1 : indicesFromBitmap(bitmap)[bits - 1];
      if (last >= keys) throw new BcsError('out_of_range', `MultiKey bitmap names key ${last} of ${keys}`).within('signaturesBitmap');
    },
    read: (r) => multiKeyAuthenticatorSchema.read(r),
  }),
);

/** `FunctionInfo` (types/src/function_info.rs): the account-abstraction authentication function. */
const functionInfoDecl = /* @__PURE__ */ d.struct('FunctionInfo', {
  moduleAddress: d.address,
  moduleName: d.string,
  functionName: d.string,
});
export const functionInfo = /* @__PURE__ */ d.schemaOf(functionInfoDecl);
export interface FunctionInfo extends d.DeclValue<typeof functionInfoDecl> {}

const abstractionAuthDataDecl = /* @__PURE__ */ d.enumeration('AbstractionAuthData', {
  V1: /* @__PURE__ */ d.struct('AbstractionAuthDataV1', { signingMessageDigest: d.bytes, authenticator: d.bytes }),
  DerivableV1: /* @__PURE__ */ d.struct('AbstractionAuthDataDerivableV1', {
    signingMessageDigest: d.bytes,
    abstractSignature: d.bytes,
    abstractPublicKey: d.bytes,
  }),
});
export const abstractionAuthData = /* @__PURE__ */ d.schemaOf(abstractionAuthDataDecl);
export type AbstractionAuthData = d.DeclValue<typeof abstractionAuthDataDecl>;
export type AbstractionAuthDataInput = d.DeclInput<typeof abstractionAuthDataDecl>;

const abstraction = /* @__PURE__ */ d.struct('AbstractionAuthenticator', {
  functionInfo: functionInfoDecl,
  authData: abstractionAuthDataDecl,
});

const accountAuthenticatorFields = /* @__PURE__ */ d.enumeration('AccountAuthenticator', {
  Ed25519: ed25519Pair,
  MultiEd25519: multiEd25519Pair,
  SingleKey: singleKeyAuthenticator,
  MultiKey: multiKeyAuthenticator,
  NoAccountAuthenticator: null,
  Abstraction: abstraction,
});
export type AccountAuthenticator = d.DeclValue<typeof accountAuthenticatorFields>;
export type AccountAuthenticatorInput = d.DeclInput<typeof accountAuthenticatorFields>;
/** Named so that the declarations embedding it stay small to type-check. */
export interface AccountAuthenticatorSchema extends Schema<AccountAuthenticator, AccountAuthenticatorInput> {}
export const accountAuthenticatorDecl: d.Decl<AccountAuthenticatorSchema> = accountAuthenticatorFields;
export const accountAuthenticator = /* @__PURE__ */ d.schemaOf(accountAuthenticatorDecl);

const signers = /* @__PURE__ */ d.vector(accountAuthenticatorDecl);
const addresses = /* @__PURE__ */ d.vector(d.address);

const multiAgent = /* @__PURE__ */ d.struct('MultiAgentAuthenticator', {
  sender: accountAuthenticatorDecl,
  secondarySignerAddresses: addresses,
  secondarySigners: signers,
});
const feePayer = /* @__PURE__ */ d.struct('FeePayerAuthenticator', {
  sender: accountAuthenticatorDecl,
  secondarySignerAddresses: addresses,
  secondarySigners: signers,
  feePayerAddress: d.address,
  feePayerSigner: accountAuthenticatorDecl,
});
const singleSender = /* @__PURE__ */ d.struct('SingleSenderAuthenticator', { sender: accountAuthenticatorDecl });
export interface MultiAgentAuthenticator extends d.DeclValue<typeof multiAgent> {}
export interface FeePayerAuthenticator extends d.DeclValue<typeof feePayer> {}
export interface SingleSenderAuthenticator extends d.DeclValue<typeof singleSender> {}

const transactionAuthenticatorFields = /* @__PURE__ */ d.enumeration('TransactionAuthenticator', {
  Ed25519: ed25519Pair,
  MultiEd25519: multiEd25519Pair,
  MultiAgent: multiAgent,
  FeePayer: feePayer,
  SingleSender: singleSender,
});
export type TransactionAuthenticator = d.DeclValue<typeof transactionAuthenticatorFields>;
export type TransactionAuthenticatorInput = d.DeclInput<typeof transactionAuthenticatorFields>;
/** Named so that the declarations embedding it stay small to type-check. */
export interface TransactionAuthenticatorSchema extends Schema<TransactionAuthenticator, TransactionAuthenticatorInput> {}
export const transactionAuthenticatorDecl: d.Decl<TransactionAuthenticatorSchema> = transactionAuthenticatorFields;
export const transactionAuthenticator = /* @__PURE__ */ d.schemaOf(transactionAuthenticatorDecl);
