import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { isLedgerError, loadMemoryLedger, resourceKey } from '../../src/ledger/index.js';
import { nodeSha3, readLedgerFile, removeLeftoverTemps, writeLedgerFile } from '../../src/ledger/internal.js';
import { exportLedgerFile, importLedgerFile, openLedgerStore } from '../../src/ledger/store.js';
import { blockHeaderOf, decodeLedgerFile, encodeBaseState, encodeLedgerFileHeader, LEDGER_FILE_HEADER_BYTES } from '../../src/ledger/ledger-file.js';
import { transactionOnChainData } from '../../src/records/index.js';
import { BcsWriter, equalBytes } from '../../src/bcs/index.js';
import { exampleLedger, FIXTURE, FIXTURE_BLOCKS, FIXTURE_BYTES } from './fixture.js';

// What the store does beyond the contract: it persists (reopened, it answers the same), looks up by
// hash, version and sequence number, pruning deletes what it drops, and ledger files go in and out
// of it byte-exact. Also the ledger file's own guarantees: a cut or a flipped bit is refused, named.

const dir = mkdtempSync(join(tmpdir(), 'ledger-bcs-store-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const REFERENCE = exampleLedger();
const ACCOUNT = (a: string) => resourceKey(a, { address: '0x1', module: 'account', name: 'Account', typeArgs: [] });

function refusedSync(f: () => unknown, code: string, message: RegExp): void {
  try {
    f();
  } catch (e) {
    expect(isLedgerError(e), String(e)).toBe(true);
    expect((e as { code: string }).code).toBe(code);
    expect((e as Error).message).toMatch(message);
    return;
  }
  throw new Error(`expected a LedgerError ${code}`);
}

describe('LMDB store', () => {
  it('persists: reopened, it answers as before and continues where it ended (a directory, even one whose name has a dot)', async () => {
    const path = join(dir, 'persist.store');
    const a = await openLedgerStore(path);
    await a.ingest(FIXTURE_BLOCKS.slice(0, 120));
    const info = a.ledgerInfo();
    await a.close();
    const b = await openLedgerStore(path);
    expect(b.ledgerInfo()).toEqual(info);
    expect(b.isEmpty()).toBe(false);
    expect(b.stateValue(ACCOUNT(FIXTURE.accounts.faucet), info.ledgerVersion)).toEqual(REFERENCE.stateValue(ACCOUNT(FIXTURE.accounts.faucet), info.ledgerVersion));
    await b.ingest(FIXTURE_BLOCKS.slice(120));
    expect(b.ledgerInfo()).toEqual(REFERENCE.ledgerInfo());
    expect(() => b.startAt({ version: 5, height: 1, state: [] })).toThrow(/holds blocks already/);
    await b.close();
    expect(existsSync(join(path, 'data.mdb'))).toBe(true);
  });

  it('answers state through its cache as LMDB does: between ingests, evicting, or with no cache', async () => {
    const keys = [FIXTURE.accounts.faucet, FIXTURE.accounts.legacy, ...FIXTURE.accounts.users].map(ACCOUNT);
    for (const cacheBytes of [32 * 2 ** 20, 1000, 0]) {
      const s = await openLedgerStore(join(dir, `cache${cacheBytes}`), { durability: 'relaxed', cacheBytes });
      let seed = 7;
      const rand = (n: number) => ((seed = (seed * 1103515245 + 12345) % 2 ** 31), seed % n);
      for (let i = 0; i < FIXTURE_BLOCKS.length; i += 60) {
        await s.ingest(FIXTURE_BLOCKS.slice(i, i + 60));
        const last = Number(s.ledgerInfo().ledgerVersion);
        for (let n = 0; n < 300; n++) {
          const k = keys[rand(keys.length)]!;
          const v = BigInt(n % 3 === 0 ? last : rand(last + 1));
          expect(s.stateValue(k, v), `${cacheBytes} @${v}`).toEqual(REFERENCE.stateValue(k, v));
          expect(s.hasStateAt(k, v)).toBe(REFERENCE.hasStateAt(k, v));
        }
      }
      if (cacheBytes > 1000) expect(s.stateValue(keys[0]!, 1193n)).toBe(s.stateValue(keys[0]!, 1190n));
      await s.close();
    }
    await expect(openLedgerStore(join(dir, 'cache-bad'), { cacheBytes: -1 })).rejects.toThrow(/cacheBytes/);
  });

  it('refuses a store of an older format by its number, and leaves it as it was', async () => {
    const path = join(dir, 'format2');
    const { open } = await import('lmdb');
    const env = open({ path, maxDbs: 16 });
    const meta = env.openDB({ name: 'meta', encoding: 'binary', keyEncoding: 'binary' });
    const head = JSON.stringify({ format: 2, baseVersion: 0, baseHeight: 0, oldestVersion: 0, oldestHeight: 0, nextVersion: 1, nextHeight: 1, chainId: 4, epoch: '1', timestamp: '0' });
    await meta.put(new TextEncoder().encode('head'), new TextEncoder().encode(head));
    // Format 2's state table: one entry per write, no duplicates.
    await env.openDB({ name: 'state', encoding: 'binary', keyEncoding: 'binary' }).put(new Uint8Array([0, 1]), new Uint8Array([1]));
    await env.close();
    await expect(openLedgerStore(path)).rejects.toThrow(/the store is of format 2; this ledger-bcs reads format 3/);
    await expect(openLedgerStore(path)).rejects.toMatchObject({ code: 'unknown_format' });
  });

  it('looks up a block by version, a transaction by hash and by sequence number', async () => {
    const s = await openLedgerStore(join(dir, 'lookups'), { durability: 'relaxed' });
    await s.ingest(FIXTURE_BLOCKS);
    for (const h of [0n, 7n, 150n, 300n, 303n, 306n]) {
      const b = REFERENCE.blockByHeight(h)!;
      expect(s.blockByVersion(b.firstVersion)).toEqual(b);
      expect(s.blockByVersion(b.lastVersion)).toEqual(b);
    }
    expect(s.blockByVersion(2242n)).toBeUndefined();
    const user = FIXTURE.accounts.users[0]!;
    const summaries = REFERENCE.accountTransactionSummaries(user, { limit: 1000, ledgerVersion: 2241n });
    for (const x of summaries) {
      expect(s.versionByHash(x.value.transactionHash)).toBe(x.value.version);
      if (x.value.replayProtector.$kind === 'SequenceNumber') expect(s.versionBySequenceNumber(user, x.value.replayProtector.value)).toBe(x.value.version);
    }
    expect(s.versionByHash(new Uint8Array(32))).toBeUndefined();
    expect(s.versionBySequenceNumber(user, 100000n)).toBeUndefined();
    await s.close();
  });

  it('pruning deletes what falls out of the window (state history, indexes, blocks)', async () => {
    const path = join(dir, 'pruned');
    const s = await openLedgerStore(path, { pruneWindow: 100, durability: 'relaxed' });
    await s.ingest(FIXTURE_BLOCKS);
    const info = s.ledgerInfo();
    const old = REFERENCE.blockByHeight(5n)!;
    expect(s.blockByVersion(old.firstVersion)).toBeUndefined();
    const early = REFERENCE.transactions(old.firstVersion, 1)[0]!;
    expect(early).toBeDefined();
    const { open } = await import('lmdb');
    await s.close();
    const env = open({ path, maxDbs: 16, readOnly: true });
    const count = (name: string) => env.openDB({ name, encoding: 'binary', keyEncoding: 'binary' }).getKeysCount();
    expect(count('tx')).toBe(Number(info.ledgerVersion - info.oldestLedgerVersion + 1n));
    expect(count('blocks')).toBe(Number(info.blockHeight - info.oldestBlockHeight + 1n));
    expect(count('by_hash')).toBe(count('tx'));
    // Every key written in the window or visible at its floor, once per version: far fewer than all
    // writes (a key's writes are `state` duplicates: counted with them).
    const full = await openLedgerStore(join(dir, 'unpruned'), { durability: 'relaxed' });
    await full.ingest(FIXTURE_BLOCKS);
    await full.close();
    const envFull = open({ path: join(dir, 'unpruned'), maxDbs: 16, readOnly: true });
    const writes = (e: typeof env) => e.openDB({ name: 'state', encoding: 'binary', keyEncoding: 'binary', dupSort: true }).getCount();
    expect(writes(env)).toBeLessThan(writes(envFull) / 2);
    // The v1 events of the retained transactions, and no others.
    const v1 = (from: bigint) => REFERENCE.transactions(from, Number(REFERENCE.ledgerInfo().ledgerVersion - from) + 1).reduce((n, t) => n + transactionOnChainData.schema.decode(t.bytes).events.filter((e) => e.$kind === 'V1').length, 0);
    expect(count('events')).toBe(v1(info.oldestLedgerVersion));
    expect(v1(0n)).toBeGreaterThan(count('events'));
    expect(envFull.openDB({ name: 'events', encoding: 'binary', keyEncoding: 'binary' }).getKeysCount()).toBe(v1(0n));
    await env.close();
    await envFull.close();
  });

  it('pruning deletes the long values a write hid, with their index entries', async () => {
    const at = REFERENCE.blockByHeight(200n)!;
    const user = FIXTURE.accounts.users[0]!;
    // A base whose account resources are 2 KB long (kept in state_values): the blocks after it rewrite them.
    const state = [FIXTURE.accounts.faucet, user].map((a) => [ACCOUNT(a), new Uint8Array(2048).fill(7)] as [Uint8Array, Uint8Array]);
    const path = join(dir, 'pruned-long');
    const s = await openLedgerStore(path, { pruneWindow: 50, durability: 'relaxed' });
    s.startAt({ version: Number(at.firstVersion), height: 200, state });
    await s.ingest(FIXTURE_BLOCKS.slice(200, 201));
    expect(s.stateValue(ACCOUNT(user), at.firstVersion)).toEqual(new Uint8Array(2048).fill(7));
    await s.ingest(FIXTURE_BLOCKS.slice(201));
    const info = s.ledgerInfo();
    expect(info.oldestLedgerVersion).toBeGreaterThan(at.firstVersion);
    expect(s.stateValue(ACCOUNT(user), info.oldestLedgerVersion)).toEqual(REFERENCE.stateValue(ACCOUNT(user), info.oldestLedgerVersion));
    await s.close();
    const { open } = await import('lmdb');
    const env = open({ path, maxDbs: 16, readOnly: true });
    // The faucet's resource is not written again after block 200: its long value is still the one at the floor.
    const kept = [FIXTURE.accounts.faucet, user].filter((a) => equalBytes(REFERENCE.stateValue(ACCOUNT(a), info.oldestLedgerVersion)!, REFERENCE.stateValue(ACCOUNT(a), at.firstVersion - 1n)!));
    expect(kept).toEqual([FIXTURE.accounts.faucet]);
    expect(env.openDB({ name: 'state_values', encoding: 'binary', keyEncoding: 'binary' }).getKeysCount()).toBe(kept.length);
    await env.close();
  });

  it('exports the ledger file the memory ledger saves, byte for byte, and imports it back', async () => {
    const s = await openLedgerStore(join(dir, 'export'), { durability: 'relaxed' });
    await importLedgerFile(s, 'fixtures/example-ledger.bin');
    expect(s.ledgerInfo()).toEqual(REFERENCE.ledgerInfo());
    const file = join(dir, 'export.ledger');
    await exportLedgerFile(s, file);
    expect(Buffer.compare(readFileSync(file), Buffer.from(FIXTURE_BYTES))).toBe(0);
    await s.close();
    // Pruned: the file starts with the state before its first block, as the memory ledger's save does.
    const p = await openLedgerStore(join(dir, 'export-pruned'), { pruneWindow: 300, durability: 'relaxed' });
    await importLedgerFile(p, 'fixtures/example-ledger.bin');
    await exportLedgerFile(p, file);
    expect(Buffer.compare(readFileSync(file), Buffer.from(exampleLedger({ pruneWindow: 300 }).save()))).toBe(0);
    // ...and a store continues from it; an import of blocks it holds already skips them.
    const q = await openLedgerStore(join(dir, 'import-pruned'), { durability: 'relaxed' });
    await importLedgerFile(q, file);
    expect(q.ledgerInfo()).toEqual(p.ledgerInfo());
    const r = await importLedgerFile(q, 'fixtures/example-ledger.bin');
    expect(r.blocks).toBe(0);
    await p.close();
    await q.close();
  });

  it('refuses to import a file whose block at a height it holds is another block (another chain or fork)', async () => {
    const s = await openLedgerStore(join(dir, 'fork'), { durability: 'relaxed' });
    await importLedgerFile(s, 'fixtures/example-ledger.bin');
    // The fixture with one bit of its first block's hash flipped, and the file's checksum made again.
    const forked = FIXTURE_BYTES.slice();
    const first = decodeLedgerFile(forked, nodeSha3).blocks[0]!;
    forked[first.byteOffset - forked.byteOffset + 8 + 5] ^= 0x10;
    forked.set(nodeSha3([forked.subarray(LEDGER_FILE_HEADER_BYTES)]), 56);
    const file = join(dir, 'forked.ledger');
    writeFileSync(file, forked);
    const held = blockHeaderOf(first).blockHeight;
    await expect(importLedgerFile(s, file)).rejects.toThrow(new RegExp(`block ${held} is not the store's block ${held} \\(another chain, or another fork\\)`));
    expect(s.ledgerInfo()).toEqual(REFERENCE.ledgerInfo());
    // A file whose checksum holds but whose block at a held height is too short for a header: named.
    const blocks = [FIXTURE_BLOCKS[0]!, FIXTURE_BLOCKS[1]!.subarray(0, 10), FIXTURE_BLOCKS[2]!];
    const w = new BcsWriter(1024);
    w.raw(encodeBaseState([]));
    for (const b of blocks) w.bytes(b);
    const body = w.toBytes();
    const header = encodeLedgerFileHeader({
      firstVersion: 0,
      firstHeight: 0,
      blockCount: 3,
      lastHeight: 2,
      lastVersion: Number(blockHeaderOf(blocks[2]!).lastVersion),
      bodyLength: body.length,
      checksum: nodeSha3([body]),
    });
    writeFileSync(file, new Uint8Array([...header, ...body]));
    await expect(importLedgerFile(s, file)).rejects.toThrow(/a block too short for its header/);
    await s.close();
  });
});

describe('ledger files cannot be silently wrong', () => {
  it('refuses a file cut anywhere, naming what does not check', () => {
    for (const cut of [0, 5, 60, 88, 89, 1000, FIXTURE_BYTES.length - FIXTURE_BLOCKS[300]!.length - 2, FIXTURE_BYTES.length - 1]) {
      const f = () => loadMemoryLedger(FIXTURE_BYTES.slice(0, cut));
      if (cut < 8) refusedSync(f, 'unknown_format', /not a ledger-bcs ledger file/);
      else if (cut < 88) refusedSync(f, 'malformed', /truncated: \d+ bytes, shorter than its 88-byte header/);
      else refusedSync(f, 'malformed', /truncated: the header says \d+ bytes of base state and blocks, the file has \d+/);
    }
    refusedSync(() => loadMemoryLedger(new Uint8Array([...FIXTURE_BYTES, 0])), 'malformed', /1 bytes after/);
  });

  it('refuses every single-bit flip (sampled), in the header or the body', () => {
    let seed = 7;
    const rand = (n: number) => ((seed = (seed * 1103515245 + 12345) % 2 ** 31), seed % n);
    for (let i = 0; i < 60; i++) {
      const at = i < 20 ? rand(88) : 88 + rand(FIXTURE_BYTES.length - 88);
      const flipped = FIXTURE_BYTES.slice();
      flipped[at] ^= 1 << rand(8);
      expect(() => loadMemoryLedger(flipped, { sha3: nodeSha3 }), `bit flip at byte ${at}`).toThrow(/ledger file|LBCSLDG|format/);
    }
  });

  it('a cut at a block boundary with a matching length is caught by the block count, the last block and the checksum', () => {
    // Rewrite the header's length so only the count or the checksum can notice.
    const cut = FIXTURE_BYTES.length - FIXTURE_BLOCKS[300]!.length - 2;
    const short = FIXTURE_BYTES.slice(0, cut);
    new DataView(short.buffer).setBigUint64(48, BigInt(cut - 88), true);
    refusedSync(() => loadMemoryLedger(short), 'malformed', /checksum mismatch/);
  });

  it('refuses format 1 with a message that says what to do', () => {
    const old = FIXTURE_BYTES.slice();
    old[7] = 1;
    refusedSync(() => loadMemoryLedger(old), 'unknown_format', /format 1 has no checksum/);
  });

  it('writes through a temporary file, and removes what an interrupted save left', async () => {
    const file = join(dir, 'saved.ledger');
    await writeLedgerFile(file, exampleLedger());
    expect((await readLedgerFile(file)).ledgerInfo()).toEqual(REFERENCE.ledgerInfo());
    const dead = join(dir, 'saved.ledger.999999999.tmp');
    const mine = join(dir, `saved.ledger.${process.ppid}.tmp`); // a live process's: left alone
    writeFileSync(dead, 'partial');
    writeFileSync(mine, 'partial');
    expect(removeLeftoverTemps(file)).toEqual([dead]);
    expect(existsSync(dead)).toBe(false);
    expect(existsSync(mine)).toBe(true);
    rmSync(mine);
  });
});
