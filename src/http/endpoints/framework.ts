import type { Address } from '../../bcs/index.js';
import { parseAddressInto } from '../../bcs/internal.js';
import { resourceGroupKey, resourceKey } from '../../ledger/index.js';
import type { StructTagInput } from '../../move/index.js';

// The framework resources the state endpoints read (aptos-move/framework/aptos-framework), and
// their state keys as api/src/accounts.rs builds them. A key is `00 ‖ address ‖ path`: the path part
// depends on the resource only, so it is encoded once and each request copies the address in.

const fw = (module: string, name: string, typeArgs: StructTagInput['typeArgs'] = []): StructTagInput => ({ address: '0x1', module, name, typeArgs });

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
export const accountKey = /* @__PURE__ */ keyOf((a) => resourceKey(a, fw('account', 'Account')));
/** `0x1::object::ObjectGroup`, the resource group an object's resources live in. */
export const objectGroupKey = /* @__PURE__ */ keyOf((a) => resourceGroupKey(a, fw('object', 'ObjectGroup')));
/** The tail of `0x1::coin::CoinStore<coin>`'s key, for `keyAt`. */
export const coinStoreKeyTail = (coin: StructTagInput): Uint8Array => resourceKey('0x0', fw('coin', 'CoinStore', [{ $kind: 'struct', value: coin }])).subarray(33);
/** `0x1::features::Features { features: vector<u8> }` at 0x1. */
export const FEATURES_KEY = /* @__PURE__ */ resourceKey('0x1', /* @__PURE__ */ fw('features', 'Features'));

/** types/src/on_chain_config/aptos_features.rs `FeatureFlag::DEFAULT_ACCOUNT_RESOURCE`. */
export const DEFAULT_ACCOUNT_RESOURCE = 91;

/** features.move `is_enabled`: bit `flag` of the `features` bytes (after their length prefix). */
export function featureEnabled(resource: Uint8Array | undefined, flag: number): boolean {
  if (resource === undefined || resource.length === 0) return false;
  // A one-byte ULEB length covers up to 127 bytes (1016 flags): more than the framework defines.
  const n = resource[0]!;
  if (n > 127 || n + 1 !== resource.length) return false;
  const byte = flag >> 3;
  return byte < n && (resource[1 + byte]! & (1 << (flag & 7))) !== 0;
}
