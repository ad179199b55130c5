import { expect, it } from 'vitest';
import * as move from '../../src/move/index.js';

// The Move layer's entry point, pinned: a name added or dropped here is an API change and must be
// deliberate. The parser's and formatter's helpers (scanner.ts, abilityBit, abilityPostfix) are not in it.
const PUBLIC = [
  'ABILITY', 'ALL_ABILITIES', 'MAX_GENERIC_INDEX', 'MAX_SCRIPT_VERSION', 'MAX_TYPE_TAG_NESTING',
  'MAX_TYPE_TAG_NESTING_WHEN_SERIALIZING', 'MIN_SCRIPT_VERSION', 'PRIMITIVE_TYPE_TAG_KINDS', 'TYPE_TAG_VARIANTS',
  'assertIdentifier', 'dereference', 'encodeTypeTagString', 'formatEntryFunctionId', 'formatModuleId', 'formatMoveType',
  'formatStructTag', 'formatTypeTag', 'hasGenerics', 'identifier', 'isPrimitiveKind', 'isSignerType', 'isValidIdentifier',
  'jsonTypeName', 'moduleId', 'moveTypeEquals', 'parseEntryFunctionId', 'parseModuleId', 'parseMoveType', 'parseStructTag',
  'parseTypeTag', 'primitiveTypeTag', 'readModuleSignature', 'readScriptSignature', 'structTag', 'substituteGenerics', 'typeArgFromString',
  'typeArgFromTag', 'typeTag', 'typeTagEquals', 'writeTypeTag', 'writeTypeTagString',
];

it('the move entry point exports exactly its public names', () => {
  expect(Object.keys(move).sort()).toEqual([...PUBLIC].sort());
});
