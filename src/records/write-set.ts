import { addressDecl, bytesDecl, enumerationDecl, mapDecl, structDecl, u64Decl, type Decl, type DeclSchema } from '../transactions/internal.js';
import { moduleId, structTag } from './move-decls.js';

// types/src/write_set.rs: `WriteSet::V0(WriteSetV0(WriteSetMut { write_set: BTreeMap<StateKey, WriteOp> }))`,
// with each WriteOp serialised as its persisted form `PersistedWriteOp` and its metadata as
// types/src/state_store/state_value.rs `PersistedStateValueMetadata`. The state key is
// types/src/state_store/state_key/inner.rs `StateKeyInner` (StateKey serialises its inner value).
// The map's entries are ordered by their encoded key bytes, and must be strictly increasing when read.
// Each record's schema type is named, so declaration files that embed it print the name (docs/wire-types.md).

const stateValueMetadataDecl = /* @__PURE__ */ enumerationDecl('PersistedStateValueMetadata', {
  V0: /* @__PURE__ */ structDecl('StateValueMetadataV0', { deposit: u64Decl, creationTimeUsecs: u64Decl }),
  V1: /* @__PURE__ */ structDecl('StateValueMetadataV1', { slotDeposit: u64Decl, bytesDeposit: u64Decl, creationTimeUsecs: u64Decl }),
});
export interface StateValueMetadataSchema extends DeclSchema<typeof stateValueMetadataDecl> {}
export const stateValueMetadata: Decl<StateValueMetadataSchema> = stateValueMetadataDecl;

const writeOpDecl = /* @__PURE__ */ enumerationDecl('PersistedWriteOp', {
  Creation: bytesDecl,
  Modification: bytesDecl,
  Deletion: null,
  CreationWithMetadata: /* @__PURE__ */ structDecl('CreationWithMetadata', { data: bytesDecl, metadata: stateValueMetadata }),
  ModificationWithMetadata: /* @__PURE__ */ structDecl('ModificationWithMetadata', { data: bytesDecl, metadata: stateValueMetadata }),
  DeletionWithMetadata: /* @__PURE__ */ structDecl('DeletionWithMetadata', { metadata: stateValueMetadata }),
});
export interface WriteOpSchema extends DeclSchema<typeof writeOpDecl> {}
export const writeOp: Decl<WriteOpSchema> = writeOpDecl;

/** types/src/access_path.rs `Path`, whose BCS is `AccessPath.path`. */
const accessPathDecl = /* @__PURE__ */ enumerationDecl('Path', { Code: moduleId, Resource: structTag, ResourceGroup: structTag });
export interface AccessPathSchema extends DeclSchema<typeof accessPathDecl> {}
export const accessPath: Decl<AccessPathSchema> = accessPathDecl;

/**
 * `AccessPath.path` is the BCS of `Path` (`accessPath`); it is kept as bytes here because the key's
 * order in the map is defined on these bytes.
 */
const stateKeyDecl = /* @__PURE__ */ enumerationDecl('StateKeyInner', {
  AccessPath: /* @__PURE__ */ structDecl('AccessPath', { address: addressDecl, path: bytesDecl }),
  TableItem: /* @__PURE__ */ structDecl('TableItem', { handle: addressDecl, key: bytesDecl }),
  Raw: bytesDecl,
});
export interface StateKeySchema extends DeclSchema<typeof stateKeyDecl> {}
export const stateKey: Decl<StateKeySchema> = stateKeyDecl;

const writeSetDecl = /* @__PURE__ */ enumerationDecl('WriteSet', { V0: /* @__PURE__ */ mapDecl(stateKey, writeOp) });
export interface WriteSetSchema extends DeclSchema<typeof writeSetDecl> {}
export const writeSet: Decl<WriteSetSchema> = writeSetDecl;
