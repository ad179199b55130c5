import { BcsError, equalBytes } from '../bcs/index.js';
import { blockHeaderJson, type BcsBlock, type BlockHeader, type BlockHeaderJson, type TransactionOnChainData } from '../records/index.js';
import { readBlockHeaderJson } from '../records/internal.js';
import { each, field, obj } from './json-read.js';
import { readNodeJsonText } from './json-text.js';
import { emptyVerification, lengths, truncate } from './read-report.js';
import { onChainTransactionJson, renderContext, type TransactionJson, type TransactionJsonOptions } from './transaction-json.js';
import { readContext, readTransaction, type ParseTransactionJsonOptions } from './transaction-read.js';

// api/types/src/block.rs `Block` with its transactions in the node's transaction JSON, as
// api/src/blocks.rs answers GET /blocks/by_height/{h}?with_transactions=true: every transaction's
// timestamp is the block's, and `transactions` is null when not requested.

export interface NodeBlockJson extends BlockHeaderJson {
  transactions: TransactionJson[] | null;
}

export function nodeBlockJson(block: BcsBlock, options: Omit<TransactionJsonOptions, 'timestamp'> = {}): NodeBlockJson {
  const out = blockHeaderJson(block) as NodeBlockJson;
  out.transactions = block.transactions === null ? null : blockTransactionsJson(block, block.transactions as TransactionOnChainData[], options);
  return out;
}

/** The transactions of the block `header` heads, in the node's JSON: one render context, the block's timestamp on each. */
export function blockTransactionsJson(header: BlockHeader, txs: readonly TransactionOnChainData[], options: Omit<TransactionJsonOptions, 'timestamp'> = {}): TransactionJson[] {
  const ctx = renderContext(options);
  const o = { ...options, timestamp: header.blockTimestamp };
  return txs.map((t) => onChainTransactionJson(t, o, ctx));
}

/**
 * Reads the block endpoint's JSON (object or text) into a BcsBlock, every transaction read and, by
 * default, hash-verified; the block's hash is the block id its checkpoint and epilogue carry. What
 * was checked is collected in `options.verification` when given (paths `transactions[i].…`).
 */
export function parseNodeBlockJson(json: unknown, options: Omit<ParseTransactionJsonOptions, 'blockId'> = {}): BcsBlock {
  if (typeof json !== 'string') return readBlock(json, options);
  // From text: the block's notes are collected (in the caller's collector, else one of our own) so a
  // read that kept JSON as it stands shows, and so a second read can take the first one's back.
  const verification = options.verification ?? emptyVerification();
  const o = { ...options, verification };
  const mark = lengths(verification);
  return readNodeJsonText(json, (v) => readBlock(v, o), () => verification.opaque.length > mark.opaque, () => truncate(verification, mark));
}

function readBlock(json: unknown, options: Omit<ParseTransactionJsonOptions, 'blockId'>): BcsBlock {
  const o = obj(json, 'a block');
  // The header as records reads it (a hash blanked by the node's goldens passes unverified); the
  // block's hash is the id its checkpoint and metadata transactions carry.
  const block: BcsBlock = { ...readBlockHeaderJson(o, options.verifyHash === false), transactions: null };
  const blockHash = block.blockHash;
  const ctx = readContext({ ...options, blockId: blockHash });
  const list = field(o, 'transactions');
  if (list === null) return block;
  const transactions = each(o, 'transactions', (t, i) => {
    const r = readTransaction(t, ctx, `transactions[${i}].`);
    if (r.data.$kind !== 'OnChain') throw new BcsError('invalid_json', 'a block holds committed transactions only').within('type');
    const tx = r.data.value.transaction;
    if (ctx.verify && (tx.$kind === 'BlockMetadata' || tx.$kind === 'BlockMetadataExt')) {
      const id = tx.$kind === 'BlockMetadata' ? tx.value.id : tx.value.value.id;
      if (!equalBytes(id, blockHash)) throw new BcsError('invalid_json', 'the block metadata id is not the block hash').within('id');
    }
    return r.data.value;
  });
  block.transactions = transactions;
  return block;
}


/** The reader `createLedgerClient({ nodeJson })` takes: JSON blocks read and hash-verified. */
export function nodeJsonReader(options: Omit<ParseTransactionJsonOptions, 'blockId' | 'chainId'> = {}): { block(json: unknown, chainId: number): BcsBlock } {
  return { block: (json, chainId) => parseNodeBlockJson(json, { ...options, chainId }) };
}
