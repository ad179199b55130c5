// The framework's resources and events the example ledger writes, as aptos-move/framework lays them
// out (aptos-framework sources: account.move, coin.move, object.move, fungible_asset.move,
// chain_id.move, features.move, reconfiguration.move, timestamp.move, block.move,
// transaction_fee.move). Built with the package's own BCS combinators.
import { sha3_256 } from '@noble/hashes/sha3.js';
import { addressBytes, bcs } from '../../dist/bcs/index.js';
import { parseTypeTag, structTag } from '../../dist/move/index.js';
import { accountResource, stateKey } from '../../dist/records/index.js';
import { resourceGroupKey, resourceKey } from '../../dist/ledger/index.js';

const { struct, u8, u64, bool, address, string, bytes, vector, map } = bcs;

export const eventHandle = struct('EventHandle', { counter: u64, guid: struct('GUID', { creationNum: u64, addr: address }) });
export const coinStore = struct('CoinStore', { coin: u64, frozen: bool, depositEvents: eventHandle, withdrawEvents: eventHandle });
export const objectCore = struct('ObjectCore', { guidCreationNum: u64, owner: address, allowUngatedTransfer: bool, transferEvents: eventHandle });
export const fungibleStore = struct('FungibleStore', { metadata: address, balance: u64, frozen: bool });
export const faMetadata = struct('Metadata', { name: string, symbol: string, decimals: u8, iconUri: string, projectUri: string });
export const objectGroup = map(structTag, bytes);
export const configuration = struct('Configuration', { epoch: u64, lastReconfigurationTime: u64, events: eventHandle });
export const blockResource = struct('BlockResource', { height: u64, epochInterval: u64, newBlockEvents: eventHandle, updateEpochIntervalEvents: eventHandle });
export const typeInfo = struct('TypeInfo', { accountAddress: address, moduleName: bytes, structName: bytes });
export const newBlockEvent = struct('NewBlockEvent', {
  hash: address, epoch: u64, round: u64, height: u64, previousBlockVotesBitvec: bytes, proposer: address, failedProposerIndices: vector(u64), timeMicroseconds: u64,
});
export const amountEvent = struct('Amount', { amount: u64 });
export const storeAmountEvent = struct('StoreAmount', { store: address, amount: u64 });
export const feeStatement = struct('FeeStatement', { totalChargeGasUnits: u64, executionGasUnits: u64, ioGasUnits: u64, storageFeeOctas: u64, storageFeeRefundOctas: u64 });

export const tag = (s) => parseTypeTag(s);
export const fw = (module, name, typeArgs = []) => ({ address: '0x1', module, name, typeArgs });

export const APT = fw('aptos_coin', 'AptosCoin');
export const APT_METADATA = '0xa';
/** object.move `OBJECT_FROM_SEED_ADDRESS_SCHEME` and primary_fungible_store's derived store (0xFC). */
export function objectAddress(creator, seed) {
  return hex(sha3_256(concat(addressBytes(creator), typeof seed === 'string' ? new TextEncoder().encode(seed) : seed, [0xfe])));
}
export function primaryStoreAddress(owner, metadata) {
  return hex(sha3_256(concat(addressBytes(owner), addressBytes(metadata), [0xfc])));
}

/** object.move: an object's first GUID creation number (2^50). */
export const OBJECT_GUID_START = 1125899906842624n;

export const keys = {
  account: (a) => resourceKey(a, fw('account', 'Account')),
  coinStore: (a) => resourceKey(a, fw('coin', 'CoinStore', [{ $kind: 'struct', value: APT }])),
  objectGroup: (a) => resourceGroupKey(a, fw('object', 'ObjectGroup')),
  chainId: () => resourceKey('0x1', fw('chain_id', 'ChainId')),
  features: () => resourceKey('0x1', fw('features', 'Features')),
  configuration: () => resourceKey('0x1', fw('reconfiguration', 'Configuration')),
  timestamp: () => resourceKey('0x1', fw('timestamp', 'CurrentTimeMicroseconds')),
  block: () => resourceKey('0x1', fw('block', 'BlockResource')),
  coinConversionMap: () => resourceKey('0x1', fw('coin', 'CoinConversionMap')),
  /** `AccessPath { address, Path::Code(ModuleId) }` (types/src/access_path.rs). */
  module: (a, name) => stateKey.schema.encode({ $kind: 'AccessPath', value: { address: a, path: concat([0], addressBytes(a), bcs.string.encode(name)) } }),
};

export function accountBytes(addr, seq, authKey = addr, guid = 2n) {
  return accountResource.schema.encode({
    authenticationKey: addressBytes(authKey),
    sequenceNumber: seq,
    guidCreationNum: guid,
    coinRegisterEvents: { count: 0n, key: { creationNumber: 0n, accountAddress: addr } },
    keyRotationEvents: { count: 0n, key: { creationNumber: 1n, accountAddress: addr } },
    rotationCapabilityOffer: { forAddress: null },
    signerCapabilityOffer: { forAddress: null },
  });
}

/** A primary store object: ObjectCore owned by `owner` and the FungibleStore of `metadata`. */
export function primaryStoreBytes(store, owner, metadata, balance) {
  return objectGroup.encode([
    [fw('object', 'ObjectCore'), objectCore.encode({ guidCreationNum: OBJECT_GUID_START + 1n, owner, allowUngatedTransfer: false, transferEvents: { counter: 0n, guid: { creationNum: OBJECT_GUID_START, addr: store } } })],
    [fw('fungible_asset', 'FungibleStore'), fungibleStore.encode({ metadata, balance, frozen: false })],
  ]);
}

export function metadataObjectBytes(obj, owner, meta) {
  return objectGroup.encode([
    [fw('object', 'ObjectCore'), objectCore.encode({ guidCreationNum: OBJECT_GUID_START + 1n, owner, allowUngatedTransfer: false, transferEvents: { counter: 0n, guid: { creationNum: OBJECT_GUID_START, addr: obj } } })],
    [fw('fungible_asset', 'Metadata'), faMetadata.encode(meta)],
  ]);
}

/** features.move: bit `i` is byte i/8, bit i%8. */
export function featureBytes(flags) {
  const out = new Uint8Array(Math.max(...flags) / 8 + 1 | 0);
  for (const f of flags) out[f >> 3] |= 1 << (f & 7);
  return bytes.encode(out);
}

export function concat(...parts) {
  return new Uint8Array(Buffer.concat(parts.map((p) => Uint8Array.from(p))));
}

export function hex(b) {
  return `0x${Buffer.from(b).toString('hex')}`;
}

export function sha3Bytes(s) {
  return sha3_256(new TextEncoder().encode(s));
}

export const decodeStateKey = (k) => stateKey.schema.decode(k);
