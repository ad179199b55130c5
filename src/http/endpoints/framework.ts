// The on-chain feature flags the state endpoints read (aptos-move/framework/move-stdlib/sources/configs/features.move);
// the framework resources' state keys are the ledger's (src/ledger/state-keys.ts).

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
