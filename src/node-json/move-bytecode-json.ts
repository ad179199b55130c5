import { BcsError, toHex } from '../bcs/index.js';
import type { MoveFunctionJson, MoveModuleJson } from '../submission/index.js';

/** `MoveModuleBytecode` (api/types/src/move_types.rs): the bytecode and, when it parses, its ABI. */
export interface MoveModuleBytecodeJson {
  bytecode: string;
  abi?: MoveModuleJson;
}

/** `MoveScriptBytecode`: the bytecode and, when it parses, the ABI of its `main`. */
export interface MoveScriptBytecodeJson {
  bytecode: string;
  abi?: MoveFunctionJson;
}

export function moduleBytecodeJson(bytecode: Uint8Array): MoveModuleBytecodeJson {
  void BcsError;
  return { bytecode: toHex(bytecode) };
}

export function scriptBytecodeJson(bytecode: Uint8Array): MoveScriptBytecodeJson {
  return { bytecode: toHex(bytecode) };
}
