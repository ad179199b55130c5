import { BcsError } from '../bcs/index.js';
import type { StructTag, TypeTag } from '../move/index.js';
import type { AbiRegistry } from '../submission/index.js';

/** A resource as the node writes it in write_resource `data` and the resources endpoint. */
export interface MoveResourceJson {
  type: string;
  data: unknown;
}

/** The node's JSON of one Move value of type `type` (api/types/src/move_types.rs `MoveValue`). */
export function moveValueJson(type: TypeTag, bytes: Uint8Array, abis: AbiRegistry): unknown {
  void type, bytes, abis;
  throw new BcsError('not_supported', 'moveValueJson: not implemented yet');
}

/** The inverse of `moveValueJson`: the value's exact BCS bytes. */
export function parseMoveValueJson(type: TypeTag, json: unknown, abis: AbiRegistry): Uint8Array {
  void type, json, abis;
  throw new BcsError('not_supported', 'parseMoveValueJson: not implemented yet');
}

export function moveResourceJson(tag: StructTag, bytes: Uint8Array, abis: AbiRegistry): MoveResourceJson {
  void tag, bytes, abis;
  throw new BcsError('not_supported', 'moveResourceJson: not implemented yet');
}

export function parseMoveResourceJson(json: unknown, abis: AbiRegistry): { tag: StructTag; bytes: Uint8Array } {
  void json, abis;
  throw new BcsError('not_supported', 'parseMoveResourceJson: not implemented yet');
}
