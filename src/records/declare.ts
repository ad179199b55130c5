import { fixedBytes } from '../bcs/index.js';
import { leaf, type BytesDecl } from '../transactions/internal.js';

// Records are declared as the transactions are: a schema and its JSON shape built side by side
// (the mechanism lives in the transactions layer, src/transactions/declare.ts).
export * from '../transactions/internal.js';

/** `aptos_crypto::HashValue`: 32 raw bytes, no length prefix. */
export const hashValue: BytesDecl = /* @__PURE__ */ leaf(/* @__PURE__ */ fixedBytes(32), 'bytes');
