import { sha3_256 } from '@noble/hashes/sha3.js';
import { addressBytes, BcsError, uleb128, type AddressInput } from '../bcs/index.js';
import { concatBytes } from '../bcs/internal.js';
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
  switch (key.$kind) {
    case 'AccessPath': {
      const path = expectBytes(key.value.path);
      const length = uleb128.encode(path.length);
      return concatBytes([Uint8Array.of(0), addressBytes(key.value.address), length, path], 33 + length.length + path.length);
    }
    case 'TableItem': {
      const k = expectBytes(key.value.key);
      return concatBytes([Uint8Array.of(1), addressBytes(key.value.handle), k], 33 + k.length);
    }
    case 'Raw': {
      const raw = expectBytes(key.value);
      return concatBytes([Uint8Array.of(255), raw], 1 + raw.length);
    }
    default:
      throw new BcsError('invalid_variant', `a state key is AccessPath, TableItem or Raw, got ${String((key as { $kind?: unknown }).$kind)}`);
  }
}

/** Builds the state key hasher, its prefix sha3(STATE_KEY_SALT) hashed once per call. */
export function stateKeyHasher(): (key: StateKeyInput) => Uint8Array {
  const prefix = hashPrefix(STATE_KEY_SALT);
  return (key) => sha3_256.create().update(prefix).update(encodeStateKey(key)).digest();
}

/** `state_key_hash`: sha3-256(sha3("APTOS::StateKey") ‖ StateKeyInner::encode()). */
export function stateKeyHash(key: StateKeyInput): Uint8Array {
  return stateKeyHasher()(key);
}
