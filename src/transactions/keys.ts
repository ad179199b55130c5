import {
  address,
  BcsError,
  bytes,
  enumeration,
  fixedBytes,
  option,
  schema,
  string,
  struct,
  u64,
  u8,
  vector,
  type Infer,
  type InferInput,
  type Schema,
} from '../bcs/index.js';
import { expectArray, expectBytes, expectObject, sizedBytes, within } from './internal.js';
import { countBits } from './bitmap.js';

// Public keys and signatures (wire-format.md §2.1, §2.6). Cold types: built from the core's
// combinators, with exact lengths checked both ways as the node's key types do.

export const ed25519PublicKey = /* @__PURE__ */ sizedBytes('Ed25519PublicKey', 32);
export const ed25519Signature = /* @__PURE__ */ sizedBytes('Ed25519Signature', 64);
export const secp256k1PublicKey = /* @__PURE__ */ sizedBytes('Secp256k1EcdsaPublicKey', 65);
export const secp256k1Signature = /* @__PURE__ */ sizedBytes('Secp256k1EcdsaSignature', 64);
export const secp256r1PublicKey = /* @__PURE__ */ sizedBytes('Secp256r1EcdsaPublicKey', 65);
export const secp256r1Signature = /* @__PURE__ */ sizedBytes('Secp256r1EcdsaSignature', 64);
/** SLH-DSA-SHA2-128s public key: 32 bytes (index from ts-sdk only, §6.6). */
export const slhDsaPublicKey = /* @__PURE__ */ sizedBytes('SlhDsaSha2_128sPublicKey', 32);

export const keylessPublicKey = /* @__PURE__ */ struct('KeylessPublicKey', {
  issVal: string,
  idc: bytes,
});
export type KeylessPublicKey = Infer<typeof keylessPublicKey>;

export const federatedKeylessPublicKey = /* @__PURE__ */ struct('FederatedKeylessPublicKey', {
  jwkAddr: address,
  pk: keylessPublicKey,
});

export const anyPublicKey = /* @__PURE__ */ enumeration('AnyPublicKey', {
  Ed25519: ed25519PublicKey,
  Secp256k1Ecdsa: secp256k1PublicKey,
  Secp256r1Ecdsa: secp256r1PublicKey,
  Keyless: keylessPublicKey,
  FederatedKeyless: federatedKeylessPublicKey,
  SlhDsa_Sha2_128s: slhDsaPublicKey,
});
export type AnyPublicKey = Infer<typeof anyPublicKey>;
export type AnyPublicKeyInput = InferInput<typeof anyPublicKey>;

export const assertionSignature = /* @__PURE__ */ enumeration('AssertionSignature', {
  Secp256r1Ecdsa: secp256r1Signature,
});

/** WebAuthn assertion (`PartialAuthenticatorAssertionResponse`). */
export const webAuthnSignature = /* @__PURE__ */ struct('PartialAuthenticatorAssertionResponse', {
  signature: assertionSignature,
  authenticatorData: bytes,
  clientDataJson: bytes,
});

export const ephemeralPublicKey = /* @__PURE__ */ enumeration('EphemeralPublicKey', {
  Ed25519: ed25519PublicKey,
  Secp256r1Ecdsa: secp256r1PublicKey,
});

export const ephemeralSignature = /* @__PURE__ */ enumeration('EphemeralSignature', {
  Ed25519: ed25519Signature,
  WebAuthn: webAuthnSignature,
});

export const zkProof = /* @__PURE__ */ enumeration('ZKP', {
  Groth16: /* @__PURE__ */ struct('Groth16Proof', { a: /* @__PURE__ */ fixedBytes(32), b: /* @__PURE__ */ fixedBytes(64), c: /* @__PURE__ */ fixedBytes(32) }),
});

export const ephemeralCertificate = /* @__PURE__ */ enumeration('EphemeralCertificate', {
  ZeroKnowledgeSig: /* @__PURE__ */ struct('ZeroKnowledgeSig', {
    proof: zkProof,
    expHorizonSecs: u64,
    extraField: /* @__PURE__ */ option(string),
    overrideAudVal: /* @__PURE__ */ option(string),
    trainingWheelsSignature: /* @__PURE__ */ option(ephemeralSignature),
  }),
  OpenIdSig: /* @__PURE__ */ struct('OpenIdSig', {
    jwtSig: bytes,
    jwtPayloadJson: string,
    uidKey: string,
    epkBlinder: bytes,
    pepper: /* @__PURE__ */ fixedBytes(31),
    idcAudVal: /* @__PURE__ */ option(string),
  }),
});

export const keylessSignature = /* @__PURE__ */ struct('KeylessSignature', {
  cert: ephemeralCertificate,
  jwtHeaderJson: string,
  expDateSecs: u64,
  ephemeralPubkey: ephemeralPublicKey,
  ephemeralSignature,
});
export type KeylessSignature = Infer<typeof keylessSignature>;

export const anySignature = /* @__PURE__ */ enumeration('AnySignature', {
  Ed25519: ed25519Signature,
  Secp256k1Ecdsa: secp256k1Signature,
  WebAuthn: webAuthnSignature,
  Keyless: keylessSignature,
  SlhDsa_Sha2_128s: bytes,
});
export type AnySignature = Infer<typeof anySignature>;
export type AnySignatureInput = InferInput<typeof anySignature>;

const multiKeyFields = /* @__PURE__ */ struct('MultiKey', {
  publicKeys: /* @__PURE__ */ vector(anyPublicKey),
  signaturesRequired: u8,
});
export type MultiKey = Infer<typeof multiKeyFields>;
export type MultiKeyInput = InferInput<typeof multiKeyFields>;

/** The node's `MultiKey::new` limit on public keys (MAX_NUM_OF_SIGS). */
export const MAX_MULTI_KEY_KEYS = 32;

/**
 * `MultiKey { public_keys, signatures_required }` (k-of-n over AnyPublicKey). Encoding refuses what
 * the node's `MultiKey::new` refuses (k = 0, n > 32, n < k); decoding accepts what its derived
 * deserializer accepts, so any on-chain bytes still read.
 */
export const multiKey: Schema<MultiKey, MultiKeyInput> = /* @__PURE__ */ schema({
  name: 'MultiKey',
  // Literal sizes and a wrapped read: reading a property of another schema here would be a side
  // effect to bundlers, which would then keep every key type in bundles that use none.
  minSize: 2,
  write(w, v) {
    multiKeyFields.write(w, v);
    const n = v.publicKeys.length;
    const k = v.signaturesRequired;
    if (k < 1 || n < k) throw new BcsError('out_of_range', `MultiKey requires ${k} of ${n} signatures: expected 1 to ${n}`).within('signaturesRequired');
    if (n > MAX_MULTI_KEY_KEYS) throw new BcsError('invalid_length', `a MultiKey holds at most ${MAX_MULTI_KEY_KEYS} public keys, got ${n}`).within('publicKeys');
  },
  read: (r) => multiKeyFields.read(r),
});

/** aptos-bitvec's deserializer refuses a BitVec of more than 32 bytes (MAX_BUCKETS: bits 0..255). */
export const MAX_BITVEC_BYTES = 32;

function bitVecTooLong(n: number, at = -1): BcsError {
  return new BcsError('invalid_length', `BitVec too long: ${n} bytes, at most ${MAX_BITVEC_BYTES}`, at);
}

/** `BitVec { inner: bytes }`, MSB-first, at most 32 bytes both ways. */
export const bitVec: Schema<Uint8Array> = /* @__PURE__ */ schema({
  name: 'BitVec',
  minSize: 1,
  write(w, v) {
    if (expectBytes(v).length > MAX_BITVEC_BYTES) throw bitVecTooLong(v.length);
    w.bytes(v);
  },
  read(r) {
    const at = r.off;
    const b = r.bytes();
    if (b.length > MAX_BITVEC_BYTES) throw bitVecTooLong(b.length, at);
    return b;
  },
});

// ---------------------------------------------------------------------------------------------
// MultiEd25519: one `bytes` field each, laid out pk₀‖…‖pkₙ₋₁‖threshold and sig…‖bitmap(4).

/** Most keys a MultiEd25519 key may hold (the node's MAX_NUM_OF_KEYS). */
export const MAX_MULTI_ED25519_KEYS = 32;

export interface MultiEd25519PublicKey {
  publicKeys: Uint8Array[];
  threshold: number;
}
export interface MultiEd25519PublicKeyInput {
  publicKeys: readonly Uint8Array[];
  threshold: number;
}

function checkMultiEd25519PublicKey(n: number, threshold: number, at = -1): void {
  if (n < 1 || n > MAX_MULTI_ED25519_KEYS) {
    throw new BcsError('invalid_length', `a MultiEd25519 public key holds 1 to ${MAX_MULTI_ED25519_KEYS} keys, got ${n}`, at);
  }
  if (threshold < 1 || threshold > n) {
    throw new BcsError('out_of_range', `MultiEd25519 threshold ${threshold} is not in 1..${n}`, at);
  }
}

export const multiEd25519PublicKey: Schema<MultiEd25519PublicKey, MultiEd25519PublicKeyInput> = /* @__PURE__ */ schema({
  name: 'MultiEd25519PublicKey',
  minSize: 1 + 33,
  write(w, v) {
    expectObject(v, 'MultiEd25519PublicKey');
    const keys = v.publicKeys;
    expectArray(keys, 'publicKeys');
    const n = keys.length;
    const t = v.threshold;
    if (typeof t !== 'number' || !Number.isInteger(t)) throw new BcsError('invalid_type', 'threshold must be an integer');
    checkMultiEd25519PublicKey(n, t);
    w.length(32 * n + 1);
    for (let i = 0; i < n; i++) {
      if (expectBytes(keys[i]).length !== 32) {
        within(new BcsError('invalid_length', `Ed25519PublicKey must be 32 bytes, got ${keys[i].length}`), i, 'publicKeys');
      }
      w.raw(keys[i]);
    }
    w.u8(t);
  },
  read(r) {
    const at = r.off;
    const b = r.bytes();
    if (b.length % 32 !== 1) throw new BcsError('invalid_length', `MultiEd25519PublicKey length ${b.length} is not 32n+1`, at);
    const n = (b.length - 1) / 32;
    const threshold = b[b.length - 1];
    checkMultiEd25519PublicKey(n, threshold, at);
    const publicKeys: Uint8Array[] = new Array(n);
    for (let i = 0; i < n; i++) publicKeys[i] = b.slice(32 * i, 32 * i + 32);
    return { publicKeys, threshold };
  },
});

export interface MultiEd25519Signature {
  /** Signatures in ascending order of key index. */
  signatures: Uint8Array[];
  /** 4 bytes, MSB-first: bit i set when key i signed. */
  bitmap: Uint8Array;
}
export interface MultiEd25519SignatureInput {
  signatures: readonly Uint8Array[];
  bitmap: Uint8Array;
}

function checkMultiEd25519Signature(n: number, bitmap: Uint8Array, at = -1): void {
  if (n < 1 || n > MAX_MULTI_ED25519_KEYS) {
    throw new BcsError('invalid_length', `a MultiEd25519 signature holds 1 to ${MAX_MULTI_ED25519_KEYS} signatures, got ${n}`, at);
  }
  const bits = countBits(bitmap);
  if (bits !== n) throw new BcsError('invalid_length', `MultiEd25519 bitmap has ${bits} bits set for ${n} signatures`, at);
}

export const multiEd25519Signature: Schema<MultiEd25519Signature, MultiEd25519SignatureInput> = /* @__PURE__ */ schema({
  name: 'MultiEd25519Signature',
  minSize: 1 + 68,
  write(w, v) {
    expectObject(v, 'MultiEd25519Signature');
    const sigs = v.signatures;
    expectArray(sigs, 'signatures');
    const bitmap = expectBytes(v.bitmap);
    if (bitmap.length !== 4) throw new BcsError('invalid_length', `MultiEd25519 bitmap must be 4 bytes, got ${bitmap.length}`).within('bitmap');
    const n = sigs.length;
    checkMultiEd25519Signature(n, bitmap);
    w.length(64 * n + 4);
    for (let i = 0; i < n; i++) {
      if (expectBytes(sigs[i]).length !== 64) {
        within(new BcsError('invalid_length', `Ed25519Signature must be 64 bytes, got ${sigs[i].length}`), i, 'signatures');
      }
      w.raw(sigs[i]);
    }
    w.raw(bitmap);
  },
  read(r) {
    const at = r.off;
    const b = r.bytes();
    if (b.length % 64 !== 4) throw new BcsError('invalid_length', `MultiEd25519Signature length ${b.length} is not 64n+4`, at);
    const n = (b.length - 4) / 64;
    const bitmap = b.slice(64 * n);
    checkMultiEd25519Signature(n, bitmap, at);
    const signatures: Uint8Array[] = new Array(n);
    for (let i = 0; i < n; i++) signatures[i] = b.slice(64 * i, 64 * i + 64);
    return { signatures, bitmap };
  },
});
