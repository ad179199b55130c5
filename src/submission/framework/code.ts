// Written from aptos-core aptos-move/framework/aptos-framework/sources/code.move (entry functions only).
import type { MoveModuleJson } from '../abi-json.js';

export const code: MoveModuleJson = {
  address: '0x1',
  name: 'code',
  friends: [],
  exposed_functions: [
    {
      name: 'publish_package_txn',
      visibility: 'public',
      is_entry: true,
      is_view: false,
      generic_type_params: [],
      params: ['&signer', 'vector<u8>', 'vector<vector<u8>>'],
      return: [],
    },
  ],
  structs: [],
};
