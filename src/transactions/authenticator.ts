import {
  address,
  BcsError,
  bytes,
  enumeration,
  schema,
  string,
  struct,
  vector,
  type Address,
  type AddressInput,
  type BcsReader,
  type BcsWriter,
  type Infer,
  type InferInput,
  type Schema,
} from '../bcs/index.js';
import { countBits, indicesFromBitmap } from './bitmap.js';
import { expectObject, fieldError, readSizedBytes, within, writeSizedBytes } from './internal.js';
import {
  anyPublicKey,
  anySignature,
  bitVec,
  multiEd25519PublicKey,
  multiEd25519Signature,
  multiKey,
  type AnyPublicKey,
  type AnyPublicKeyInput,
  type AnySignature,
  type AnySignatureInput,
  type MultiEd25519PublicKey,
  type MultiEd25519PublicKeyInput,
  type MultiEd25519Signature,
  type MultiEd25519SignatureInput,
  type MultiKey,
  type MultiKeyInput,
} from './keys.js';

// Account and transaction authenticators (wire-format.md §2.6). The dispatch and the Ed25519
// variants (by far the most common) are hand-specialised; rarer variants use the core combinators.

export interface Ed25519Pair {
  publicKey: Uint8Array;
  signature: Uint8Array;
}

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

const ed25519Pair: Schema<Ed25519Pair> = /* @__PURE__ */ schema({
  name: 'Ed25519Authenticator',
  fixedSize: 33 + 65,
  write: writeEd25519Pair,
  read: readEd25519Pair,
});

const multiEd25519Pair = /* @__PURE__ */ struct('MultiEd25519Authenticator', {
  publicKey: multiEd25519PublicKey,
  signature: multiEd25519Signature,
});

const singleKeyAuthenticator = /* @__PURE__ */ struct('SingleKeyAuthenticator', {
  publicKey: anyPublicKey,
  signature: anySignature,
});

const multiKeyAuthenticatorFields = /* @__PURE__ */ struct('MultiKeyAuthenticator', {
  publicKeys: multiKey,
  signatures: /* @__PURE__ */ vector(anySignature),
  /** MSB-first, bit i set when key i signed; ts-sdk always emits 4 bytes. */
  signaturesBitmap: bitVec,
});

/**
 * Encoding also refuses what the node's `MultiKeyAuthenticator::new` could not have built and its
 * verifier rejects: a bitmap whose set bits do not pair one-to-one with the signatures, or that
 * names a key the MultiKey does not have. Decoding stays with the derived deserializer's rules.
 */
const multiKeyAuthenticator = /* @__PURE__ */ schema({
  name: 'MultiKeyAuthenticator',
  minSize: 4, // literal, as in keys.ts' multiKey
  write(w, v: InferInput<typeof multiKeyAuthenticatorFields>) {
    multiKeyAuthenticatorFields.write(w, v);
    const bitmap = v.signaturesBitmap;
    const bits = countBits(bitmap);
    const n = v.signatures.length;
    if (bits !== n) throw new BcsError('invalid_length', `MultiKey bitmap has ${bits} bits set for ${n} signatures`).within('signaturesBitmap');
    const keys = v.publicKeys.publicKeys.length;
    const last = bits === 0 ? -1 : indicesFromBitmap(bitmap)[bits - 1];
    if (last >= keys) throw new BcsError('out_of_range', `MultiKey bitmap names key ${last} of ${keys}`).within('signaturesBitmap');
  },
  read: (r) => multiKeyAuthenticatorFields.read(r),
});

export const functionInfo = /* @__PURE__ */ struct('FunctionInfo', {
  moduleAddress: address,
  moduleName: string,
  functionName: string,
});
export type FunctionInfo = Infer<typeof functionInfo>;

export const abstractionAuthData = /* @__PURE__ */ enumeration('AbstractionAuthData', {
  V1: /* @__PURE__ */ struct('AbstractionAuthDataV1', { signingMessageDigest: bytes, authenticator: bytes }),
  DerivableV1: /* @__PURE__ */ struct('AbstractionAuthDataDerivableV1', {
    signingMessageDigest: bytes,
    abstractSignature: bytes,
    abstractPublicKey: bytes,
  }),
});
export type AbstractionAuthData = Infer<typeof abstractionAuthData>;
export type AbstractionAuthDataInput = InferInput<typeof abstractionAuthData>;

const abstraction = /* @__PURE__ */ struct('AbstractionAuthenticator', {
  functionInfo,
  authData: abstractionAuthData,
});

export type AccountAuthenticator =
  | { $kind: 'Ed25519'; value: Ed25519Pair }
  | { $kind: 'MultiEd25519'; value: { publicKey: MultiEd25519PublicKey; signature: MultiEd25519Signature } }
  | { $kind: 'SingleKey'; value: { publicKey: AnyPublicKey; signature: AnySignature } }
  | { $kind: 'MultiKey'; value: { publicKeys: MultiKey; signatures: AnySignature[]; signaturesBitmap: Uint8Array } }
  | { $kind: 'NoAccountAuthenticator' }
  | { $kind: 'Abstraction'; value: { functionInfo: FunctionInfo; authData: AbstractionAuthData } };
export type AccountAuthenticatorInput =
  | { $kind: 'Ed25519'; value: Ed25519Pair }
  | { $kind: 'MultiEd25519'; value: { publicKey: MultiEd25519PublicKeyInput; signature: MultiEd25519SignatureInput } }
  | { $kind: 'SingleKey'; value: { publicKey: AnyPublicKeyInput; signature: AnySignatureInput } }
  | {
      $kind: 'MultiKey';
      value: { publicKeys: MultiKeyInput; signatures: readonly AnySignatureInput[]; signaturesBitmap: Uint8Array };
    }
  | { $kind: 'NoAccountAuthenticator'; value?: undefined }
  | { $kind: 'Abstraction'; value: { functionInfo: InferInput<typeof functionInfo>; authData: AbstractionAuthDataInput } };

type Payloads = readonly (readonly [string, Schema<unknown, never> | null])[];

/** A tagged union with one-byte indices (every authenticator enum has fewer than 128 variants). */
function union<T, I>(name: string, variants: Payloads): Schema<T, I> {
  const index = new Map(variants.map(([k], i) => [k, i]));
  return schema<T, I>({
    name,
    minSize: 1,
    write(w, v) {
      expectObject(v, name);
      const kind = (v as { $kind: string }).$kind;
      const i = index.get(kind);
      if (i === undefined) throw new BcsError('invalid_variant', `unknown variant ${String(kind)} of ${name}`);
      w.u8(i);
      const p = variants[i][1];
      if (p === null) return;
      try {
        p.write(w, (v as { value: never }).value);
      } catch (e) {
        within(e, kind);
      }
    },
    read(r) {
      const at = r.off;
      const i = r.uleb128();
      if (i >= variants.length) {
        throw new BcsError('invalid_variant', `invalid variant index ${i} for ${name} (expected 0 <= i < ${variants.length})`, at);
      }
      const [kind, p] = variants[i];
      if (p === null) return { $kind: kind } as T;
      try {
        return { $kind: kind, value: p.read(r) } as T;
      } catch (e) {
        within(e, kind);
      }
    },
  });
}

export const accountAuthenticator: Schema<AccountAuthenticator, AccountAuthenticatorInput> = /* @__PURE__ */ union(
  'AccountAuthenticator',
  [
    ['Ed25519', ed25519Pair],
    ['MultiEd25519', multiEd25519Pair],
    ['SingleKey', singleKeyAuthenticator],
    ['MultiKey', multiKeyAuthenticator],
    ['NoAccountAuthenticator', null],
    ['Abstraction', abstraction],
  ] as Payloads,
);

export type TransactionAuthenticator =
  | { $kind: 'Ed25519'; value: Ed25519Pair }
  | { $kind: 'MultiEd25519'; value: { publicKey: MultiEd25519PublicKey; signature: MultiEd25519Signature } }
  | {
      $kind: 'MultiAgent';
      value: { sender: AccountAuthenticator; secondarySignerAddresses: Address[]; secondarySigners: AccountAuthenticator[] };
    }
  | {
      $kind: 'FeePayer';
      value: {
        sender: AccountAuthenticator;
        secondarySignerAddresses: Address[];
        secondarySigners: AccountAuthenticator[];
        feePayerAddress: Address;
        feePayerSigner: AccountAuthenticator;
      };
    }
  | { $kind: 'SingleSender'; value: { sender: AccountAuthenticator } };
export type TransactionAuthenticatorInput =
  | { $kind: 'Ed25519'; value: Ed25519Pair }
  | { $kind: 'MultiEd25519'; value: { publicKey: MultiEd25519PublicKeyInput; signature: MultiEd25519SignatureInput } }
  | {
      $kind: 'MultiAgent';
      value: {
        sender: AccountAuthenticatorInput;
        secondarySignerAddresses: readonly AddressInput[];
        secondarySigners: readonly AccountAuthenticatorInput[];
      };
    }
  | {
      $kind: 'FeePayer';
      value: {
        sender: AccountAuthenticatorInput;
        secondarySignerAddresses: readonly AddressInput[];
        secondarySigners: readonly AccountAuthenticatorInput[];
        feePayerAddress: AddressInput;
        feePayerSigner: AccountAuthenticatorInput;
      };
    }
  | { $kind: 'SingleSender'; value: { sender: AccountAuthenticatorInput } };

const multiAgent = /* @__PURE__ */ struct('MultiAgentAuthenticator', {
  sender: accountAuthenticator,
  secondarySignerAddresses: /* @__PURE__ */ vector(address),
  secondarySigners: /* @__PURE__ */ vector(accountAuthenticator),
});

const feePayer = /* @__PURE__ */ struct('FeePayerAuthenticator', {
  sender: accountAuthenticator,
  secondarySignerAddresses: /* @__PURE__ */ vector(address),
  secondarySigners: /* @__PURE__ */ vector(accountAuthenticator),
  feePayerAddress: address,
  feePayerSigner: accountAuthenticator,
});

const singleSender = /* @__PURE__ */ struct('SingleSenderAuthenticator', { sender: accountAuthenticator });

export const transactionAuthenticator: Schema<TransactionAuthenticator, TransactionAuthenticatorInput> = /* @__PURE__ */ union(
  'TransactionAuthenticator',
  [
    ['Ed25519', ed25519Pair],
    ['MultiEd25519', multiEd25519Pair],
    ['MultiAgent', multiAgent],
    ['FeePayer', feePayer],
    ['SingleSender', singleSender],
  ] as Payloads,
);
