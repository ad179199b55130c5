import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { toHex } from '../../src/bcs/index.js';
import { createLedgerClient } from '../../src/client/index.js';
import { bcsBlock } from '../../src/records/index.js';
import type { FollowerOptions } from '../../src/replica/index.js';
import { openLedgerStore } from '../../src/ledger/store.js';
import { FORGERIES, forge, type Forgery } from './forgeries.js';
import { ACCOUNTS, blockBytes, exampleLedger, get, serveSource, startFollower, startProxy, until, type Running } from './helpers.js';

// The tampering suite: a proxy on loopback between a follower and the example ledger's upstream edits
// block BAD (and, for the forgeries that renumber or rewrite roots, the blocks after it). Three modes:
// from genesis, mid-chain alone, mid-chain with one honest witness. What each mode refuses is read from
// docs/replica.md's table "The tampering suite", so the docs say exactly what the suite sees.

const BAD = 33; // block metadata, three user transactions, block epilogue
const MID = 25; // where a mid-chain follower starts
const RECOVERED = BAD + 5;

/** 'not detected', or 'refused' with the field the docs name (if they name one). */
type Outcome = 'not detected' | `refused${string}`;
type Mode = 'from genesis' | 'mid-chain alone' | 'mid-chain, one honest witness';
const MODES: Mode[] = ['from genesis', 'mid-chain alone', 'mid-chain, one honest witness'];

/** The docs' table: forgery name → outcome per mode. */
function docsTable(): Map<string, Record<Mode, Outcome>> {
  const doc = readFileSync('docs/replica.md', 'utf8');
  const section = doc.slice(doc.indexOf('### The tampering suite'));
  const rows = section.split('\n').filter((l) => /^\| `[a-z-]+` /.test(l));
  const out = new Map<string, Record<Mode, Outcome>>();
  for (const r of rows) {
    const cells = r.split('|').slice(1, -1).map((c) => c.trim());
    const name = /^`([a-z-]+)`/.exec(cells[0]!)![1]!;
    const outcome = (c: string): Outcome => {
      if (c.startsWith('not detected')) return 'not detected';
      if (c.startsWith('refused')) return c.match(/^refused(?: \(`([a-z_]+)`\))?$/)![1] === undefined ? 'refused' : `refused ${c.match(/`([a-z_]+)`/)![1]}`;
      throw new Error(`docs: ${name}: ${c}`);
    };
    out.set(name, { 'from genesis': outcome(cells[1]!), 'mid-chain alone': outcome(cells[2]!), 'mid-chain, one honest witness': outcome(cells[3]!) });
  }
  return out;
}

const TABLE = docsTable();
const full = exampleLedger();
const TIP = Number(full.ledgerInfo().blockHeight);
let honest: Uint8Array[];
let upstream: Running;
let witness: Running;

beforeAll(async () => {
  honest = [];
  for (let i = 0; i <= TIP; i++) honest.push(await blockBytes(full, i));
  upstream = await serveSource(exampleLedger());
  witness = await serveSource(exampleLedger());
});
afterAll(async () => {
  await upstream.close();
  await witness.close();
});

it('the docs list every forgery of the suite, and the suite has at least 19', () => {
  expect([...TABLE.keys()]).toEqual(FORGERIES.map((f) => f.name));
  expect(FORGERIES.length).toBeGreaterThanOrEqual(19);
});

/** A follower behind a proxy serving `f`'s blocks while `tamper.on`. */
async function run(f: Forgery, mode: Mode, extra: Partial<FollowerOptions> = {}) {
  const blocks = forge(honest, f, BAD);
  expect(blocks.has(BAD), `${f.name} edits block ${BAD}`).toBe(true);
  const tamper = { on: true };
  const proxy = await startProxy(
    () => upstream.url,
    (x) => {
      const m = /^\/v1\/blocks\/by_height\/(\d+)\?/.exec(x.path);
      const b = m === null ? undefined : blocks.get(Number(m[1]));
      return tamper.on && b !== undefined ? { ...x, body: b } : x;
    },
  );
  const witnesses = mode === 'mid-chain, one honest witness' ? [{ name: 'honest', client: createLedgerClient({ baseUrl: witness.url, timeoutMs: 5000 }) }] : undefined;
  const follower = await startFollower(proxy.url, { from: mode === 'from genesis' ? { height: 0n } : { height: BigInt(MID) }, witnesses, witnessWaitMs: 2000, ...extra });
  return {
    blocks,
    tamper,
    follower,
    async stop() {
      await follower.stop();
      await proxy.close();
    },
  };
}

async function expectRefused(r: Awaited<ReturnType<typeof run>>, f: Forgery, mode: Mode, recover: boolean, field: string | undefined): Promise<void> {
  const s = () => r.follower.follower.status();
  await until(() => s().state === 'failed' || (s().blockHeight ?? 0n) >= BigInt(BAD));
  const err = s().error;
  expect(s().state, `${f.name}: refused`).toBe('failed');
  expect(err?.block, `${f.name}: ${err?.message}`).toBe(BigInt(BAD));
  if (field !== undefined) expect(err?.field, `${f.name}: ${err?.message}`).toBe(field);
  // Nothing of the block is stored, what was verified is served, and the replica is unhealthy.
  expect(s().blockHeight).toBe(BigInt(BAD - 1));
  expect((await get(r.follower.url, `/blocks/by_height/${BAD}`)).status).toBe(404);
  const before = await get(r.follower.url, `/blocks/by_height/${BAD - 1}?with_transactions=true`);
  expect(toHex(before.body)).toBe(toHex(honest[BAD - 1]!));
  const lastGood = full.blockByHeight(BigInt(BAD - 1))!.lastVersion;
  const account = `/accounts/${ACCOUNTS[3]}/balance/0xa?ledger_version=${lastGood}`;
  expect(toHex((await get(r.follower.url, account)).body)).toBe(toHex((await get(upstream.url, account)).body));
  const health = await get(r.follower.url, '/-/healthy', 'application/json');
  expect(health.status).toBe(503);
  expect(health.headers.get('x-replica-verification')).toBe(s().verification.description);
  expect(s().verification.mode).toBe(mode === 'from genesis' ? 'from_genesis' : 'mid_chain');
  if (!recover) return;
  // The upstream turns honest: the block verifies, the replica is healthy again.
  r.tamper.on = false;
  await until(() => (s().blockHeight ?? 0n) >= BigInt(RECOVERED));
  expect(s().error).toBeUndefined();
  expect((await get(r.follower.url, '/-/healthy', 'application/json')).status).toBe(200);
  expect(toHex((await get(r.follower.url, `/blocks/by_height/${BAD}?with_transactions=true`)).body)).toBe(toHex(honest[BAD]!));
}

/** Not detected: the forged block is stored and served as truth. */
async function expectServed(r: Awaited<ReturnType<typeof run>>, f: Forgery): Promise<void> {
  const s = () => r.follower.follower.status();
  await until(() => s().state === 'failed' || (s().blockHeight ?? 0n) >= BigInt(RECOVERED));
  expect(s().error?.message, `${f.name}: not refused`).toBeUndefined();
  const served = await get(r.follower.url, `/blocks/by_height/${BAD}?with_transactions=true`);
  expect(toHex(bcsBlock.schema.decode(served.body).blockHash)).toBe(toHex(bcsBlock.schema.decode(r.blocks.get(BAD)!).blockHash));
  expect(toHex(served.body)).toBe(toHex(r.blocks.get(BAD)!));
}

for (const mode of MODES) {
  describe(`${mode}: what docs/replica.md says is refused is refused in block ${BAD}, the rest is served`, () => {
    for (const f of FORGERIES) {
      it(`${f.name}: ${TABLE.get(f.name)?.[mode]}`, async () => {
        const r = await run(f, mode);
        try {
          const want = TABLE.get(f.name)![mode];
          if (want === 'not detected') await expectServed(r, f);
          else await expectRefused(r, f, mode, mode === 'from genesis', want.split(' ')[1]);
        } finally {
          await r.stop();
        }
      });
    }
  });
}

describe(`from genesis into a store (the next batch verified while one commits): every forgery the docs say it refuses is refused in block ${BAD}`, () => {
  const dir = mkdtempSync(join(tmpdir(), 'ledger-bcs-tampering-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  // The docs' from-genesis column: a forgery not detected there (the self-consistent fork) is left out.
  for (const [i, f] of FORGERIES.entries()) {
    const want = TABLE.get(f.name)?.['from genesis'];
    if (want === undefined || want === 'not detected') continue;
    it(`${f.name}: ${want}, nothing of it committed, recovers`, async () => {
      const store = await openLedgerStore(join(dir, String(i)), { durability: 'relaxed' });
      // Batches of two blocks, so block BAD comes while the batch before it may still be committing.
      const createLedger = (() => store) as unknown as FollowerOptions['createLedger'];
      const r = await run(f, 'from genesis', { createLedger, concurrency: 2 });
      try {
        await expectRefused(r, f, 'from genesis', true, want.split(' ')[1]);
      } finally {
        await r.stop();
        await store.close();
      }
    });
  }
});

describe(`from genesis into a store, the hash checks in a worker thread (ledger-bcs/replica/node, from dist/): every forgery the docs say it refuses is refused in block ${BAD}`, () => {
  const dir = mkdtempSync(join(tmpdir(), 'ledger-bcs-tampering-worker-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  for (const [i, f] of FORGERIES.entries()) {
    const want = TABLE.get(f.name)?.['from genesis'];
    if (want === undefined || want === 'not detected') continue;
    it(`${f.name}: ${want}, nothing of it committed, recovers`, async () => {
      // The worker runs a built module: a worker thread cannot load the TypeScript sources.
      const { hashInWorker } = (await import(/* @vite-ignore */ resolve('dist/replica/node.js'))) as typeof import('../../src/replica/node.js');
      const store = await openLedgerStore(join(dir, String(i)), { durability: 'relaxed' });
      const createLedger = (() => store) as unknown as FollowerOptions['createLedger'];
      const r = await run(f, 'from genesis', { createLedger, concurrency: 2, hasher: hashInWorker });
      try {
        await expectRefused(r, f, 'from genesis', true, want.split(' ')[1]);
      } finally {
        await r.stop();
        await store.close();
      }
    });
  }
});

it('from genesis, a trusted root at the forged block refuses the self-consistent fork', async () => {
  const f = FORGERIES.find((x) => x.name === 'fork')!;
  const last = bcsBlock.schema.decode(honest[BAD]!).transactions!.at(-1)!;
  const r = await run(f, 'from genesis', { trust: [{ version: last.version, root: last.accumulatorRootHash }] });
  try {
    await until(() => r.follower.follower.status().state === 'failed');
    expect(r.follower.follower.status().error).toMatchObject({ block: BigInt(BAD), field: 'accumulator_root_hash', version: last.version });
    expect(r.follower.follower.status().verification.description).toBe('verifying from genesis, alone, 1 trusted root');
  } finally {
    await r.stop();
  }
});

it('from genesis with an honest witness, the self-consistent fork is refused where it starts (witness_disagreed)', async () => {
  const f = FORGERIES.find((x) => x.name === 'fork')!;
  const r = await run(f, 'from genesis', { witnesses: [{ name: 'honest', client: createLedgerClient({ baseUrl: witness.url, timeoutMs: 5000 }) }] });
  try {
    const s = () => r.follower.follower.status();
    await until(() => s().state === 'failed');
    const first = bcsBlock.schema.decode(honest[BAD]!).firstVersion;
    expect(s().error).toMatchObject({ code: 'witness_disagreed', block: BigInt(BAD), version: first + 1n, field: 'transaction_info' });
    expect(s().blockHeight).toBe(BigInt(BAD - 1));
    expect(s().verification.description).toBe('verifying from genesis, with 1 witness');
    r.tamper.on = false;
    await until(() => s().blockHeight === BigInt(TIP));
    expect(s().error).toBeUndefined();
  } finally {
    await r.stop();
  }
});
