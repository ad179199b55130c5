import type { AddressInput } from '../bcs/index.js';
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
