import { resourceGroupKey, resourceKey } from '../../ledger/index.js';
import type { StructTagInput } from '../../move/index.js';

// The framework resources the state endpoints read (aptos-move/framework/aptos-framework), and
// their state keys as api/src/accounts.rs builds them.

const fw = (module: string, name: string, typeArgs: StructTagInput['typeArgs'] = []): StructTagInput => ({ address: '0x1', module, name, typeArgs });

/** `0x1::account::Account` (types/src/account_config/resources/core_account.rs `AccountResource`). */
export const accountKey = (address: string): Uint8Array => resourceKey(address, fw('account', 'Account'));
/** `0x1::coin::CoinStore<coin>`. */
export const coinStoreKey = (address: string, coin: StructTagInput): Uint8Array => resourceKey(address, fw('coin', 'CoinStore', [{ $kind: 'struct', value: coin }]));
/** `0x1::object::ObjectGroup`, the resource group an object's resources live in. */
export const objectGroupKey = (address: string): Uint8Array => resourceGroupKey(address, fw('object', 'ObjectGroup'));
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
