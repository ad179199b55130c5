// The transactions layer's API for the layers above it (hash, records, submission), beyond its public
// index. Not exported from the package. The layer's own modules import checks.ts, never this file, so
// loading it does not reorder their evaluation.
export { expectBytes } from './checks.js';

// The declaration toolkit (declare.ts: a schema and its JSON shape built side by side), which records
// declare their types with. Exported as `structDecl`, `u64Decl`…: they are declarations, not the bcs
// schemas of the same names (named exports, not a namespace object, so bundles keep only those used).
export {
  leaf as leafDecl,
  codecsOf,
  struct as structDecl,
  enumeration as enumerationDecl,
  option as optionDecl,
  vector as vectorDecl,
  map as mapDecl,
  u8 as u8Decl,
  u16 as u16Decl,
  u32 as u32Decl,
  u64 as u64Decl,
  bool as boolDecl,
  bytes as bytesDecl,
  string as stringDecl,
  address as addressDecl,
  type Decl,
  type DeclValue,
  type DeclInput,
  type DeclSchema,
  type Entry,
  type BytesDecl,
  type CodecsOf,
} from './declare.js';
export { typeTag, structTag, moduleId } from './move-decls.js';
export { scriptDecl } from './script.js';
export { signedTransactionDecl } from './signed-transaction.js';
export { rawTransactionPrefix, rawTransactionWithDataPrefix } from './signing-message.js';
