import { scriptDecl, signedTransactionDecl } from '../transactions/internal.js';

// The Move and transaction types records embed: the transaction layer's declarations (direct
// bindings, not properties read at load time, so a bundle that uses no record drops them).
export { typeTag, structTag, moduleId } from '../transactions/internal.js';
export const signedTransaction = signedTransactionDecl;
export const script = scriptDecl;
