import { fixedBytes } from '../bcs/index.js';
import { leaf, type BytesDecl } from '../transactions/internal.js';

// Records are declared as the transactions are: a schema and its JSON shape built side by side
// (the mechanism lives in the transactions layer, src/transactions/declare.ts).
export {
  struct,
  enumeration,
  option,
  vector,
  map,
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
} from '../transactions/internal.js';

/** `aptos_crypto::HashValue`: 32 raw bytes, no length prefix. */
export const hashValue: BytesDecl = /* @__PURE__ */ leaf(/* @__PURE__ */ fixedBytes(32), 'bytes');
