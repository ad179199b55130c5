import type { StoredTransaction } from '../../ledger/index.js';

// The node's JSON of committed transactions (api/src/context.rs `render_transactions_sequential`)
// belongs to src/node-json. Until that renderer is wired in here, a block's JSON answers
// `"transactions": null` (its BCS form carries them).

/** The JSON array text of `txs` as the node renders them, or undefined when no renderer is wired. */
export function transactionsJson(_txs: readonly StoredTransaction[], _blockTimestamp: bigint): string | undefined {
  return undefined;
}
