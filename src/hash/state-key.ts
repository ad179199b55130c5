import { sha3_256 } from '@noble/hashes/sha3.js';
import { BcsError, encodeWith, writeAddress, type AddressInput, type BcsWriter } from '../bcs/index.js';
import { expectBytes } from '../transactions/internal.js';
import { hashPrefix } from './hash.js';

// The state key hash (`state_key_hash` in the node's JSON, and the key of the state tree).
// aptos-core types/src/state_store/state_key/registry.rs hashes `StateKeyInner::encode()` (inner.rs)
// with `StateKeyInnerHasher`, whose salt is the type's serde name: `#[serde(rename = "StateKey")]`.
// `encode()` is not the enum's BCS: a one-byte tag (StateKeyTag: AccessPath 0, TableItem 1,
// Raw 255), then bcs(AccessPath), or bcs(handle) and the key's bytes without a length, or the bytes.

/** The hasher's salt: the serde name of StateKeyInner. */
export const STATE_KEY_SALT = 'APTOS::StateKey';

/** A state key by its parts (records' `StateKey` fits): `path` is the BCS of access_path.rs `Path`. */
export type StateKeyInput =
  | { $kind: 'AccessPath'; value: { address: AddressInput; path: Uint8Array } }
  | { $kind: 'TableItem'; value: { handle: AddressInput; key: Uint8Array } }
  | { $kind: 'Raw'; value: Uint8Array };

/** `StateKeyInner::encode()`: the bytes the state key hash is taken over (and the node stores keys by). */
export function encodeStateKey(key: StateKeyInput): Uint8Array {
  // Written in place in the shared scratch writer: one allocation (the result) per key.
  return encodeWith(writeStateKey, key);
}

/** Writes `StateKeyInner::encode()` of `key` (hash/internal.ts: node-json hashes it in its own writer). */
export function writeStateKey(w: BcsWriter, key: StateKeyInput): void {
  switch (key.$kind) {
    case 'AccessPath': {
      const path = expectBytes(key.value.path);
      w.u8(0);
      writeAddress(w, key.value.address);
      w.length(path.length);
      w.raw(path);
      return;
    }
    case 'TableItem': {
      const k = expectBytes(key.value.key);
      w.u8(1);
      writeAddress(w, key.value.handle);
      w.raw(k);
      return;
    }
    case 'Raw': {
      const raw = expectBytes(key.value);
      w.u8(255);
      w.raw(raw);
      return;
    }
    default:
      throw new BcsError('invalid_variant', `a state key is AccessPath, TableItem or Raw, got ${String((key as { $kind?: unknown }).$kind)}`);
  }
}

/** sha3-256(STATE_KEY_SALT), hashed once when the module loads (read-only, as USER_TRANSACTION_PREFIX). */
export const STATE_KEY_PREFIX = /* @__PURE__ */ hashPrefix(STATE_KEY_SALT);

/** `state_key_hash`: sha3-256(sha3("APTOS::StateKey") ‖ StateKeyInner::encode()). */
export function stateKeyHash(key: StateKeyInput): Uint8Array {
  return sha3_256.create().update(STATE_KEY_PREFIX).update(encodeStateKey(key)).digest();
}
