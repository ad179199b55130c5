import type { StoredTransaction } from '../../ledger/index.js';
import { blockTransactionsJson, nodeJsonText } from '../../node-json/index.js';
import { transactionOnChainData, type BlockHeader } from '../../records/index.js';
import type { AbiRegistry } from '../../submission/index.js';

// A block's transactions in the node's JSON (api/src/context.rs `render_transactions_sequential`,
// the renderer of the transaction listings: the block's timestamp on each, table items' `data` as
// the listings write it), rendered by src/node-json from the stored records, one render context
// for the whole block.

/**
 * The JSON array text of `txs` as the node renders them in `block`; `listing` false for the answers
 * of one transaction (by hash, by version), whose table items' `data` is null.
 */
export function transactionsJson(block: BlockHeader, txs: readonly StoredTransaction[], abis: AbiRegistry, listing = true): string {
  const decoded = txs.map((t) => transactionOnChainData.schema.decode(t.bytes));
  const rendered = blockTransactionsJson(block, decoded, { abis, listing });
  // One text per transaction: a u64 the node writes as a number past 2^53 (a block epilogue's)
  // sends nodeJsonText down its slow exact path, which then costs that transaction alone.
  return `[${rendered.map(nodeJsonText).join(',')}]`;
}
