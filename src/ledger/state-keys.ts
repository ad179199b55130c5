import { BcsWriter, addressBytes, type AddressInput } from '../bcs/index.js';
import { structTag, type StructTagInput } from '../move/index.js';

// State keys of the framework's resources, as types/src/state_store/state_key encodes them:
// `StateKeyInner::AccessPath(AccessPath { address, path })` (variant 0) where `path` is the BCS of
// types/src/access_path.rs `Path::Resource(StructTag)` (1) or `Path::ResourceGroup(StructTag)` (2).

const PATH_RESOURCE = 1;
const PATH_RESOURCE_GROUP = 2;

function accessPathKey(address: AddressInput, kind: number, tag: StructTagInput): Uint8Array {
  const path = new BcsWriter(64);
  path.u8(kind);
  structTag.write(path, tag);
  const pathBytes = path.toBytes();
  const w = new BcsWriter(40 + pathBytes.length);
  w.u8(0);
  w.raw(addressBytes(address));
  w.uleb128(pathBytes.length);
  w.raw(pathBytes);
  return w.toBytes();
}

/** The state key of the resource `tag` under `address`. */
export function resourceKey(address: AddressInput, tag: StructTagInput): Uint8Array {
  return accessPathKey(address, PATH_RESOURCE, tag);
}

/** The state key of the resource group `tag` under `address` (e.g. `0x1::object::ObjectGroup`). */
export function resourceGroupKey(address: AddressInput, tag: StructTagInput): Uint8Array {
  return accessPathKey(address, PATH_RESOURCE_GROUP, tag);
}

/** A framework struct at 0x1 without type arguments, e.g. `framework('account', 'Account')`. */
export function framework(module: string, name: string, typeArgs: StructTagInput['typeArgs'] = []): StructTagInput {
  return { address: '0x1', module, name, typeArgs };
}
