// Module ABIs in the interface's JSON form (`MoveModule` of aptos-core api/types/src/move_types.rs),
// exactly as a node answers GET /accounts/{address}/module/{name} under `abi`.

export type MoveAbilityJson = 'copy' | 'drop' | 'store' | 'key';

export interface MoveFunctionGenericTypeParamJson {
  constraints: MoveAbilityJson[];
}

export interface MoveFunctionJson {
  name: string;
  visibility: 'private' | 'public' | 'friend';
  is_entry: boolean;
  is_view: boolean;
  generic_type_params: MoveFunctionGenericTypeParamJson[];
  /** Move type strings: `&signer`, `u64`, `vector<T0>`, `0x1::object::Object<0x1::fungible_asset::Metadata>`. */
  params: string[];
  return: string[];
}

export interface MoveStructGenericTypeParamJson {
  constraints: MoveAbilityJson[];
  /** Newer nodes only. */
  is_phantom?: boolean;
}

export interface MoveStructFieldJson {
  name: string;
  type: string;
}

/** A Move 2 enum variant (newer nodes): its name and fields. */
export interface MoveStructVariantJson {
  name: string;
  fields: MoveStructFieldJson[];
}

export interface MoveStructJson {
  name: string;
  is_native: boolean;
  /** Newer nodes only. */
  is_event?: boolean;
  /** Newer nodes only: a Move 2 enum, whose `variants` replace `fields`. */
  is_enum?: boolean;
  abilities: MoveAbilityJson[];
  generic_type_params: MoveStructGenericTypeParamJson[];
  fields: MoveStructFieldJson[];
  variants?: MoveStructVariantJson[];
}

export interface MoveModuleJson {
  /** The module's address, as the node writes it (`0x1`). */
  address: string;
  name: string;
  /** Module ids, `0x1::coin`. */
  friends: string[];
  exposed_functions: MoveFunctionJson[];
  structs: MoveStructJson[];
}

/**
 * The node's module answer (`/accounts/{a}/module/{m}`, api/types/src/move_types.rs `MoveModuleBytecode`):
 * `abi` is `null` when the bytecode does not parse (the node writes the key); a hand-made answer may leave it out.
 */
export interface MoveModuleBytecodeJson {
  bytecode: string;
  abi?: MoveModuleJson | null;
}
