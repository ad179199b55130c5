// Written from aptos-core aptos-move/framework/aptos-framework/sources/primary_fungible_store.move (entry functions only).
import type { MoveModuleJson } from '../abi-json.js';

export const primaryFungibleStore: MoveModuleJson = {
  address: '0x1',
  name: 'primary_fungible_store',
  friends: [],
  exposed_functions: [
    {
      name: 'transfer',
      visibility: 'public',
      is_entry: true,
      is_view: false,
      generic_type_params: [{ constraints: ['key'] }],
      params: ['&signer', '0x1::object::Object<T0>', 'address', 'u64'],
      return: [],
    },
    {
      name: 'transfer_assert_minimum_deposit',
      visibility: 'public',
      is_entry: true,
      is_view: false,
      generic_type_params: [{ constraints: ['key'] }],
      params: ['&signer', '0x1::object::Object<T0>', 'address', 'u64', 'u64'],
      return: [],
    },
  ],
  structs: [],
};
