import { sha3_256 } from '@noble/hashes/sha3.js';
import { addressBytes, BcsError, quote, encodeWith, normalizeAddress, toHex, utf8Encode, type Address, type AddressInput, type BcsWriter } from '../bcs/index.js';
import { concatBytes } from '../bcs/internal.js';
import {
  anyPublicKey,
  multiEd25519PublicKey,
  multiKey,
  writeSignedTransaction,
  type AnyPublicKeyInput,
  type MultiEd25519PublicKeyInput,
  type MultiKeyInput,
  type SignedTransactionInput,
} from '../transactions/index.js';
import { expectBytes } from '../transactions/internal.js';

// Transaction hash (aptos-core types/src/transaction/mod.rs `SignedTransaction::committed_hash`)
// and authentication keys (types/src/transaction/authenticator.rs `AuthenticationKey`, `Scheme`).

/** The domain-separation prefix sha3-256(salt), e.g. for `APTOS::Transaction`. A fresh copy. */
export function hashPrefix(salt: string): Uint8Array {
  return sha3_256(utf8Encode(salt));
}

export const TRANSACTION_SALT = 'APTOS::Transaction';
/** sha3-256("APTOS::Transaction"), hashed once when the module loads (shared read-only through hash/internal.ts). */
export const USER_TRANSACTION_PREFIX = /* @__PURE__ */ hashPrefix(TRANSACTION_SALT);
/** sha3-256("APTOS::ContractEvent") and sha3-256("APTOS::EventAccumulator"): an event's hash and the event root's nodes. */
export const CONTRACT_EVENT_PREFIX = /* @__PURE__ */ hashPrefix('APTOS::ContractEvent');
export const EVENT_ACCUMULATOR_PREFIX = /* @__PURE__ */ hashPrefix('APTOS::EventAccumulator');

function writeHashInput(w: BcsWriter, t: SignedTransactionInput): void {
  w.ensure(33);
  w.buf.set(USER_TRANSACTION_PREFIX, w.off);
  w.buf[w.off + 32] = 0; // Transaction::UserTransaction
  w.off += 33;
  writeSignedTransaction(w, t);
}

/**
 * The committed (and pending) transaction hash, as bytes:
 * sha3-256(prefix("APTOS::Transaction") ‖ 00 ‖ bcs(SignedTransaction)).
 */
export function transactionHash(signed: SignedTransactionInput): Uint8Array {
  return sha3_256(encodeWith(writeHashInput, signed));
}

/** The transaction hash as the node shows it: `0x` + 64 hex digits. */
export function transactionHashHex(signed: SignedTransactionInput): string {
  return toHex(transactionHash(signed));
}

/** Scheme bytes appended to the preimage (authenticator.rs `Scheme`). */
export const AuthenticationKeyScheme = {
  Ed25519: 0x00,
  MultiEd25519: 0x01,
  SingleKey: 0x02,
  MultiKey: 0x03,
  Abstraction: 0x04,
  DeriveDomainAbstraction: 0x05,
} as const;

/** sha3-256(preimage ‖ scheme), as an address (a fresh account's address is its auth key). */
export function authenticationKey(preimage: Uint8Array, scheme: number): Address {
  expectBytes(preimage);
  if (!Number.isInteger(scheme) || scheme < 0 || scheme > 255) throw new BcsError('out_of_range', `an authentication key scheme is one byte, got ${typeof scheme === 'number' ? scheme : quote(scheme)}`);
  const input = new Uint8Array(preimage.length + 1);
  input.set(preimage);
  input[preimage.length] = scheme;
  return normalizeAddress(sha3_256(input));
}

/**
 * An address derived from `source` (types/src/account_address.rs `create_object_address` and kin):
 * sha3-256(source ‖ seed ‖ scheme), e.g. scheme 0xFE for a named object, 0xFC for a primary store.
 */
export function objectAddress(source: AddressInput, seed: Uint8Array, scheme: number): Address {
  return authenticationKey(concatBytes([addressBytes(source), seed], 32 + seed.length), scheme);
}

/** Auth key of a single Ed25519 key (scheme 0x00): preimage is the raw 32-byte key. */
export function ed25519AuthenticationKey(publicKey: Uint8Array): Address {
  if (expectBytes(publicKey).length !== 32) {
    throw new BcsError('invalid_length', `Ed25519PublicKey must be 32 bytes, got ${publicKey.length}`);
  }
  return authenticationKey(publicKey, AuthenticationKeyScheme.Ed25519);
}

/** Auth key of a MultiEd25519 key (scheme 0x01): pk₀‖…‖pkₙ₋₁‖threshold, without the length prefix. */
export function multiEd25519AuthenticationKey(publicKey: MultiEd25519PublicKeyInput): Address {
  const encoded = multiEd25519PublicKey.encode(publicKey);
  // Drop the uleb length prefix: the preimage is the key bytes themselves.
  const prefixLength = encoded.length - (32 * publicKey.publicKeys.length + 1);
  return authenticationKey(encoded.subarray(prefixLength), AuthenticationKeyScheme.MultiEd25519);
}

/** Auth key of a SingleKey account (scheme 0x02): preimage is bcs(AnyPublicKey). */
export function singleKeyAuthenticationKey(publicKey: AnyPublicKeyInput): Address {
  return authenticationKey(anyPublicKey.encode(publicKey), AuthenticationKeyScheme.SingleKey);
}

/** Auth key of a MultiKey account (scheme 0x03): preimage is bcs(MultiKey). */
export function multiKeyAuthenticationKey(key: MultiKeyInput): Address {
  return authenticationKey(multiKey.encode(key), AuthenticationKeyScheme.MultiKey);
}

/** sha3-256 over the concatenation of `chunks` (Node's own is ledger-bcs/ledger/node `nodeSha3`). */
export type Sha3 = (chunks: readonly Uint8Array[]) => Uint8Array;

/** sha3-256 of `input` written to `out` at `at` (no allocation): what a Sha3 may offer as its `into`. */
export type Sha3Into = (input: Uint8Array, out: Uint8Array, at: number) => void;

/** @noble/hashes' sha3-256: everywhere, but ~8× slower than Node's own. */
export const nobleSha3: Sha3 = (chunks) => {
  const h = sha3_256.create();
  for (const c of chunks) h.update(c);
  return h.digest();
};
