import type { StoredTransaction } from '../../ledger/index.js';
import { blockTransactionsJson, nodeJsonText } from '../../node-json/index.js';
import { transactionOnChainData, type BlockHeader } from '../../records/index.js';
import type { AbiRegistry } from '../../submission/index.js';

// A block's transactions in the node's JSON (api/src/context.rs `render_transactions_sequential`,
// the renderer of the transaction listings: the block's timestamp on each), rendered by
// src/node-json from the stored records, one render context for the whole block.

/** The JSON array text of `txs` as the node renders them in `block`. */
export function transactionsJson(block: BlockHeader, txs: readonly StoredTransaction[], abis: AbiRegistry): string {
  const decoded = txs.map((t) => transactionOnChainData.schema.decode(t.bytes));
  const rendered = blockTransactionsJson(block, decoded, { abis });
  // One text per transaction: a u64 the node writes as a number past 2^53 (a block epilogue's)
  // sends nodeJsonText down its slow exact path, which then costs that transaction alone.
  return `[${rendered.map(nodeJsonText).join(',')}]`;
}
