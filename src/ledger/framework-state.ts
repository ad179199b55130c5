import { resourceKey, framework } from './state-keys.js';
import { keyString } from './memory-state.js';

// The on-chain values the ledger info is derived from, read as the node's API reads them:
// `0x1::chain_id::ChainId { id: u8 }`, `0x1::reconfiguration::Configuration { epoch: u64, .. }`,
// `0x1::timestamp::CurrentTimeMicroseconds { microseconds: u64 }`.

export const CHAIN_ID_KEY = /* @__PURE__ */ resourceKey('0x1', /* @__PURE__ */ framework('chain_id', 'ChainId'));
export const CONFIGURATION_KEY = /* @__PURE__ */ resourceKey('0x1', /* @__PURE__ */ framework('reconfiguration', 'Configuration'));
export const TIMESTAMP_KEY = /* @__PURE__ */ resourceKey('0x1', /* @__PURE__ */ framework('timestamp', 'CurrentTimeMicroseconds'));
/** `0x1::block::BlockResource { height: u64, .. }`: the ledger does not read it; the replica's block checks do. */
export const BLOCK_RESOURCE_KEY = /* @__PURE__ */ resourceKey('0x1', /* @__PURE__ */ framework('block', 'BlockResource'));

export const CHAIN_ID_STR = /* @__PURE__ */ keyString(CHAIN_ID_KEY);
export const CONFIGURATION_STR = /* @__PURE__ */ keyString(CONFIGURATION_KEY);
export const TIMESTAMP_STR = /* @__PURE__ */ keyString(TIMESTAMP_KEY);

/** The leading u64 of a resource (little-endian), or 0n when absent or short. */
export function leadingU64(value: Uint8Array | undefined): bigint {
  if (value === undefined || value.length < 8) return 0n;
  return new DataView(value.buffer, value.byteOffset, 8).getBigUint64(0, true);
}
