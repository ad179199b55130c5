import { BcsReader, BcsWriter, writeU64 } from '../../bcs/index.js';
import { resourceKey } from '../../ledger/index.js';
import { transactionOnChainData, type BlockHeader, type TransactionOnChainData } from '../../records/index.js';
import type { Reply } from '../exchange.js';
import { bcsReply, jsonReply } from '../responses.js';
import type { EndpointContext } from './context.js';
import { accept } from '../params.js';

// GET /estimate_gas_price (api/src/transactions.rs `estimate_gas_price`, context.rs
// `estimate_gas_price`, `block_min_inclusion_price`): the minimum inclusion price of the recent
// blocks of the current epoch, newest first, skipping the head's block (it may be partial), at most
// `aggressive_block_history` of them. A block is full when it holds at least `full_block_txns` user
// transactions (its last version, where the epilogue is, is not read, as the node does not), or
// when a BlockEpilogue inside it reports a limit reached; a full block's price is the next bucket
// above its cheapest user transaction, any other's the minimum. The minimum is the on-chain gas
// schedule's `txn.min_price_per_gas_unit` (GasScheduleV2, else GasSchedule), or `minGasUnitPrice`
// when the ledger holds neither (a node would answer 500). The on-chain ExecutionConfig is not read:
// as when it is missing (`OnChainExecutionConfig::Missing`), no use-case shuffling and no block gas
// limit. The answer depends only on the ledger at its latest version, so it is kept until that
// changes (the node keeps its own for `cache_expiration_ms`).

/** config/src/config/gas_estimation_config.rs defaults, and the minimum when the ledger has no gas schedule. */
export interface GasEstimationConfig {
  minGasUnitPrice: bigint;
  fullBlockTxns: number;
  lowBlockHistory: number;
  marketBlockHistory: number;
  aggressiveBlockHistory: number;
  /** config/src/config/mempool_config.rs `DEFAULT_BUCKETS` (mempool.broadcast_buckets). */
  buckets: readonly bigint[];
}

export const DEFAULT_GAS_ESTIMATION: GasEstimationConfig = {
  minGasUnitPrice: 100n,
  fullBlockTxns: 250,
  lowBlockHistory: 10,
  marketBlockHistory: 30,
  aggressiveBlockHistory: 120,
  buckets: [0n, 150n, 300n, 500n, 1000n, 3000n, 5000n, 10000n, 100000n, 1000000n],
};

const GAS_SCHEDULE_V2 = /* @__PURE__ */ resourceKey('0x1', { address: '0x1', module: 'gas_schedule', name: 'GasScheduleV2', typeArgs: [] });
const GAS_SCHEDULE = /* @__PURE__ */ resourceKey('0x1', { address: '0x1', module: 'gas_schedule', name: 'GasSchedule', typeArgs: [] });
const MIN_PRICE = 'txn.min_price_per_gas_unit';

export async function estimateGasPrice(ctx: EndpointContext): Promise<Reply> {
  const kind = accept(ctx);
  const info = ctx.info;
  let kept = ctx.memo.gas;
  if (kept === undefined || kept.version !== info.ledgerVersion) {
    const e = await estimate(ctx);
    const w = new BcsWriter(8);
    writeU64(w, e.market);
    kept = ctx.memo.gas = {
      version: info.ledgerVersion,
      json: `{"deprioritized_gas_estimate":${e.low},"gas_estimate":${e.market},"prioritized_gas_estimate":${e.aggressive}}`,
      bcs: w.toBytes(),
    };
  }
  return kind === 'bcs' ? bcsReply(kept.bcs, ctx.headers) : jsonReply(200, kept.json, ctx.headers);
}

async function estimate(ctx: EndpointContext): Promise<{ low: bigint; market: bigint; aggressive: bigint }> {
  const cfg = ctx.gasEstimation;
  const min = await minGasUnitPrice(ctx);
  const next = (p: bigint) => cfg.buckets.find((b) => b > p) ?? p;
  const epoch = ctx.info.epoch;
  const blocks: BlockHeader[] = [];
  let lookup = ctx.info.ledgerVersion;
  const head = await ctx.source.blockByVersion(lookup);
  if (head !== undefined && (await blockEpoch(ctx, head)) === epoch) lookup = head.firstVersion > 0n ? head.firstVersion - 1n : 0n;
  for (let i = 0; i < cfg.aggressiveBlockHistory; i++) {
    const b = await ctx.source.blockByVersion(lookup);
    if (b === undefined || (await blockEpoch(ctx, b)) !== epoch) break;
    blocks.push(b);
    if (b.firstVersion === 0n) break;
    lookup = b.firstVersion - 1n;
  }
  if (blocks.length === 0) return { low: min, market: min, aggressive: next(min) };
  const prices: bigint[] = [];
  for (const b of blocks) prices.push((await blockPrice(ctx, b, cfg, next)) ?? min);
  const sorted = (a: bigint[]) => a.sort((x, y) => (x < y ? -1 : x > y ? 1 : 0));
  const low = prices.slice(0, cfg.lowBlockHistory).reduce((a, b) => (b < a ? b : a));
  const recent = sorted(prices.slice(0, cfg.marketBlockHistory));
  const market = max(low, recent[recent.length >> 1]!);
  const all = sorted(prices.slice());
  const p90 = max(market, all[Math.floor((all.length * 9) / 10)]!);
  return { low, market, aggressive: next(p90) };
}

const max = (a: bigint, b: bigint) => (a > b ? a : b);

/** The epoch of the block's NewBlockEvent: its metadata transaction's (genesis: 0). */
async function blockEpoch(ctx: EndpointContext, b: BlockHeader): Promise<bigint> {
  if (b.firstVersion === 0n) return 0n;
  const [first] = await ctx.source.transactions(b.firstVersion, 1);
  if (first === undefined) return -1n;
  const t = transactionOnChainData.schema.decode(first.bytes).transaction;
  if (t.$kind === 'BlockMetadata') return t.value.epoch;
  if (t.$kind === 'BlockMetadataExt') return t.value.value.epoch;
  return -1n;
}

/** context.rs `block_min_inclusion_price`: the next bucket above the cheapest user transaction of a full block, else undefined. */
async function blockPrice(ctx: EndpointContext, b: BlockHeader, cfg: GasEstimationConfig, next: (p: bigint) => bigint): Promise<bigint | undefined> {
  const count = Number(b.lastVersion - b.firstVersion);
  if (count === 0) return undefined;
  let cheapest: bigint | undefined;
  let users = 0;
  let limitReached: boolean | undefined;
  for (const stored of await ctx.source.transactions(b.firstVersion, count)) {
    let d: TransactionOnChainData;
    try {
      d = transactionOnChainData.schema.decode(stored.bytes);
    } catch {
      return undefined; // "This is just an estimation, so we can just skip over errors"
    }
    const t = d.transaction;
    if (t.$kind === 'UserTransaction') {
      users++;
      const price = t.value.rawTxn.gasUnitPrice;
      if (cheapest === undefined || price < cheapest) cheapest = price;
    } else if (t.$kind === 'BlockEpilogue') {
      const end = t.value.value.blockEndInfo.value;
      limitReached = end.blockGasLimitReached || end.blockOutputLimitReached;
    }
  }
  const full = users >= cfg.fullBlockTxns || limitReached === true;
  return full && cheapest !== undefined ? next(cheapest) : undefined;
}

/** `gas_params.vm.txn.min_price_per_gas_unit` from the on-chain gas schedule, or the configured minimum. */
async function minGasUnitPrice(ctx: EndpointContext): Promise<bigint> {
  const v = ctx.info.ledgerVersion;
  const v2 = await ctx.source.stateValue(GAS_SCHEDULE_V2, v);
  const found = v2 !== undefined ? entry(v2, 8) : undefined;
  if (found !== undefined) return found;
  const v1 = await ctx.source.stateValue(GAS_SCHEDULE, v);
  return (v1 !== undefined ? entry(v1, 0) : undefined) ?? ctx.gasEstimation.minGasUnitPrice;
}

/** `vector<GasEntry { key: String, val: u64 }>` from `at`: the value of `txn.min_price_per_gas_unit`. */
function entry(bytes: Uint8Array, at: number): bigint | undefined {
  try {
    const r = new BcsReader(bytes, {}, at);
    for (let n = r.length(9); n > 0; n--) {
      const key = r.string();
      const val = r.u64();
      if (key === MIN_PRICE) return val;
    }
  } catch {
    // a schedule that does not decode has no usable minimum
  }
  return undefined;
}
