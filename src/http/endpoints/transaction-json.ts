import type { StoredTransaction } from '../../ledger/index.js';
import { nodeJsonText, onChainTransactionJson } from '../../node-json/index.js';
import { transactionOnChainData } from '../../records/index.js';
import type { AbiRegistry } from '../../submission/index.js';

// A block's transactions in the node's JSON (api/src/context.rs `render_transactions_sequential`,
// the renderer of the transaction listings: the block's timestamp on each, table items' `data` as
// the listings write it), rendered by src/node-json from the stored records.

/** The JSON array text of `txs` as the node renders them in a block. */
export function transactionsJson(txs: readonly StoredTransaction[], blockTimestamp: bigint, abis: AbiRegistry): string {
  const options = { abis, timestamp: blockTimestamp, listing: true };
  return nodeJsonText(txs.map((t) => onChainTransactionJson(transactionOnChainData.schema.decode(t.bytes), options)));
}
