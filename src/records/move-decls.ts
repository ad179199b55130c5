import { moduleId as moduleIdSchema, structTag as structTagSchema, typeTag as typeTagSchema } from '../move/index.js';
import { transactionCodecs } from '../transactions/index.js';
import { leaf } from './declare.js';

// The Move and transaction types records embed, paired with the JSON shapes the transaction layer
// already declares for them.
const tx = /* @__PURE__ */ transactionCodecs();

export const typeTag = leaf(typeTagSchema, tx.TypeTag.shape);
export const structTag = leaf(structTagSchema, (tx.TypeTag.shape as { enum: { struct: never } }).enum.struct);
export const moduleId = leaf(moduleIdSchema, { struct: { address: 'address', name: 'string' } });
export const signedTransaction = leaf(tx.SignedTransaction.schema, tx.SignedTransaction.shape);
export const script = leaf(tx.Script.schema, tx.Script.shape);
