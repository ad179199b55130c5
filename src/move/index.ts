// The Move type layer: identifiers, module and function ids, type tags (BCS, strings) and ABI types.
export { isValidIdentifier, assertIdentifier, identifier } from './identifier.js';
export { ABILITY, ALL_ABILITIES, type AbilityName } from './ability.js';
export {
  typeTag,
  writeTypeTag,
  typeArgFromTag,
  type TypeArg,
  structTag,
  primitiveTypeTag,
  isPrimitiveKind,
  TYPE_TAG_VARIANTS,
  PRIMITIVE_TYPE_TAG_KINDS,
  MAX_TYPE_TAG_NESTING,
  MAX_TYPE_TAG_NESTING_WHEN_SERIALIZING,
  type TypeTag,
  type TypeTagInput,
  type StructTag,
  type StructTagInput,
  type FunctionTag,
  type FunctionTagInput,
  type FunctionParamOrReturnTag,
  type FunctionParamOrReturnTagInput,
  type PrimitiveTypeTagKind,
} from './type-tag.js';
export { parseTypeTag, parseStructTag, parseMoveType, encodeTypeTagString, writeTypeTagString, typeArgFromString } from './parse.js';
export { formatTypeTag, formatStructTag, formatMoveType, type TypeStringStyle } from './format.js';
export { typeTagEquals, moveTypeEquals } from './equals.js';
export {
  substituteGenerics,
  dereference,
  isSignerType,
  hasGenerics,
  jsonTypeName,
  MAX_GENERIC_INDEX,
  type MoveType,
  type MoveValueType,
  type MoveStructType,
  type MoveFunctionType,
  type MoveFunctionParam,
} from './move-type.js';
export {
  moduleId,
  parseModuleId,
  parseEntryFunctionId,
  formatModuleId,
  formatEntryFunctionId,
  type ModuleId,
  type ModuleIdInput,
  type EntryFunctionId,
  type EntryFunctionIdInput,
} from './module-id.js';
export { readScriptSignature, MIN_SCRIPT_VERSION, MAX_SCRIPT_VERSION, type ScriptSignature } from './compiled-script.js';
export { readModuleSignature, type ModuleSignature, type ModuleFunction, type ModuleStruct } from './compiled-module.js';
