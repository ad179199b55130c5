import type { Schema } from '../bcs/index.js';
import {
  moduleId as moduleIdSchema,
  structTag as structTagSchema,
  typeTag as typeTagSchema,
  type ModuleId,
  type ModuleIdInput,
  type StructTag,
  type StructTagInput,
  type TypeTag,
  type TypeTagInput,
} from '../move/index.js';
import { leaf, type Decl } from './declare.js';
import type { Shape } from './json.js';

// The Move types transactions embed. Their schemas are hand-written in src/move (the type-tag
// decoder is the node's `TypeTag` from third_party/move/move-core/types/src/language_storage.rs,
// with its nesting limit), so their JSON shapes cannot be derived and are written out here.

const lazyTypeTag: Shape = { lazy: () => TYPE_TAG };

const STRUCT_TAG: Shape = { struct: { address: 'address', module: 'string', name: 'string', typeArgs: { vector: lazyTypeTag } } };

const functionParam: Shape = { enum: { reference: lazyTypeTag, mutableReference: lazyTypeTag, value: lazyTypeTag } };

const TYPE_TAG: Shape = {
  enum: {
    bool: null,
    u8: null,
    u64: null,
    u128: null,
    address: null,
    signer: null,
    vector: lazyTypeTag,
    struct: STRUCT_TAG,
    u16: null,
    u32: null,
    u256: null,
    function: { struct: { args: { vector: functionParam }, results: { vector: functionParam }, abilities: 'u8' } },
    i8: null,
    i16: null,
    i32: null,
    i64: null,
    i128: null,
    i256: null,
  },
};

// Named, as the leaves of declare.ts are, so declaration files print these names.
export interface TypeTagDecl extends Decl<Schema<TypeTag, TypeTagInput>> {}
export interface StructTagDecl extends Decl<Schema<StructTag, StructTagInput>> {}
export interface ModuleIdDecl extends Decl<Schema<ModuleId, ModuleIdInput>> {}

export const typeTag: TypeTagDecl = /* @__PURE__ */ leaf(typeTagSchema, TYPE_TAG);
export const structTag: StructTagDecl = /* @__PURE__ */ leaf(structTagSchema, STRUCT_TAG);
export const moduleId: ModuleIdDecl = /* @__PURE__ */ leaf(moduleIdSchema, { struct: { address: 'address', name: 'string' } });
