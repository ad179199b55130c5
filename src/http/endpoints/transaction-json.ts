import type { StoredTransaction } from '../../ledger/index.js';
import { blockTransactionsJson, nodeJsonText } from '../../node-json/index.js';
import { transactionOnChainData, type BlockHeader } from '../../records/index.js';
import { BoundedMap } from '../../submission/internal.js';
import { internal, type EndpointContext } from './context.js';

// Committed transactions in the node's JSON (api/src/context.rs `render_transactions_sequential` and
// `_non_sequential`: each at its block's timestamp), rendered by src/node-json once and kept as
// UTF-8 text by version. A committed version's JSON depends on its record, its block and the
// handler's ABIs alone, none of which changes (LedgerSource), so a kept text answers every later
// request: a block or a listing is the kept texts joined, with no decode, render or object graph.
// Kept in the library's one bounded cache, sized in bytes (the handler's `transactionCacheBytes`).

/** The default bound on the kept texts: 64 MiB, some 30,000 transfers. */
export const DEFAULT_TRANSACTION_CACHE_BYTES = 64 * 1024 * 1024;

/** What a kept text costs beside its bytes (the Map entry and the Uint8Array object), roughly. */
const ENTRY_OVERHEAD = 96;

/**
 * The rendered texts by version (a number: versions past 2^53 are not kept), and whole block answers
 * by `first/count` (a string), whose transactions' texts are then views of the block's bytes.
 */
export type TransactionTexts = BoundedMap<number | string, Uint8Array>;

export function transactionTexts(maxBytes: number): TransactionTexts {
  return new BoundedMap(Number.MAX_SAFE_INTEGER, { max: maxBytes, of: (t) => t.byteLength + ENTRY_OVERHEAD });
}

const UTF8 = /* @__PURE__ */ new TextEncoder();

/**
 * The texts of `txs`, all in `block`, rendered with one render context and kept. Each is its own
 * nodeJsonText: a u64 the node writes as a number past 2^53 (a block epilogue's) sends it down its
 * slow exact path, which then costs that transaction alone.
 */
function renderRun(ctx: EndpointContext, block: BlockHeader, txs: readonly StoredTransaction[]): Uint8Array[] {
  const decoded = txs.map((t) => transactionOnChainData.schema.decode(t.bytes));
  const rendered = blockTransactionsJson(block, decoded, { abis: ctx.abis, sha3: ctx.sha3 });
  return rendered.map((json, i) => {
    const text = UTF8.encode(nodeJsonText(json));
    const v = txs[i]!.version;
    if (v <= MAX_KEPT) ctx.memo.transactions.set(Number(v), text);
    return text;
  });
}

const MAX_KEPT = BigInt(Number.MAX_SAFE_INTEGER);
const kept = (ctx: EndpointContext, v: bigint): Uint8Array | undefined => (v <= MAX_KEPT ? ctx.memo.transactions.get(Number(v)) : undefined);

/** The kept texts of the `count` transactions from `from`, or undefined when any is not kept. */
export function keptTexts(ctx: EndpointContext, from: bigint, count: number): Uint8Array[] | undefined {
  const out: Uint8Array[] = new Array(count);
  for (let i = 0; i < count; i++) {
    const t = kept(ctx, from + BigInt(i));
    if (t === undefined) return undefined;
    out[i] = t;
  }
  return out;
}

/**
 * The texts of the `count` transactions from `from`, all in `block` (a block's, capped): kept ones as
 * they are, and when any is missing the run is read from the source (unless `read` holds it) and
 * the missing ones rendered.
 */
export async function blockTexts(ctx: EndpointContext, block: BlockHeader, from: bigint, count: number, read?: readonly StoredTransaction[]): Promise<Uint8Array[]> {
  const out: Uint8Array[] = new Array(count);
  let missing = 0;
  for (let i = 0; i < count; i++) {
    const t = kept(ctx, from + BigInt(i));
    if (t === undefined) missing++;
    else out[i] = t;
  }
  if (missing === 0) return out;
  const txs = read ?? (await ctx.source.transactions(from, count));
  if (txs.length !== count) throw internal();
  return fill(ctx, out, txs, async () => block);
}

/**
 * The texts of stored transactions (ascending versions), each at its own block's timestamp
 * (`render_transactions_non_sequential`): kept ones as they are, runs of one block rendered together.
 */
export async function storedTexts(ctx: EndpointContext, txs: readonly StoredTransaction[]): Promise<Uint8Array[]> {
  const out: Uint8Array[] = new Array(txs.length);
  for (let i = 0; i < txs.length; i++) {
    const t = kept(ctx, txs[i]!.version);
    if (t !== undefined) out[i] = t;
  }
  return fill(ctx, out, txs, async (v) => ctx.source.blockByVersion(v));
}

/** Renders the holes of `out` (missing texts of `txs`), each run of one block with that block. */
async function fill(ctx: EndpointContext, out: Uint8Array[], txs: readonly StoredTransaction[], blockOf: (v: bigint) => Promise<BlockHeader | undefined>): Promise<Uint8Array[]> {
  for (let i = 0; i < txs.length; ) {
    if (out[i] !== undefined) {
      i++;
      continue;
    }
    const block = await blockOf(txs[i]!.version);
    if (block === undefined || txs[i]!.version < block.firstVersion) throw internal();
    let j = i + 1;
    while (j < txs.length && out[j] === undefined && txs[j]!.version <= block.lastVersion) j++;
    const texts = renderRun(ctx, block, txs.slice(i, j));
    for (let k = i; k < j; k++) out[k] = texts[k - i]!;
    i = j;
  }
  return out;
}

/** `head ‖ texts joined by ',' ‖ tail`, as one UTF-8 body (head and tail ASCII). */
export function joinTexts(head: string, texts: readonly Uint8Array[], tail: string): Uint8Array {
  let size = head.length + tail.length + Math.max(texts.length - 1, 0);
  for (const t of texts) size += t.byteLength;
  const out = new Uint8Array(size);
  let at = UTF8.encodeInto(head, out).written;
  for (let i = 0; i < texts.length; i++) {
    if (i > 0) out[at++] = 44; // ,
    out.set(texts[i]!, at);
    at += texts[i]!.byteLength;
  }
  UTF8.encodeInto(tail, out.subarray(at));
  return out;
}

/**
 * A block's JSON answer with its first `count` transactions: `head`, their texts, `]}`. Kept whole
 * (a block asked again is answered with no copy), and the texts just rendered for it are kept as
 * views of it, so the block's text is held once (and counted twice against the bound, which then
 * holds whichever of the two outlives the other).
 */
export async function blockBody(ctx: EndpointContext, block: BlockHeader, count: number, head: () => string): Promise<Uint8Array> {
  const key = `${block.firstVersion}/${count}`;
  const whole = ctx.memo.transactions.get(key);
  if (whole !== undefined) return whole;
  const texts = await blockTexts(ctx, block, block.firstVersion, count);
  const body = joinTexts(head(), texts, ']}');
  ctx.memo.transactions.set(key, body);
  if (ctx.memo.transactions.get(key) === body && block.firstVersion + BigInt(count) <= MAX_KEPT) {
    let at = body.length - 2;
    for (let i = count - 1; i >= 0; i--) {
      at -= texts[i]!.byteLength;
      ctx.memo.transactions.set(Number(block.firstVersion) + i, body.subarray(at, at + texts[i]!.byteLength));
      at--; // ,
    }
  }
  return body;
}
