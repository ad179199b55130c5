// The node's JSON of committed transactions (aptos-core api/types/src): Move values rendered by
// their struct layouts and read back, module and script ABIs parsed from bytecode, and (part B)
// every transaction kind, signature, payload, event and write-set change.
export {
  moveValueJson,
  parseMoveValueJson,
  moveResourceJson,
  parseMoveResourceJson,
  type MoveResourceJson,
} from './move-value-json.js';
export { prefetchLayouts } from './move-layouts.js';
export { tableItemDataJson, parseTableItemDataJson, type TableItemDataJson } from './move-table-json.js';
export { moduleBytecodeJson, scriptBytecodeJson, type MoveModuleBytecodeJson, type MoveScriptBytecodeJson } from './move-bytecode-json.js';
