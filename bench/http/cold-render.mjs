// The first (cold) JSON answer of a block of 100 transfers, in process, beside the hand-written render
// floor (bench/floor/node-json.mjs `renderTransferBlock`, over the decoded block, pure-JS sha3):
// ours is what the block endpoint does when none of the block's texts is kept (issue 32,
// src/http/endpoints/transaction-json.ts `renderRun`): decode each stored transaction, render them
// with one render context, each to its text, UTF-8, joined after the header. With node:crypto's sha3
// (what `serve` passes) and with the default @noble/hashes. Rounds alternate; ratios per round.
// Usage: npm run build && node bench/http/cold-render.mjs [--rounds 7 --ms 400]
import { renderTransferBlock } from '../floor/node-json.mjs';
import { transferBlock } from '../workloads/node-json.mjs';

const args = Object.fromEntries(process.argv.slice(2).reduce((acc, a, i, all) => (a.startsWith('--') ? [...acc, [a.slice(2), all[i + 1]]] : acc), []));
const ROUNDS = Number(args.rounds ?? 7);
const MS = Number(args.ms ?? 400);

const ours = { ...(await import('../entries/ours-whole.mjs')), ...(await import('../../dist/node-json/index.js')) };
const { transactionOnChainData, blockHeaderJson, bcsBlock } = await import('../../dist/records/index.js');
const { nodeSha3 } = await import('../../dist/ledger/node.js');
const { bytes, block, abis } = transferBlock(ours);

// The stored records, as a ledger holds them: each transaction's own bytes.
const stored = block.transactions.map((t) => transactionOnChainData.schema.encode(t));
const UTF8 = new TextEncoder();
const header = { ...block, transactions: undefined };

function cold(sha3) {
  const decoded = stored.map((b) => transactionOnChainData.schema.decode(b));
  const texts = ours.blockTransactionsJson(header, decoded, { abis, sha3 }).map((j) => UTF8.encode(ours.nodeJsonText(j)));
  const head = UTF8.encode(`${JSON.stringify(blockHeaderJson(header)).slice(0, -1)},"transactions":[`);
  let size = head.length + 2 + texts.length - 1;
  for (const t of texts) size += t.length;
  const out = new Uint8Array(size);
  out.set(head);
  let at = head.length;
  for (let i = 0; i < texts.length; i++) {
    if (i > 0) out[at++] = 44;
    out.set(texts[i], at);
    at += texts[i].length;
  }
  out[at++] = 93;
  out[at++] = 125;
  return out;
}

// Same bytes as the floor (and as the node's JSON of the block).
const want = renderTransferBlock(block);
for (const sha3 of [nodeSha3, undefined]) {
  const got = new TextDecoder().decode(cold(sha3));
  if (got !== want) throw new Error(`ours differs from the floor (sha3 ${sha3 ? 'node' : 'noble'})`);
}
if (bcsBlock.schema.decode(bytes).transactions.length !== 100) throw new Error('not 100 transactions');

function perCall(fn) {
  const end = performance.now() + MS;
  let n = 0;
  const t0 = performance.now();
  while (performance.now() < end) {
    fn();
    n++;
  }
  return ((performance.now() - t0) * 1000) / n;
}

const impls = { floor: () => renderTransferBlock(block), 'ours (node sha3)': () => cold(nodeSha3), 'ours (noble sha3)': () => cold(undefined) };
for (const f of Object.values(impls)) perCall(f); // warm-up
const rounds = Object.fromEntries(Object.keys(impls).map((k) => [k, []]));
for (let r = 0; r < ROUNDS; r++) for (const [k, f] of r % 2 ? Object.entries(impls).reverse() : Object.entries(impls)) rounds[k].push(perCall(f));
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
console.log(`cold render of a block of 100 transfers: ${ROUNDS} rounds × ${MS} ms, node ${process.version}`);
console.log('| impl | µs per block (median) | rounds | × floor (median, range) |');
console.log('| --- | ---: | --- | ---: |');
for (const [k, xs] of Object.entries(rounds)) {
  const ratios = xs.map((x, i) => x / rounds.floor[i]);
  console.log(`| ${k} | ${median(xs).toFixed(0)} | ${xs.map((x) => x.toFixed(0)).join(' ')} | ${median(ratios).toFixed(2)} (${Math.min(...ratios).toFixed(2)}–${Math.max(...ratios).toFixed(2)}) |`);
}
