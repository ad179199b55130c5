import { address, bytes, enumeration, map, struct, u64 } from './declare.js';

// types/src/write_set.rs: `WriteSet::V0(WriteSetV0(WriteSetMut { write_set: BTreeMap<StateKey, WriteOp> }))`,
// with each WriteOp serialised as its persisted form `PersistedWriteOp` and its metadata as
// types/src/state_store/state_value.rs `PersistedStateValueMetadata`. The state key is
// types/src/state_store/state_key/inner.rs `StateKeyInner` (StateKey serialises its inner value).
// The map's entries are ordered by their encoded key bytes, and must be strictly increasing when read.

export const stateValueMetadata = enumeration('PersistedStateValueMetadata', {
  V0: struct('StateValueMetadataV0', { deposit: u64, creationTimeUsecs: u64 }),
  V1: struct('StateValueMetadataV1', { slotDeposit: u64, bytesDeposit: u64, creationTimeUsecs: u64 }),
});

export const writeOp = enumeration('PersistedWriteOp', {
  Creation: bytes,
  Modification: bytes,
  Deletion: null,
  CreationWithMetadata: struct('CreationWithMetadata', { data: bytes, metadata: stateValueMetadata }),
  ModificationWithMetadata: struct('ModificationWithMetadata', { data: bytes, metadata: stateValueMetadata }),
  DeletionWithMetadata: struct('DeletionWithMetadata', { metadata: stateValueMetadata }),
});

/**
 * `AccessPath.path` is itself the BCS of types/src/access_path.rs `Path` (Code(ModuleId) |
 * Resource(StructTag) | ResourceGroup(StructTag)); it is kept as bytes here because the key's order
 * in the map is defined on these bytes.
 */
export const stateKey = enumeration('StateKeyInner', {
  AccessPath: struct('AccessPath', { address, path: bytes }),
  TableItem: struct('TableItem', { handle: address, key: bytes }),
  Raw: bytes,
});

export const writeSet = enumeration('WriteSet', {
  V0: map(stateKey, writeOp),
});
