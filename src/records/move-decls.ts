import { scriptDecl } from '../transactions/script.js';
import { signedTransactionDecl } from '../transactions/signed-transaction.js';

// The Move and transaction types records embed: the transaction layer's declarations (direct
// bindings, not properties read at load time, so a bundle that uses no record drops them).
export { typeTag, structTag, moduleId } from '../transactions/move-decls.js';
export const signedTransaction = signedTransactionDecl;
export const script = scriptDecl;
