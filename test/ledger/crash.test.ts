import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { build } from 'esbuild';
import { afterAll, describe, expect, it, onTestFinished } from 'vitest';
import { resourceKey } from '../../src/ledger/index.js';
import { openLedgerStore } from '../../src/ledger/store.js';
import { transactionOnChainData } from '../../src/records/index.js';
import { exampleLedger, FIXTURE } from './fixture.js';

// A child ingesting into a store is killed with SIGKILL at random moments, again and again; after
// each kill the store reopens with the last acknowledged block whole and nothing of a later block,
// in its answers or in its tables (read raw). The child resumes where the store ends; with a pruning
// window, kills land in prunes too.

const dir = mkdtempSync(join(tmpdir(), 'ledger-bcs-crash-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const REFERENCE = exampleLedger();
const ACCOUNTS = [FIXTURE.accounts.faucet, ...FIXTURE.accounts.users];
const ACCOUNT = (a: string) => resourceKey(a, { address: '0x1', module: 'account', name: 'Account', typeArgs: [] });
const WINDOW = 400;

function runChild(script: string, path: string, per: number, killAfterMs: number): Promise<{ acked: number; done: boolean }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [script, path, String(per), String(WINDOW)], { stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    let err = '';
    child.stdout.on('data', (d: Buffer) => (out += d.toString()));
    child.stderr.on('data', (d: Buffer) => (err += d.toString()));
    // Counted from the child's first line (the store open), so kills land in ingest, not in startup.
    let timer: ReturnType<typeof setTimeout> | undefined;
    child.stdout.once('data', () => (timer = setTimeout(() => child.kill('SIGKILL'), killAfterMs)));
    child.on('error', reject);
    child.on('close', (code, signal) => {
      clearTimeout(timer);
      if (code !== 0 && signal !== 'SIGKILL') return reject(new Error(`child exited ${code}: ${err}`));
      const acks = [...out.matchAll(/^ack (\d+)$/gm)].map((m) => Number(m[1]));
      resolve({ acked: acks.length > 0 ? acks[acks.length - 1]! : -1, done: /^done$/m.test(out) });
    });
  });
}

/** The store at `path` holds blocks up to exactly `height` whole, and nothing after. */
async function checkWhole(path: string, atLeast: number): Promise<number> {
  const s = await openLedgerStore(path, { durability: 'relaxed' });
  const info = s.ledgerInfo();
  const h = Number(info.blockHeight);
  expect(h).toBeGreaterThanOrEqual(atLeast);
  const want = REFERENCE.blockByHeight(info.blockHeight)!;
  expect(s.blockByHeight(info.blockHeight)).toEqual(want);
  expect(info.ledgerVersion).toBe(want.lastVersion);
  expect(s.blockByHeight(info.oldestBlockHeight)).toEqual(REFERENCE.blockByHeight(info.oldestBlockHeight));
  const txs = s.transactions(info.oldestLedgerVersion, 2000);
  expect(txs.length).toBe(Number(info.ledgerVersion - info.oldestLedgerVersion + 1n));
  expect(txs[txs.length - 1]).toEqual(REFERENCE.transactions(info.ledgerVersion, 1)[0]);
  for (const a of ACCOUNTS) expect(s.stateValue(ACCOUNT(a), info.ledgerVersion)).toEqual(REFERENCE.stateValue(ACCOUNT(a), info.ledgerVersion));
  await s.close();
  // Raw: no table holds a row of a later version or block.
  const { open } = await import('lmdb');
  const env = open({ path, maxDbs: 16, readOnly: true });
  const table = (name: string) => env.openDB<Uint8Array, Uint8Array>({ name, encoding: 'binary', keyEncoding: 'binary' });
  const lastKey = (name: string) => {
    for (const k of table(name).getKeys({ reverse: true, limit: 1 })) return Number(new DataView(k.buffer, k.byteOffset, 8).getBigUint64(0));
    return -1;
  };
  expect(lastKey('tx')).toBe(Number(info.ledgerVersion));
  expect(lastKey('blocks')).toBe(h);
  expect(table('tx').getKeysCount()).toBe(txs.length);
  const v1 = txs.reduce((n, t) => n + transactionOnChainData.schema.decode(t.bytes).events.filter((e) => e.$kind === 'V1').length, 0);
  expect(table('events').getKeysCount()).toBe(v1);
  expect(table('by_hash').getKeysCount()).toBe(txs.length);
  await env.close();
  return h;
}

describe('LMDB store: SIGKILL at random moments', () => {
  it('reopens with the last acknowledged block whole and nothing of a later one', async () => {
    // Bundled under node_modules/.cache so that the child resolves `lmdb` as the package does.
    const script = join(process.cwd(), 'node_modules', '.cache', `ledger-bcs-crash-child-${process.pid}.mjs`);
    await build({ entryPoints: ['test/ledger/crash-child.ts'], bundle: true, platform: 'node', format: 'esm', outfile: script, external: ['lmdb'], logLevel: 'error' });
    onTestFinished(() => rmSync(script, { force: true }));
    let seed = 12345;
    const rand = (n: number) => ((seed = (seed * 1103515245 + 12345) % 2 ** 31), seed % n);
    const path = join(dir, 'store');
    let kills = 0;
    let checked = 0;
    const started = Date.now();
    while (Date.now() - started < 12_000 && checked < 25) {
      const per = 1 + rand(6);
      const r = await runChild(script, path, per, 20 + rand(250));
      if (r.acked >= 0 || r.done) {
        await checkWhole(path, r.acked);
        checked++;
      }
      if (!r.done) kills++;
      else rmSync(path, { recursive: true, force: true });
    }
    expect(kills).toBeGreaterThanOrEqual(5);
    expect(checked).toBeGreaterThanOrEqual(5);
  });
});
