// The transactions layer's API for the layers above it (hash, records, submission), beyond its public
// index. Not exported from the package. The layer's own modules import checks.ts, never this file, so
// loading it does not reorder their evaluation.
export { expectBytes } from './checks.js';

// The declaration toolkit (a schema and its JSON shape side by side), which records reuse, and the
// declarations records embed.
export {
  leaf,
  codecsOf,
  struct,
  enumeration,
  option,
  vector,
  map,
  u8,
  u16,
  u32,
  u64,
  bool,
  bytes,
  string,
  address,
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
