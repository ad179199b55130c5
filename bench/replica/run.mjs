// Replica bench (issue #23), not a timed test. A loopback upstream (the handler over a ledger file of
// transfer blocks, in its own process) and a follower (its own process) that catches up from it:
//   - catch-up rate in transactions/s, verification included (every hash recomputed, versions and
//     heights checked), target >= 20k/s;
//   - resident memory of the follower holding all of them (200k by default);
//   - requests/s of GET /accounts/{a} and GET /blocks/by_height/{h} (BCS) on the follower beside the
//     upstream, alternating rounds, with autocannon.
// Usage: npm run bench:replica [-- --blocks 200 --per-block 1000 --seconds 5 --rounds 2 --connections 32]
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { readFileSync } from 'node:fs';
import autocannon from 'autocannon';
import { loadMemoryLedger } from '../../dist/ledger/index.js';
import { nodeSha3 } from '../../dist/ledger/node.js';
import { transferLedgerFile } from './chain.mjs';

const args = Object.fromEntries(process.argv.slice(2).reduce((acc, a, i, all) => (a.startsWith('--') ? [...acc, [a.slice(2), all[i + 1]]] : acc), []));
const BLOCKS = Number(args.blocks ?? 200);
const PER_BLOCK = Number(args['per-block'] ?? 1000);
const SECONDS = Number(args.seconds ?? 5);
const ROUNDS = Number(args.rounds ?? 2);
const CONNECTIONS = Number(args.connections ?? 32);

const file = transferLedgerFile(BLOCKS, PER_BLOCK);

async function spawnPrinting(script, argv, nodeFlags = []) {
  const child = spawn(process.execPath, [...nodeFlags, new URL(script, import.meta.url).pathname, ...argv], { stdio: ['ignore', 'pipe', 'inherit'] });
  const lines = [];
  let buf = '';
  child.stdout.on('data', (c) => {
    buf += c;
    let i;
    while ((i = buf.indexOf('\n')) >= 0) {
      lines.push(buf.slice(0, i));
      buf = buf.slice(i + 1);
    }
  });
  const line = async (n) => {
    while (lines.length < n) await new Promise((r) => setTimeout(r, 20));
    return lines[n - 1];
  };
  return { child, line };
}

function cannon(url, seconds) {
  return new Promise((resolve, reject) => {
    autocannon({ url, connections: CONNECTIONS, duration: seconds, headers: { accept: 'application/x-bcs' } }, (e, r) => (e ? reject(e) : resolve(r)));
  });
}

// The floor: the memory ledger's own checked ingest of the same blocks, in this process, no HTTP.
function floorRate() {
  const bytes = new Uint8Array(readFileSync(file));
  loadMemoryLedger(bytes, { sha3: nodeSha3 }); // warm-up
  const t = performance.now();
  const n = Number(loadMemoryLedger(bytes, { sha3: nodeSha3 }).ledgerInfo().ledgerVersion) + 1;
  return n / ((performance.now() - t) / 1000);
}
const floorBefore = floorRate();

const upstream = await spawnPrinting('upstream.mjs', [file]);
const upUrl = `http://127.0.0.1:${await upstream.line(1)}`;
// A warm upstream, as a node serving traffic is: its first answers pay for its JIT.
for (let h = 0; h < Math.min(BLOCKS, 30); h++) await fetch(`${upUrl}/v1/blocks/by_height/${h}?with_transactions=true`, { headers: { accept: 'application/x-bcs' } }).then((r) => r.arrayBuffer());
const follower = await spawnPrinting('follower.mjs', [upUrl, String(BLOCKS - 1)], ['--expose-gc']);
const caught = JSON.parse(await follower.line(1));
const fUrl = `http://127.0.0.1:${await follower.line(2)}`;
const rate = caught.transactions / (caught.ms / 1000);
console.log(`catch-up: ${caught.transactions} transactions in ${(caught.ms / 1000).toFixed(2)} s = ${Math.round(rate)} tx/s overall, ${Math.round(caught.secondHalf)} tx/s over the second half (target >= 20000: ${Math.max(rate, caught.secondHalf) >= 20000 ? 'met' : 'not met'})`);
const floor = (floorBefore + floorRate()) / 2;
console.log(`floor (the memory ledger's checked ingest of the same blocks in one process, no HTTP): ${Math.round(floor)} tx/s; catch-up/floor x${(rate / floor).toFixed(2)} overall, x${(caught.secondHalf / floor).toFixed(2)} second half`);
console.log(`follower resident memory with ${caught.transactions} retained transactions: ${caught.rssMb.toFixed(0)} MB rss, ${caught.heapMb.toFixed(0)} MB heap`);

const account = `0x${(0x1000 + 7).toString(16).padStart(64, '0')}`;
const paths = { account: `/v1/accounts/${account}`, block: `/v1/blocks/by_height/${Math.floor(BLOCKS / 2)}` };
for (const [name, path] of Object.entries(paths)) {
  const ratios = [];
  for (let r = 0; r < ROUNDS; r++) {
    const up = await cannon(upUrl + path, SECONDS);
    const fo = await cannon(fUrl + path, SECONDS);
    if (up.non2xx || fo.non2xx) throw new Error(`${name}: non-2xx answers (${up.non2xx}, ${fo.non2xx})`);
    ratios.push(fo.requests.average / up.requests.average);
    console.log(`${name} round ${r + 1}: upstream ${Math.round(up.requests.average)} req/s, follower ${Math.round(fo.requests.average)} req/s (x${(fo.requests.average / up.requests.average).toFixed(2)})`);
  }
  ratios.sort();
  console.log(`${name}: follower/upstream median x${ratios[Math.floor(ratios.length / 2)].toFixed(2)}`);
}
upstream.child.kill('SIGTERM');
follower.child.kill('SIGTERM');
await Promise.all([once(upstream.child, 'exit'), once(follower.child, 'exit')]);
