import { fixedBytes } from '../bcs/index.js';
import { leafDecl, type BytesDecl } from '../transactions/internal.js';

// Records are declared as the transactions are, with the transactions layer's toolkit
// (src/transactions/declare.ts, through its internal.ts); this adds the records' own leaves.

/** `aptos_crypto::HashValue`: 32 raw bytes, no length prefix. */
export const hashValue: BytesDecl = /* @__PURE__ */ leafDecl(/* @__PURE__ */ fixedBytes(32), 'bytes');
