import type { MemoryLedger } from '../../src/ledger/index.js';
import { transactionOnChainData } from '../../src/records/index.js';

// The node's gas estimate computed by hand from a ledger's records, apart from
// src/http/endpoints/gas-estimate.ts, for the tests that check what a server answers.

/**
 * api/src/context.rs `estimate_gas_price` and `block_min_inclusion_price` by hand, from the ledger's
 * records: the current epoch's blocks before the head's, newest first, at most 120; a block is full
 * with ≥ `fullBlockTxns` user transactions before its last version or a block epilogue reporting a
 * limit; a full block's price is the next bucket (mempool DEFAULT_BUCKETS) above its cheapest user
 * transaction, any other's the minimum, 100. Then low = min of the newest 10, market = max(low,
 * median of the newest 30), aggressive = next bucket above max(market, p90 of all).
 */
export function estimateByHand(l: MemoryLedger, fullBlockTxns: number) {
  const next = (p: number) => [0, 150, 300, 500, 1000, 3000, 5000, 10000, 100000, 1000000].find((x) => x > p) ?? p;
  const epoch = l.ledgerInfo().epoch;
  const blocks: { height: bigint; users: number; price: number }[] = [];
  for (let height = l.ledgerInfo().blockHeight - 1n; height > 0n && blocks.length < 120; height--) {
    const b = l.blockByHeight(height)!;
    const txns = l.transactions(b.firstVersion, Number(b.lastVersion - b.firstVersion) + 1).map((t) => transactionOnChainData.schema.decode(t.bytes).transaction);
    const meta = txns[0]!;
    if (meta.$kind !== 'BlockMetadata' && meta.$kind !== 'BlockMetadataExt') break;
    if ((meta.$kind === 'BlockMetadata' ? meta.value.epoch : meta.value.value.epoch) !== epoch) break;
    const prices = txns.slice(0, -1).flatMap((t) => (t.$kind === 'UserTransaction' ? [Number(t.value.rawTxn.gasUnitPrice)] : []));
    const end = txns.at(-1)!;
    const limit = end.$kind === 'BlockEpilogue' && (end.value.value.blockEndInfo.value.blockGasLimitReached || end.value.value.blockEndInfo.value.blockOutputLimitReached);
    const full = prices.length >= fullBlockTxns || limit;
    blocks.push({ height, users: prices.length, price: full ? next(Math.min(...prices)) : 100 });
  }
  const prices = blocks.map((b) => b.price);
  const low = Math.min(...prices.slice(0, 10));
  const market = Math.max(low, [...prices.slice(0, 30)].sort((a, b) => a - b)[Math.floor(Math.min(30, prices.length) / 2)]!);
  const p90 = Math.max(market, [...prices].sort((a, b) => a - b)[Math.floor((prices.length * 9) / 10)]!);
  return { blocks, estimate: { deprioritized_gas_estimate: low, gas_estimate: market, prioritized_gas_estimate: next(p90) } };
}
