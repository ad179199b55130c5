import { afterEach, describe, expect, it } from 'vitest';
import { readBlockHead } from '../../src/replica/block-bytes.js';
import { createMemoryLedger, loadMemoryLedger } from '../../src/ledger/index.js';
import { isReplicaError } from '../../src/replica/index.js';
import { createLedgerHandler } from '../../src/http/index.js';
import { addressBytes } from '../../src/bcs/index.js';
import { objectAddress } from '../../src/hash/internal.js';
import { objectGroupKey } from '../../src/ledger/internal.js';
import { ACCOUNTS, blockBytes, EXAMPLE, exampleLedger, get, growingLedger, serveSource, startFollower, startProxy, until, type Exchanged, type Running } from './helpers.js';

// A follower on loopback against the handler serving the example ledger (306 blocks, 2242
// transactions): catch-up, following, resuming, an upstream away, slow or tampering. The upstream
// that feeds the follower caps a block's transactions at 2 and a listing page at 3, so every block is
// completed through GET /transactions.

const LIMITED = { limits: { maxBlockTransactionsPageSize: 2, maxTransactionsPageSize: 3 } };
const full = exampleLedger();
const TIP = Number(full.ledgerInfo().blockHeight);
const cleanup: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const c of cleanup.splice(0).reverse()) await c();
});
const track = <T extends { close?: () => Promise<void>; stop?: () => Promise<void> }>(x: T): T => {
  cleanup.push(() => (x.stop ?? x.close)!.call(x));
  return x;
};

const BCS = 'application/x-bcs';
const JSON_TYPE = 'application/json';
const ASSETS = ['0x1::aptos_coin::AptosCoin', '0xa', EXAMPLE.fungibleAsset];

/** The paths whose answers must be equal at `version` on both sides. */
function pathsAt(version: bigint, accounts = ACCOUNTS): string[] {
  const q = `?ledger_version=${version}`;
  const out: string[] = [];
  for (const a of accounts) {
    out.push(`/accounts/${a}${q}`, `/accounts/${a}/resource/0x1::account::Account${q}`);
    for (const t of ASSETS) out.push(`/accounts/${a}/balance/${t}${q}`);
  }
  return out;
}

async function expectSameAnswers(a: string, b: string, paths: string[], accepts = [BCS, JSON_TYPE]): Promise<void> {
  for (const p of paths) {
    for (const accept of accepts) {
      const [x, y] = await Promise.all([get(a, p, accept), get(b, p, accept)]);
      expect({ p, accept, status: y.status, type: y.type }).toEqual({ p, accept, status: x.status, type: x.type });
      expect(Buffer.from(y.body).toString('hex'), `${p} (${accept})`).toBe(Buffer.from(x.body).toString('hex'));
    }
  }
}

describe('serve --follow: a verifying replica', () => {
  it('catches up from the oldest block through blocks and the listing, and answers as the upstream at every version', async () => {
    const source = exampleLedger();
    const feed = track(await serveSource(source, LIMITED));
    const reference = track(await serveSource(source));
    const f = track(await startFollower(feed.url, { from: 'oldest' }));
    await until(() => f.follower.status().blockHeight === BigInt(TIP));
    expect(f.follower.status().transactionsIngested).toBe(Number(full.ledgerInfo().ledgerVersion) + 1);
    expect(f.lines.some((l) => /^ingested blocks \d+\.\.=\d+ versions \d+\.\.=\d+ \(\d+ tx, \d+ tx\/s\)$/.test(l))).toBe(true);
    const blocks = Array.from({ length: TIP + 1 }, (_, h) => `/blocks/by_height/${h}?with_transactions=true`);
    await expectSameAnswers(reference.url, f.url, blocks, [BCS]);
    await expectSameAnswers(reference.url, f.url, [...blocks.filter((_, h) => h % 50 === 0), '/blocks/by_height/301', '/blocks/by_height/7'], [JSON_TYPE, BCS]);
    const latest = full.ledgerInfo().ledgerVersion;
    for (const v of [0n, 37n, 400n, latest]) await expectSameAnswers(reference.url, f.url, pathsAt(v));
    const listing = [0, 1, 99, 500, Number(latest)].map((s) => `/transactions?start=${s}&limit=25`);
    listing.push('/transactions?limit=0', `/transactions?start=${latest + 1n}`, '/transactions?start=x');
    await expectSameAnswers(reference.url, f.url, listing);
    const summaries = ACCOUNTS.map((a) => `/accounts/${a}/transaction_summaries?start_version=0&limit=100`);
    await expectSameAnswers(reference.url, f.url, summaries);
    // The health check: healthy, and the lag is the replica's own (the example's clock is 2023).
    expect((await get(f.url, '/-/healthy', JSON_TYPE)).status).toBe(200);
    expect((await get(f.url, '/-/healthy?duration_secs=60', JSON_TYPE)).status).toBe(503);
    // Every version, in process (the handlers themselves, no sockets): three accounts' account and
    // APT balance, BCS bodies.
    const mine = createLedgerHandler({ source: f.follower.source });
    const theirs = createLedgerHandler({ source });
    const ask = async (h: typeof mine, path: string) => {
      const r = await h(new Request(`http://x.test/v1${path}`, { headers: { accept: BCS } }));
      return `${r.status} ${Buffer.from(await r.arrayBuffer()).toString('hex')}`;
    };
    let compared = 0;
    for (let v = 0n; v <= latest; v++) {
      for (const p of ACCOUNTS.slice(0, 3).flatMap((a) => [`/accounts/${a}?ledger_version=${v}`, `/accounts/${a}/balance/0xa?ledger_version=${v}`])) {
        expect(await ask(mine, p), p).toBe(await ask(theirs, p));
        compared++;
      }
    }
    expect(compared).toBe(Number(latest + 1n) * 3 * 2);
  });

  it('starts at a height, reading state older than its first block through from the upstream (cached)', async () => {
    const source = exampleLedger();
    const feed = track(await serveSource(source, LIMITED));
    const f = track(await startFollower(feed.url, { from: { height: 200n } }));
    await until(() => f.follower.status().blockHeight === BigInt(TIP));
    const first = full.blockByHeight(200n)!.firstVersion;
    const latest = full.ledgerInfo().ledgerVersion;
    const paths = (v: bigint) => pathsAt(v);
    for (const v of [first, first + 17n, latest]) await expectSameAnswers(feed.url, f.url, paths(v));
    const reads = f.follower.source.upstreamReads;
    expect(reads).toBeGreaterThan(0);
    await expectSameAnswers(feed.url, f.url, paths(latest));
    expect(f.follower.source.upstreamReads).toBe(reads); // cached: a value at a version never changes
    // A resource group read through (an account's primary APT store: ObjectCore and FungibleStore) is
    // the node's bytes: BCS orders the map by encoded keys, so 0x1::object's members come first.
    let groups = 0;
    for (const owner of ACCOUNTS) {
      const key = objectGroupKey(objectAddress(owner, addressBytes('0xa'), 0xfc));
      const want = source.stateValue(key, first);
      if (want === undefined) continue;
      expect(await f.follower.source.stateValue(key, first), owner).toEqual(want);
      groups++;
    }
    expect(groups).toBeGreaterThan(0);
    // Headers as the upstream's (the epoch is read through too), and history before it is pruned.
    const [x, y] = await Promise.all([get(feed.url, `/accounts/${ACCOUNTS[0]}`), get(f.url, `/accounts/${ACCOUNTS[0]}`)]);
    for (const h of ['x-svc-chain-id', 'x-svc-epoch', 'x-svc-ledger-version', 'x-svc-ledger-timestampusec', 'x-svc-block-height']) expect(y.headers.get(h), h).toBe(x.headers.get(h));
    expect(y.headers.get('x-svc-oldest-block-height')).toBe('200');
    expect((await get(f.url, `/accounts/${ACCOUNTS[0]}?ledger_version=${first - 1n}`)).status).toBe(410);
    expect((await get(f.url, '/blocks/by_height/199')).status).toBe(410);
  });

  it('follows live as the upstream appends blocks, and resumes from a saved ledger', async () => {
    const up = await growingLedger(full, 100);
    const feed = track(await serveSource(up.ledger, LIMITED));
    const f = await startFollower(feed.url, { from: 'oldest' });
    await until(() => f.follower.status().blockHeight === 100n);
    for (let i = 0; i < 5; i++) {
      await up.append(20);
      await until(() => f.follower.status().blockHeight === up.ledger.ledgerInfo().blockHeight);
    }
    expect(f.follower.status().state).toBe('following');
    const saved = f.follower.ledger.save();
    await f.stop();
    await up.append(1000);
    const resumed = track(await startFollower(feed.url, { ledger: loadMemoryLedger(saved) }));
    await until(() => resumed.follower.status().blockHeight === BigInt(TIP));
    const reference = track(await serveSource(full));
    await expectSameAnswers(reference.url, resumed.url, [150, 200, TIP].map((h) => `/blocks/by_height/${h}?with_transactions=true`), [BCS]);
    await expectSameAnswers(reference.url, resumed.url, pathsAt(full.ledgerInfo().ledgerVersion));
  });

  it('keeps serving while the upstream is away, and catches up when it comes back', async () => {
    const up = await growingLedger(full, 150);
    let feed: Running = await serveSource(up.ledger, LIMITED);
    cleanup.push(() => feed.close());
    const f = track(await startFollower(feed.url, { from: 'oldest' }));
    await until(() => f.follower.status().blockHeight === 150n);
    const port = feed.port;
    await feed.close();
    await up.append(1000);
    await until(() => f.follower.status().state === 'retrying');
    // Its health check reports its own lag: at the upstream's tip time + 1 s, the replica (at block
    // 150, minutes behind) is unhealthy within 10 s while the upstream is healthy.
    const now = () => Number(up.ledger.ledgerInfo().ledgerTimestampUsec / 1000n) + 1000;
    const lagging = track(await serveSource(f.follower.source, { now }));
    const tip = track(await serveSource(up.ledger, { now }));
    expect((await get(lagging.url, '/-/healthy?duration_secs=10', JSON_TYPE)).status).toBe(503);
    expect((await get(tip.url, '/-/healthy?duration_secs=10', JSON_TYPE)).status).toBe(200);
    expect(f.follower.status().lastUpstreamError).toMatch(/fetch failed|ECONNREFUSED|network/i);
    expect((await get(f.url, `/accounts/${ACCOUNTS[0]}`)).status).toBe(200);
    expect(f.lines.some((l) => /^upstream failed .*; retrying in \d+ ms$/.test(l))).toBe(true);
    feed = await serveSource(up.ledger, LIMITED, port);
    await until(() => f.follower.status().blockHeight === BigInt(TIP));
    expect(f.follower.status().state).toBe('following');
  });

  it('catches up from a slow upstream with requests in flight, serving meanwhile', async () => {
    const source = exampleLedger();
    const up = track(await serveSource(source));
    const slow = track(await startProxy(() => up.url, async (x) => (await new Promise((r) => setTimeout(r, 15)), x)));
    const f = track(await startFollower(slow.url, { from: 'oldest', concurrency: 16 }));
    await until(() => f.follower.status().blockHeight! > 20n);
    expect((await get(f.url, '/blocks/by_height/5')).status).toBe(200);
    await until(() => f.follower.status().blockHeight === BigInt(TIP), 20_000);
    await expectSameAnswers(up.url, f.url, pathsAt(full.ledgerInfo().ledgerVersion).slice(0, 10));
  });
});

it('keeps a pruning window: older versions answer 410, the window answers as the upstream', async () => {
  const source = exampleLedger();
  const feed = track(await serveSource(source));
  const f = track(await startFollower(feed.url, { from: 'oldest', pruneWindow: 150 }));
  await until(() => f.follower.status().blockHeight === BigInt(TIP));
  const latest = full.ledgerInfo().ledgerVersion;
  const oldest = f.follower.ledger.ledgerInfo().oldestLedgerVersion;
  // Whole blocks: from the one holding the window's first version (the last blocks hold 250+ each).
  expect(oldest).toBe(full.blockByVersion(latest - 149n)!.firstVersion);
  expect(oldest).toBeLessThanOrEqual(latest - 149n);
  await expectSameAnswers(feed.url, f.url, [...pathsAt(oldest), ...pathsAt(latest)], [BCS]);
  expect((await get(f.url, `/accounts/${ACCOUNTS[0]}?ledger_version=${oldest - 1n}`)).status).toBe(410);
  expect((await get(f.url, `/transactions?start=0`)).status).toBe(500);
});

it('stops (unavailable_start) when the upstream has pruned the next block', async () => {
  const early = (await growingLedger(full, 50)).ledger;
  const pruned = createMemoryLedger({ pruneWindow: 200 });
  for (let h = 0; h <= TIP; h++) pruned.ingest(await blockBytes(full, h));
  const feed = track(await serveSource(pruned));
  const f = track(await startFollower(feed.url, { ledger: loadMemoryLedger(early.save()) }));
  await until(() => f.follower.status().state === 'failed');
  expect(f.follower.status().error).toMatchObject({ code: 'unavailable_start', block: 51n });
  expect(f.follower.status().blockHeight).toBe(50n);
});

describe('a tampering upstream is refused, and what was verified is still served', () => {
  const BAD = 120;
  async function tampered(alter: (x: Exchanged, upstream: string) => Exchanged | Promise<Exchanged>) {
    const source = exampleLedger();
    const up = track(await serveSource(source));
    const proxy = track(await startProxy(() => up.url, (x) => alter(x, up.url)));
    const f = track(await startFollower(proxy.url, { from: 'oldest' }));
    await until(() => f.follower.status().state === 'failed');
    const s = f.follower.status();
    expect(s.blockHeight).toBe(BigInt(BAD - 1));
    expect(isReplicaError(s.error)).toBe(true);
    const health = await get(f.url, '/-/healthy', JSON_TYPE);
    expect(health.status).toBe(503);
    expect(JSON.parse(Buffer.from(health.body).toString()).error_code).toBe('health_check_failed');
    expect((await get(f.url, `/blocks/by_height/${BAD - 1}?with_transactions=true`)).status).toBe(200);
    expect((await get(f.url, `/blocks/by_height/${BAD}`)).status).toBe(404);
    expect(f.lines.some((l) => /^refused: .*; retrying in \d+ ms$/.test(l))).toBe(true);
    await expectSameAnswers(up.url, f.url, pathsAt(full.blockByHeight(BigInt(BAD - 1))!.lastVersion).slice(0, 10));
    return s.error!;
  }
  const isBad = (path: string) => path.startsWith(`/v1/blocks/by_height/${BAD}?`);

  it('one changed byte in a transaction: transaction_hash, naming block and version', async () => {
    const e = await tampered((x) => {
      if (!isBad(x.path)) return x;
      const body = x.body.slice();
      body[readBlockHead(body).txStart + 8 + 5]! ^= 1; // inside the first transaction's BlockMetadata id
      return { ...x, body };
    });
    expect(e).toMatchObject({ code: 'verification_failed', field: 'transaction_hash', block: BigInt(BAD), version: full.blockByHeight(BigInt(BAD))!.firstVersion });
    expect(e.message).toMatch(new RegExp(`^block ${BAD}, version \\d+: .*\\(transaction_hash\\)$`));
  });

  it('a skipped height: block_height', async () => {
    const e = await tampered(async (x, up) => {
      if (!isBad(x.path)) return x;
      const r = await fetch(up + x.path.replace(`/by_height/${BAD}?`, `/by_height/${BAD + 1}?`), { headers: { accept: BCS } });
      return { ...x, body: new Uint8Array(await r.arrayBuffer()) };
    });
    expect(e).toMatchObject({ code: 'verification_failed', field: 'block_height', block: BigInt(BAD) });
  });

  it('a wrong chain id: chain_id_mismatch', async () => {
    const e = await tampered((x) => (isBad(x.path) ? { ...x, headers: { ...x.headers, 'x-svc-chain-id': '5' } } : x));
    expect(e).toMatchObject({ code: 'chain_id_mismatch', field: 'chain_id', block: BigInt(BAD) });
  });
});
