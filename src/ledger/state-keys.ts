import type { Address, AddressInput } from '../bcs/index.js';
import { parseAddressInto } from '../bcs/internal.js';
import type { StructTagInput } from '../move/index.js';
import { stateKey } from '../records/index.js';
import { accessPath } from '../records/internal.js';

// State keys of the framework's resources, as types/src/state_store/state_key encodes them:
// `StateKeyInner::AccessPath(AccessPath { address, path })` where `path` is the BCS of
// types/src/access_path.rs `Path::Resource(StructTag)` or `Path::ResourceGroup(StructTag)`.

function accessPathKey(address: AddressInput, kind: 'Resource' | 'ResourceGroup', tag: StructTagInput): Uint8Array {
  return stateKey.schema.encode({ $kind: 'AccessPath', value: { address, path: accessPath.schema.encode({ $kind: kind, value: tag }) } });
}

/** The state key of the resource `tag` under `address`. */
export function resourceKey(address: AddressInput, tag: StructTagInput): Uint8Array {
  return accessPathKey(address, 'Resource', tag);
}

/** The state key of the resource group `tag` under `address` (e.g. `0x1::object::ObjectGroup`). */
export function resourceGroupKey(address: AddressInput, tag: StructTagInput): Uint8Array {
  return accessPathKey(address, 'ResourceGroup', tag);
}

/** A framework struct at 0x1 without type arguments, e.g. `framework('account', 'Account')`. */
export function framework(module: string, name: string, typeArgs: StructTagInput['typeArgs'] = []): StructTagInput {
  return { address: '0x1', module, name, typeArgs };
}

// The framework resources the state endpoints read (aptos-move/framework/aptos-framework), keyed as
// api/src/accounts.rs builds them. A key is `00 ‖ address ‖ path`: the path part depends on the
// resource only, so it is encoded once and each request copies the address in.

/** The key `00 ‖ address ‖ tail`: a resource's key with another address in it. */
export function keyAt(tail: Uint8Array, address: Address): Uint8Array {
  const key = new Uint8Array(33 + tail.length);
  parseAddressInto(address, key, 1);
  key.set(tail, 33);
  return key;
}

/** A state key builder for one resource: the encoded key's tail after the address, kept. */
/* @__NO_SIDE_EFFECTS__ */
function keyOf(encode: (address: string) => Uint8Array): (address: Address) => Uint8Array {
  const tail = encode('0x0').subarray(33);
  return (address) => keyAt(tail, address);
}

/** `0x1::account::Account` (types/src/account_config/resources/core_account.rs `AccountResource`). */
export const accountKey = /* @__PURE__ */ keyOf((a) => resourceKey(a, framework('account', 'Account')));
/** `0x1::object::ObjectGroup`, the resource group an object's resources live in. */
export const objectGroupKey = /* @__PURE__ */ keyOf((a) => resourceGroupKey(a, framework('object', 'ObjectGroup')));
/** The tail of `0x1::coin::CoinStore<coin>`'s key, for `keyAt`. */
export const coinStoreKeyTail = (coin: StructTagInput): Uint8Array => resourceKey('0x0', framework('coin', 'CoinStore', [{ $kind: 'struct', value: coin }])).subarray(33);
/** `0x1::features::Features { features: vector<u8> }` at 0x1. */
export const FEATURES_KEY = /* @__PURE__ */ resourceKey('0x1', /* @__PURE__ */ framework('features', 'Features'));
