import { toHex, type Address } from '../bcs/index.js';
import { ed25519AuthenticationKey } from '../hash/index.js';
import { SigningError } from './errors.js';
import { privateKeyBytes, type PrivateKeyInput } from './private-key.js';

// Ed25519 through the platform's WebCrypto (Node 20+, current browsers, Deno, Bun): no dependency.
// WebCrypto imports an Ed25519 private key only as PKCS#8 or JWK, so the 32-byte seed is wrapped
// in the fixed PKCS#8 header of RFC 8410 (OneAsymmetricKey, id-Ed25519, OCTET STRING of the seed).

/** RFC 8410: SEQUENCE { INTEGER 0, SEQUENCE { OID 1.3.101.112 }, OCTET STRING { OCTET STRING (32) } }. */
const PKCS8_ED25519_HEADER = [0x30, 0x2e, 0x02, 0x01, 0x00, 0x30, 0x05, 0x06, 0x03, 0x2b, 0x65, 0x70, 0x04, 0x22, 0x04, 0x20];

const ED25519 = 'Ed25519';

/** A key that signs: the private half stays inside WebCrypto, not extractable. */
export interface Ed25519Signer {
  readonly scheme: 'ed25519';
  /** The 32-byte public key. */
  readonly publicKey: Uint8Array;
  /** sha3-256(publicKey ‖ 0x00): the address of an account created with this key (types/src/transaction/authenticator.rs `AuthenticationKey::ed25519`). */
  readonly authenticationKey: Address;
  /** The 64-byte Ed25519 signature of `message` (deterministic, RFC 8032). */
  sign(message: Uint8Array): Promise<Uint8Array>;
}

function subtle(): SubtleCrypto {
  const s = (globalThis as { crypto?: { subtle?: SubtleCrypto } }).crypto?.subtle;
  if (s === undefined) {
    throw new SigningError('webcrypto_unavailable', 'this platform has no WebCrypto (globalThis.crypto.subtle); browsers offer it only on secure (https or localhost) pages');
  }
  return s;
}

/** A WebCrypto failure: `NotSupportedError` (or a TypeError naming the algorithm) means no Ed25519. */
function platformError(e: unknown): SigningError {
  const name = (e as { name?: unknown } | null)?.name;
  const message = e instanceof Error ? e.message : String(e);
  if (name === 'NotSupportedError' || (name === 'TypeError' && /algorithm|ed25519/i.test(message))) {
    return new SigningError('ed25519_unsupported', `this platform's WebCrypto (crypto.subtle) does not support Ed25519 (${message})`, e);
  }
  return new SigningError('invalid_key', `WebCrypto refused the key: ${message}`, e);
}

/** A copy backed by a plain ArrayBuffer, as WebCrypto's types ask. */
const own = (b: Uint8Array): Uint8Array<ArrayBuffer> => new Uint8Array(b);

function base64UrlBytes(text: string): Uint8Array {
  const bin = atob(text.replace(/-/g, '+').replace(/_/g, '/'));
  const out = new Uint8Array(bin.length);
  for (let i = 0; i < bin.length; i++) out[i] = bin.charCodeAt(i);
  return out;
}

/** A signer for an Ed25519 private key given as AIP-80 text, hex, or the 32-byte seed. */
export async function ed25519Signer(key: PrivateKeyInput): Promise<Ed25519Signer> {
  const s = subtle();
  const seed = privateKeyBytes(key);
  const pkcs8 = new Uint8Array(48);
  pkcs8.set(PKCS8_ED25519_HEADER);
  pkcs8.set(seed, 16);
  seed.fill(0);
  let publicKey: Uint8Array;
  let privateKey: CryptoKey;
  try {
    // Imported once extractable, only to read the public half (JWK `x`); the key kept is not.
    const readable = await s.importKey('pkcs8', pkcs8, ED25519, true, ['sign']);
    const jwk = await s.exportKey('jwk', readable);
    publicKey = base64UrlBytes(jwk.x ?? '');
    privateKey = await s.importKey('pkcs8', pkcs8, ED25519, false, ['sign']);
  } catch (e) {
    throw platformError(e);
  } finally {
    pkcs8.fill(0);
  }
  if (publicKey.length !== 32) throw new SigningError('invalid_key', 'WebCrypto derived no 32-byte Ed25519 public key');
  const authenticationKey = ed25519AuthenticationKey(publicKey);
  return Object.freeze({
    scheme: 'ed25519' as const,
    publicKey,
    authenticationKey,
    async sign(message: Uint8Array): Promise<Uint8Array> {
      try {
        return new Uint8Array(await s.sign(ED25519, privateKey, own(message)));
      } catch (e) {
        throw platformError(e);
      }
    },
    // A signer printed or logged shows its public half only.
    toJSON: () => ({ scheme: 'ed25519', publicKey: toHex(publicKey), authenticationKey }),
  });
}

/** Whether `signature` is `publicKey`'s Ed25519 signature of `message` (RFC 8032 verification, by WebCrypto). */
export async function verifyEd25519Signature(publicKey: Uint8Array, message: Uint8Array, signature: Uint8Array): Promise<boolean> {
  const s = subtle();
  if (!(publicKey instanceof Uint8Array) || publicKey.length !== 32) throw new SigningError('invalid_key', 'an Ed25519 public key is 32 bytes');
  if (!(signature instanceof Uint8Array) || signature.length !== 64) return false;
  let key: CryptoKey;
  try {
    key = await s.importKey('raw', own(publicKey), ED25519, false, ['verify']);
  } catch (e) {
    const err = platformError(e);
    if (err.code === 'ed25519_unsupported') throw err;
    return false; // not a point on the curve: nothing verifies against it
  }
  try {
    return await s.verify(ED25519, key, own(signature), own(message));
  } catch (e) {
    throw platformError(e);
  }
}
