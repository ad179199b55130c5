// Written from aptos-core aptos-move/framework/aptos-framework/sources/object.move (entry functions only).
import type { MoveModuleJson } from '../abi-json.js';

export const object: MoveModuleJson = {
  address: '0x1',
  name: 'object',
  friends: [],
  exposed_functions: [
    {
      name: 'transfer_call',
      visibility: 'public',
      is_entry: true,
      is_view: false,
      generic_type_params: [],
      params: ['&signer', 'address', 'address'],
      return: [],
    },
    {
      name: 'transfer',
      visibility: 'public',
      is_entry: true,
      is_view: false,
      generic_type_params: [{ constraints: ['key'] }],
      params: ['&signer', '0x1::object::Object<T0>', 'address'],
      return: [],
    },
    {
      name: 'transfer_to_object',
      visibility: 'public',
      is_entry: true,
      is_view: false,
      generic_type_params: [{ constraints: ['key'] }, { constraints: ['key'] }],
      params: ['&signer', '0x1::object::Object<T0>', '0x1::object::Object<T1>'],
      return: [],
    },
    {
      // Deprecated in the source (it now aborts with EBURN_NOT_ALLOWED) but still an entry function.
      name: 'burn',
      visibility: 'public',
      is_entry: true,
      is_view: false,
      generic_type_params: [{ constraints: ['key'] }],
      params: ['&signer', '0x1::object::Object<T0>'],
      return: [],
    },
    {
      name: 'unburn',
      visibility: 'public',
      is_entry: true,
      is_view: false,
      generic_type_params: [{ constraints: ['key'] }],
      params: ['&signer', '0x1::object::Object<T0>'],
      return: [],
    },
  ],
  structs: [
    {
      // `struct Object<phantom T> has copy, drop, store { inner: address }`
      name: 'Object',
      is_native: false,
      abilities: ['copy', 'drop', 'store'],
      generic_type_params: [{ constraints: [], is_phantom: true }],
      fields: [{ name: 'inner', type: 'address' }],
    },
  ],
};
