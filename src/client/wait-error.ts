import { isNamedError } from '../bcs/internal.js';
import type { TransactionStatusJson } from './transaction-json.js';

// The outcomes of waiting that are not a success: the transaction committed and failed (its
// `vm_status` says why), or it was not committed in time. Duck-typed guard, as the client's others.

export type TransactionWaitErrorKind = 'failed' | 'timeout';

export class TransactionWaitError extends Error {
  static override readonly name = 'TransactionWaitError'; // survives minified builds
  override readonly name = 'TransactionWaitError';
  constructor(
    readonly kind: TransactionWaitErrorKind,
    readonly hash: string,
    message: string,
    /** The committed transaction (`failed`), or the last answer seen (`timeout`: pending, or none). */
    readonly transaction: TransactionStatusJson | undefined,
  ) {
    super(message);
  }

  /** The node's `vm_status` of a failed transaction. */
  get vmStatus(): string | undefined {
    return this.transaction?.vm_status;
  }
}

export function isTransactionWaitError(e: unknown): e is TransactionWaitError {
  return isNamedError(e, 'TransactionWaitError', 'kind', 'string');
}
