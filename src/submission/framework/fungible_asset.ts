// Written from aptos-core aptos-move/framework/aptos-framework/sources/fungible_asset.move (entry functions only).
import type { MoveModuleJson } from '../abi-json.js';

export const fungibleAsset: MoveModuleJson = {
  address: '0x1',
  name: 'fungible_asset',
  friends: [],
  exposed_functions: [
    {
      name: 'transfer',
      visibility: 'public',
      is_entry: true,
      is_view: false,
      generic_type_params: [{ constraints: ['key'] }],
      params: ['&signer', '0x1::object::Object<T0>', '0x1::object::Object<T0>', 'u64'],
      return: [],
    },
    {
      name: 'upgrade_store_to_concurrent',
      visibility: 'public',
      is_entry: true,
      is_view: false,
      generic_type_params: [{ constraints: ['key'] }],
      params: ['&signer', '0x1::object::Object<T0>'],
      return: [],
    },
  ],
  structs: [],
};
