import { BcsError, fixedBytes, schema, type Schema } from '../bcs/index.js';
import * as d from './declare.js';
import { expectArray, expectBytes, expectObject, sizedBytes, within } from './checks.js';
import { countBits } from './bitmap.js';

// Public keys and signatures (aptos-core types/src/transaction/authenticator.rs `AnyPublicKey`,
// `AnySignature`; types/src/keyless for the keyless types; crates/aptos-crypto for the key
// lengths). Cold types: declared with the core's combinators, exact lengths checked both ways as
// the node's key types do.

const sized = (name: string, n: number): d.BytesDecl => d.leaf(sizedBytes(name, n), 'bytes');
const fixed = (n: number): d.BytesDecl => d.leaf(fixedBytes(n), 'bytes');

export const ed25519PublicKeyDecl = /* @__PURE__ */ sized('Ed25519PublicKey', 32);
export const ed25519SignatureDecl = /* @__PURE__ */ sized('Ed25519Signature', 64);
const secp256k1PublicKeyDecl = /* @__PURE__ */ sized('Secp256k1EcdsaPublicKey', 65);
const secp256k1SignatureDecl = /* @__PURE__ */ sized('Secp256k1EcdsaSignature', 64);
const secp256r1PublicKeyDecl = /* @__PURE__ */ sized('Secp256r1EcdsaPublicKey', 65);
const secp256r1SignatureDecl = /* @__PURE__ */ sized('Secp256r1EcdsaSignature', 64);
/** SLH-DSA-SHA2-128s public key: 32 bytes (its variant index is taken from ts-sdk; the node's enum was not seen). */
const slhDsaPublicKeyDecl = /* @__PURE__ */ sized('SlhDsaSha2_128sPublicKey', 32);

export const ed25519PublicKey = /* @__PURE__ */ d.schemaOf(ed25519PublicKeyDecl);
export const ed25519Signature = /* @__PURE__ */ d.schemaOf(ed25519SignatureDecl);
export const secp256k1PublicKey = /* @__PURE__ */ d.schemaOf(secp256k1PublicKeyDecl);
export const secp256k1Signature = /* @__PURE__ */ d.schemaOf(secp256k1SignatureDecl);
export const secp256r1PublicKey = /* @__PURE__ */ d.schemaOf(secp256r1PublicKeyDecl);
export const secp256r1Signature = /* @__PURE__ */ d.schemaOf(secp256r1SignatureDecl);
export const slhDsaPublicKey = /* @__PURE__ */ d.schemaOf(slhDsaPublicKeyDecl);

const keylessPublicKeyDecl = /* @__PURE__ */ d.struct('KeylessPublicKey', {
  issVal: d.string,
  idc: d.bytes,
});
export const keylessPublicKey = /* @__PURE__ */ d.schemaOf(keylessPublicKeyDecl);
export interface KeylessPublicKey extends d.DeclValue<typeof keylessPublicKeyDecl> {}

const federatedKeylessPublicKeyDecl = /* @__PURE__ */ d.struct('FederatedKeylessPublicKey', {
  jwkAddr: d.address,
  pk: keylessPublicKeyDecl,
});
export const federatedKeylessPublicKey = /* @__PURE__ */ d.schemaOf(federatedKeylessPublicKeyDecl);

const anyPublicKeyFields = /* @__PURE__ */ d.enumeration('AnyPublicKey', {
  Ed25519: ed25519PublicKeyDecl,
  Secp256k1Ecdsa: secp256k1PublicKeyDecl,
  Secp256r1Ecdsa: secp256r1PublicKeyDecl,
  Keyless: keylessPublicKeyDecl,
  FederatedKeyless: federatedKeylessPublicKeyDecl,
  SlhDsa_Sha2_128s: slhDsaPublicKeyDecl,
});
export type AnyPublicKey = d.DeclValue<typeof anyPublicKeyFields>;
export type AnyPublicKeyInput = d.DeclInput<typeof anyPublicKeyFields>;
/** Named so that the declarations embedding it stay small to type-check. */
export interface AnyPublicKeySchema extends Schema<AnyPublicKey, AnyPublicKeyInput> {}
export const anyPublicKeyDecl: d.Decl<AnyPublicKeySchema> = anyPublicKeyFields;
export const anyPublicKey = /* @__PURE__ */ d.schemaOf(anyPublicKeyDecl);

const assertionSignatureDecl = /* @__PURE__ */ d.enumeration('AssertionSignature', {
  Secp256r1Ecdsa: secp256r1SignatureDecl,
});
export const assertionSignature = /* @__PURE__ */ d.schemaOf(assertionSignatureDecl);

/** WebAuthn assertion (`PartialAuthenticatorAssertionResponse`, types/src/transaction/webauthn.rs). */
const webAuthnSignatureDecl = /* @__PURE__ */ d.struct('PartialAuthenticatorAssertionResponse', {
  signature: assertionSignatureDecl,
  authenticatorData: d.bytes,
  clientDataJson: d.bytes,
});
export const webAuthnSignature = /* @__PURE__ */ d.schemaOf(webAuthnSignatureDecl);

const ephemeralPublicKeyDecl = /* @__PURE__ */ d.enumeration('EphemeralPublicKey', {
  Ed25519: ed25519PublicKeyDecl,
  Secp256r1Ecdsa: secp256r1PublicKeyDecl,
});
export const ephemeralPublicKey = /* @__PURE__ */ d.schemaOf(ephemeralPublicKeyDecl);

const ephemeralSignatureDecl = /* @__PURE__ */ d.enumeration('EphemeralSignature', {
  Ed25519: ed25519SignatureDecl,
  WebAuthn: webAuthnSignatureDecl,
});
export const ephemeralSignature = /* @__PURE__ */ d.schemaOf(ephemeralSignatureDecl);

const zkProofDecl = /* @__PURE__ */ d.enumeration('ZKP', {
  Groth16: /* @__PURE__ */ d.struct('Groth16Proof', { a: /* @__PURE__ */ fixed(32), b: /* @__PURE__ */ fixed(64), c: /* @__PURE__ */ fixed(32) }),
});
export const zkProof = /* @__PURE__ */ d.schemaOf(zkProofDecl);

const ephemeralCertificateDecl = /* @__PURE__ */ d.enumeration('EphemeralCertificate', {
  ZeroKnowledgeSig: /* @__PURE__ */ d.struct('ZeroKnowledgeSig', {
    proof: zkProofDecl,
    expHorizonSecs: d.u64,
    extraField: /* @__PURE__ */ d.option(d.string),
    overrideAudVal: /* @__PURE__ */ d.option(d.string),
    trainingWheelsSignature: /* @__PURE__ */ d.option(ephemeralSignatureDecl),
  }),
  OpenIdSig: /* @__PURE__ */ d.struct('OpenIdSig', {
    jwtSig: d.bytes,
    jwtPayloadJson: d.string,
    uidKey: d.string,
    epkBlinder: d.bytes,
    pepper: /* @__PURE__ */ fixed(31),
    idcAudVal: /* @__PURE__ */ d.option(d.string),
  }),
});
export const ephemeralCertificate = /* @__PURE__ */ d.schemaOf(ephemeralCertificateDecl);

const keylessSignatureFields = /* @__PURE__ */ d.struct('KeylessSignature', {
  cert: ephemeralCertificateDecl,
  jwtHeaderJson: d.string,
  expDateSecs: d.u64,
  ephemeralPubkey: ephemeralPublicKeyDecl,
  ephemeralSignature: ephemeralSignatureDecl,
});
export interface KeylessSignature extends d.DeclValue<typeof keylessSignatureFields> {}
/** Named so that the declarations embedding it stay small to type-check. */
export interface KeylessSignatureSchema extends Schema<KeylessSignature, d.DeclInput<typeof keylessSignatureFields>> {}
export const keylessSignatureDecl: d.Decl<KeylessSignatureSchema> = keylessSignatureFields;
export const keylessSignature = /* @__PURE__ */ d.schemaOf(keylessSignatureDecl);

const anySignatureFields = /* @__PURE__ */ d.enumeration('AnySignature', {
  Ed25519: ed25519SignatureDecl,
  Secp256k1Ecdsa: secp256k1SignatureDecl,
  WebAuthn: webAuthnSignatureDecl,
  Keyless: keylessSignatureDecl,
  SlhDsa_Sha2_128s: d.bytes,
});
export type AnySignature = d.DeclValue<typeof anySignatureFields>;
export type AnySignatureInput = d.DeclInput<typeof anySignatureFields>;
/** Named so that the declarations embedding it stay small to type-check. */
export interface AnySignatureSchema extends Schema<AnySignature, AnySignatureInput> {}
export const anySignatureDecl: d.Decl<AnySignatureSchema> = anySignatureFields;
export const anySignature = /* @__PURE__ */ d.schemaOf(anySignatureDecl);

const multiKeyFieldsDecl = /* @__PURE__ */ d.struct('MultiKey', {
  publicKeys: /* @__PURE__ */ d.vector(anyPublicKeyDecl),
  signaturesRequired: d.u8,
});
const multiKeyFields = /* @__PURE__ */ d.schemaOf(multiKeyFieldsDecl);
export interface MultiKey extends d.DeclValue<typeof multiKeyFieldsDecl> {}
export type MultiKeyInput = d.DeclInput<typeof multiKeyFieldsDecl>;

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
export const multiKeyDecl = /* @__PURE__ */ d.specialised(multiKeyFieldsDecl, multiKey);

/** aptos-bitvec's deserializer refuses a BitVec of more than 32 bytes (MAX_BUCKETS: bits 0..255). */
export const MAX_BITVEC_BYTES = 32;

function bitVecTooLong(n: number, at = -1): BcsError {
  return new BcsError('invalid_length', `BitVec too long: ${n} bytes, at most ${MAX_BITVEC_BYTES}`, at);
}

/** `BitVec { inner: bytes }` (aptos-bitvec), MSB-first, at most 32 bytes both ways. */
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
export const bitVecDecl = /* @__PURE__ */ d.leaf(bitVec, 'bytes');

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
// The layout is not the fields' own, so the JSON shape is written out.
export const multiEd25519PublicKeyDecl = /* @__PURE__ */ d.leaf(multiEd25519PublicKey, { struct: { publicKeys: { vector: 'bytes' }, threshold: 'u8' } });

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
export const multiEd25519SignatureDecl = /* @__PURE__ */ d.leaf(multiEd25519Signature, { struct: { signatures: { vector: 'bytes' }, bitmap: 'bytes' } });
