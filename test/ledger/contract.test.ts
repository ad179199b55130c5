import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createMemoryLedger, isLedgerError, resourceKey, type IngestingLedger, type LedgerBase } from '../../src/ledger/index.js';
import { openLedgerStore } from '../../src/ledger/store.js';
import { compareBytes } from '../../src/bcs/index.js';
import { bcsBlock, transactionOnChainData, type BcsBlockInput } from '../../src/records/index.js';
import { CHECKED_BLOCK, parseBlock } from '../../src/ledger/block-reader.js';
import { exampleLedger, FIXTURE, FIXTURE_BLOCKS } from './fixture.js';
import { answeringAsync, sourceContract } from './source-contract.js';

// One suite over every ledger (as Hono runs one suite over every router): the memory ledger and the
// LMDB store answer every source method alike, refuse the same input with the same codes and leave
// themselves unchanged, and prune alike. Expectations are fixed facts of the example ledger, or the
// answers of a reference memory ledger of the whole example (so the store is checked against it);
// the read API's methods are checked against a model of the records (source-contract.ts), as each
// ledger answers them and behind a wrapper answering promises of copies.

interface Impl {
  name: string;
  make(options?: { pruneWindow?: number; chainId?: number }, base?: LedgerBase): Promise<IngestingLedger>;
}

const dir = mkdtempSync(join(tmpdir(), 'ledger-bcs-contract-'));
const opened: { close(): Promise<void> }[] = [];
afterAll(async () => {
  for (const s of opened) await s.close();
  rmSync(dir, { recursive: true, force: true });
});
let n = 0;

const IMPLS: Impl[] = [
  { name: 'memory ledger', make: async (o, base) => createMemoryLedger(o, base) },
  ...[undefined, 0].map(
    (cacheBytes): Impl => ({
      // With no state cache every state read is the store's own seek (state-seek.ts).
      name: cacheBytes === 0 ? 'LMDB store, no state cache' : 'LMDB store',
      make: async (o, base) => {
        const s = await openLedgerStore(join(dir, `s${n++}`), { ...o, durability: 'relaxed', ...(cacheBytes !== undefined && { cacheBytes }) });
        opened.push(s);
        if (base !== undefined) s.startAt(base);
        return s;
      },
    }),
  ),
];

const REFERENCE = exampleLedger();
const INFO = REFERENCE.ledgerInfo();
const ACCOUNT = (a: string) => resourceKey(a, { address: '0x1', module: 'account', name: 'Account', typeArgs: [] });
const ADDRESSES = [FIXTURE.accounts.faucet, FIXTURE.accounts.legacy, FIXTURE.accounts.issuer, ...FIXTURE.accounts.users];

async function refused(f: () => unknown, code: string): Promise<void> {
  try {
    await f();
  } catch (e) {
    expect(isLedgerError(e), String(e)).toBe(true);
    expect((e as { code: string }).code).toBe(code);
    return;
  }
  throw new Error(`expected a LedgerError ${code}`);
}

/** What a ledger answers, to compare before and after a refused ingest. */
function snapshot(l: IngestingLedger) {
  const info = l.ledgerInfo();
  return {
    info,
    txs: l.transactions(info.oldestLedgerVersion, 1000).map((t) => Buffer.from(t.bytes).toString('base64')),
    next: l.transactions(info.ledgerVersion + 1n, 10),
    block: l.blockByHeight(info.blockHeight + 1n),
    state: ADDRESSES.map((a) => l.stateValue(ACCOUNT(a), info.ledgerVersion)),
    summaries: ADDRESSES.map((a) => l.accountTransactionSummaries(a, { limit: 1000, ledgerVersion: info.ledgerVersion })),
  };
}

for (const impl of IMPLS) {
  describe(`ledger contract: ${impl.name}`, () => {
    const whole = impl.make().then(async (l) => (await l.ingest(FIXTURE_BLOCKS), l));

    sourceContract('source methods', () => whole);
    sourceContract('source methods, answered asynchronously with copies', async () => answeringAsync(await whole));

    it('ingests the example ledger and derives its ledger info from state', async () => {
      const l = await impl.make();
      const r = await l.ingest(FIXTURE_BLOCKS.slice(0, 150));
      expect(r).toEqual({ blocks: 150, transactions: Number(REFERENCE.blockByHeight(149n)!.lastVersion) + 1, ledgerVersion: REFERENCE.blockByHeight(149n)!.lastVersion });
      await l.ingest(FIXTURE_BLOCKS.slice(150));
      expect(l.ledgerInfo()).toEqual({
        chainId: 4, epoch: 3n, ledgerVersion: 2241n, oldestLedgerVersion: 0n, ledgerTimestampUsec: 1700000365307701n, blockHeight: 306n, oldestBlockHeight: 0n,
      });
      expect(l.blockByHeight(306n)!.blockTimestamp).toBe(1700000365307701n);
    });

    it('takes checked blocks (read once by the replica) as it takes their bytes, only where they belong', async () => {
      const l = await impl.make();
      const checked = FIXTURE_BLOCKS.map((b) => ({ [CHECKED_BLOCK]: parseBlock(b) }));
      await refused(() => l.ingest(checked[1]!), 'height_gap');
      const short = checked[0]![CHECKED_BLOCK];
      await refused(() => l.ingest({ [CHECKED_BLOCK]: { ...short, lastVersion: short.lastVersion + 1n } }), 'incomplete_block');
      // A decoded block carrying a plain `checked` field (JSON-parsed input can) is read and checked, not trusted.
      const forged = bcsBlock.schema.decode(FIXTURE_BLOCKS[0]!);
      const info = forged.transactions![0]!.info as { value: { transactionHash: Uint8Array } };
      info.value.transactionHash = new Uint8Array(32);
      await refused(() => l.ingest({ ...forged, checked: parseBlock(FIXTURE_BLOCKS[0]!) } as BcsBlockInput), 'hash_mismatch');
      await l.ingest(checked.slice(0, 150));
      await l.ingest(checked.slice(150));
      const ref = await impl.make();
      await ref.ingest(FIXTURE_BLOCKS);
      expect(snapshot(l)).toEqual(snapshot(ref));
    });

    it('answers nothing before its first block', async () => {
      const l = await impl.make();
      await refused(() => l.ledgerInfo(), 'incomplete_block');
      expect(l.blockByHeight(0n)).toBeUndefined();
      expect(l.transactions(0n, 10)).toEqual([]);
      expect(l.stateValue(ACCOUNT(FIXTURE.accounts.faucet), 0n)).toBeUndefined();
    });

    it('answers state at any version as the reference does, deletions and absent keys included', async () => {
      const l = await whole;
      for (const a of ADDRESSES) {
        for (let v = 0n; v <= 2241n; v += 37n) expect(l.stateValue(ACCOUNT(a), v), `${a} @${v}`).toEqual(REFERENCE.stateValue(ACCOUNT(a), v));
        expect(l.hasStateAt(ACCOUNT(a), 2241n)).toBe(REFERENCE.hasStateAt(ACCOUNT(a), 2241n));
      }
      expect(l.stateValue(ACCOUNT('0xbad'), 2241n)).toBeUndefined();
      expect(l.hasStateAt(ACCOUNT('0xbad'), 2241n)).toBe(false);
      // Outside [oldest, latest]: nothing.
      expect(l.stateValue(ACCOUNT(FIXTURE.accounts.faucet), 2242n)).toBeUndefined();
    });

    it('answers blocks and transactions as the records hold them', async () => {
      const l = await whole;
      for (const h of [0n, 1n, 20n, 150n, 300n, 302n, 306n]) expect(l.blockByHeight(h)).toEqual(REFERENCE.blockByHeight(h));
      expect(l.blockByHeight(307n)).toBeUndefined();
      const [t] = l.transactions(64n, 1);
      const decoded = transactionOnChainData.schema.decode(t!.bytes);
      expect(decoded.version).toBe(64n);
      expect(bcsBlock.schema.decode(FIXTURE_BLOCKS[20]!).transactions![0]).toEqual(decoded);
      expect(l.transactions(2238n, 10).map((x) => x.version)).toEqual([2238n, 2239n, 2240n, 2241n]);
      expect(l.transactions(2242n, 10)).toEqual([]);
      const page = l.transactions(500n, 100);
      expect(page).toEqual(REFERENCE.transactions(500n, 100));
      expect(page.length).toBe(100);
    });

    it("answers an account's summaries forward, backward and bounded, as the reference does", async () => {
      const l = await whole;
      for (const a of ADDRESSES) {
        const queries = [
          { limit: 1000, ledgerVersion: 1193n },
          { limit: 3, ledgerVersion: 1193n },
          { limit: 5, ledgerVersion: 600n },
          { limit: 4, endVersion: 700n, ledgerVersion: 1193n },
          { limit: 4, startVersion: 0n, ledgerVersion: 1193n },
          { limit: 4, startVersion: 900n, ledgerVersion: 1000n },
          { limit: 10, startVersion: 5000n, ledgerVersion: 1193n },
          { limit: 0, ledgerVersion: 1193n },
        ];
        for (const q of queries) expect(l.accountTransactionSummaries(a, q), `${a} ${JSON.stringify(q, (_, v) => (typeof v === 'bigint' ? String(v) : v))}`).toEqual(REFERENCE.accountTransactionSummaries(a, q));
      }
      const users = l.accountTransactionSummaries(FIXTURE.accounts.users[0]!, { limit: 1000, ledgerVersion: 1193n });
      expect(users.length).toBeGreaterThan(3);
      expect(users.map((s) => s.value.version)).toEqual([...users.map((s) => s.value.version)].sort((x, y) => (x < y ? -1 : 1)));
      expect(l.accountTransactionSummaries('0xbad', { limit: 10, ledgerVersion: 1193n })).toEqual([]);
    });

    describe('refused input leaves it unchanged', () => {
      const base = async () => {
        const l = await impl.make();
        await l.ingest(FIXTURE_BLOCKS.slice(0, 10));
        return l;
      };

      it('a block that skips a height or a version, and one already held', async () => {
        const l = await base();
        const before = snapshot(l);
        await refused(() => l.ingest(FIXTURE_BLOCKS[11]!), 'height_gap');
        await refused(() => l.ingest(FIXTURE_BLOCKS[9]!), 'height_gap');
        const b = bcsBlock.schema.decode(FIXTURE_BLOCKS[10]!);
        await refused(() => l.ingest({ ...b, blockHeight: 10n, firstVersion: b.firstVersion + 1n }), 'incomplete_block');
        await refused(() => l.ingest({ ...b, firstVersion: b.firstVersion + 1n, lastVersion: b.lastVersion + 1n }), 'version_gap');
        expect(snapshot(l)).toEqual(before);
        // ...and takes the right block after all that.
        await l.ingest(FIXTURE_BLOCKS[10]!);
        expect(l.ledgerInfo().blockHeight).toBe(10n);
      });

      it("a transaction whose hash is not its info's transaction_hash", async () => {
        const l = await base();
        const before = snapshot(l);
        const b = bcsBlock.schema.decode(FIXTURE_BLOCKS[10]!);
        const t = b.transactions![1]!;
        const forged = { ...t, info: { $kind: 'V0' as const, value: { ...t.info.value, transactionHash: new Uint8Array(32) } } };
        await refused(() => l.ingest({ ...b, transactions: [b.transactions![0]!, forged, ...b.transactions!.slice(2)] }), 'hash_mismatch');
        expect(snapshot(l)).toEqual(before);
      });

      it('a batch whose second block is bad keeps none of it; truncated and trailing blocks', async () => {
        const l = await base();
        const before = snapshot(l);
        await refused(() => l.ingest([FIXTURE_BLOCKS[10]!, FIXTURE_BLOCKS[11]!.slice(0, -5)]), 'malformed');
        const next = FIXTURE_BLOCKS[10]!;
        for (let cut = 0; cut < next.length; cut += 97) await refused(() => l.ingest(next.slice(0, cut)), cut === 64 ? 'incomplete_block' : 'malformed');
        await refused(() => l.ingest(new Uint8Array([...next, 0])), 'malformed');
        expect(snapshot(l)).toEqual(before);
      });

      it('bad options', async () => {
        await refused(() => impl.make({ pruneWindow: 0 }), 'invalid_option');
        await refused(() => impl.make({ chainId: 256 }), 'invalid_option');
      });
    });

    describe('pruning window', () => {
      // Its edge falls among the ordinary blocks, before the last epoch's full blocks (~1050 versions).
      const window = 1300;
      const pruned = impl.make({ pruneWindow: window }).then(async (l) => {
        for (let i = 0; i < FIXTURE_BLOCKS.length; i += 40) await l.ingest(FIXTURE_BLOCKS.slice(i, i + 40));
        return l;
      });

      it('keeps at least the window, in whole blocks, and nothing older', async () => {
        const l = await pruned;
        const info = l.ledgerInfo();
        expect(info).toEqual(exampleLedger({ pruneWindow: window }).ledgerInfo());
        expect(info.oldestLedgerVersion).toBeLessThanOrEqual(2241n - BigInt(window) + 1n);
        expect(info.oldestLedgerVersion).toBeGreaterThan(0n);
        expect(l.blockByHeight(info.oldestBlockHeight)!.firstVersion).toBe(info.oldestLedgerVersion);
        expect(l.blockByHeight(info.oldestBlockHeight - 1n)).toBeUndefined();
        expect(l.transactions(info.oldestLedgerVersion - 1n, 1)).toEqual([]);
        expect(l.stateValue(ACCOUNT(FIXTURE.accounts.faucet), info.oldestLedgerVersion - 1n)).toBeUndefined();
      });

      it('answers inside the window as the unpruned ledger does', async () => {
        const l = await pruned;
        const info = l.ledgerInfo();
        for (const a of ADDRESSES) {
          for (const v of [info.oldestLedgerVersion, info.oldestLedgerVersion + 17n, info.ledgerVersion]) expect(l.stateValue(ACCOUNT(a), v)).toEqual(REFERENCE.stateValue(ACCOUNT(a), v));
          for (const q of [{ limit: 1000, ledgerVersion: info.ledgerVersion }, { limit: 2, startVersion: 0n, ledgerVersion: info.ledgerVersion }, { limit: 1000, endVersion: info.oldestLedgerVersion + 100n, ledgerVersion: info.ledgerVersion }]) {
            const inWindow = REFERENCE.accountTransactionSummaries(a, { ...q, limit: 1000 }).filter((s) => s.value.version >= info.oldestLedgerVersion);
            const want = q.startVersion !== undefined ? inWindow.slice(0, q.limit) : inWindow.slice(-q.limit);
            expect(l.accountTransactionSummaries(a, q)).toEqual(want);
          }
        }
        expect(l.transactions(info.oldestLedgerVersion, 5)).toEqual(REFERENCE.transactions(info.oldestLedgerVersion, 5));
      });

      it("answers the read API's indexes inside the window only", async () => {
        const l = await pruned;
        const { oldestLedgerVersion: oldest, ledgerVersion: last } = l.ledgerInfo();
        const kept = (v: bigint) => v >= oldest;
        for (const v of [0n, oldest - 1n, oldest, last]) {
          const [t] = REFERENCE.transactions(v, 1);
          const hash = transactionOnChainData.schema.decode(t!.bytes).info.value.transactionHash;
          expect(l.transactionVersion(hash), `hash of ${v}`).toBe(kept(v) ? v : undefined);
        }
        for (const a of ADDRESSES) {
          const want = REFERENCE.accountTransactions(a, 0n, 1000, last).filter((t) => kept(t.version));
          expect(l.accountTransactions(a, 0n, 1000, last)).toEqual(want);
          for (const kind of ['resource', 'code'] as const) expect(l.accountState(a, { kind, limit: 100, version: last })).toEqual(REFERENCE.accountState(a, { kind, limit: 100, version: last }));
        }
        let events = 0;
        for (const a of ['0x1', ...ADDRESSES]) {
          for (let n = 0n; n < 8n; n++) {
            for (const q of [{ limit: 1000, ledgerVersion: last }, { start: 0n, limit: 1000, ledgerVersion: last }, { limit: 2, ledgerVersion: last }]) {
              const want = REFERENCE.events(n, a, q).filter((e) => kept(e.version));
              events += want.length;
              expect(l.events(n, a, q), `${n} ${a}`).toEqual(want);
            }
          }
        }
        expect(events).toBeGreaterThan(0);
      });

      it('keeps pruning as blocks arrive one by one', async () => {
        const l = await impl.make({ pruneWindow: 50 });
        for (const b of FIXTURE_BLOCKS.slice(0, 100)) await l.ingest(b);
        const i = l.ledgerInfo();
        expect(i.ledgerVersion - i.oldestLedgerVersion).toBeGreaterThanOrEqual(49n);
        expect(i.ledgerVersion - i.oldestLedgerVersion).toBeLessThan(60n);
        for (const a of ADDRESSES) expect(l.stateValue(ACCOUNT(a), i.oldestLedgerVersion)).toEqual(REFERENCE.stateValue(ACCOUNT(a), i.oldestLedgerVersion));
      });
    });

    it('starts from a base (a ledger that does not begin at genesis) and reads its state', async () => {
      const at = REFERENCE.blockByHeight(200n)!;
      const state = ADDRESSES.flatMap((a) => {
        const v = REFERENCE.stateValue(ACCOUNT(a), at.firstVersion - 1n);
        return v === undefined ? [] : [[ACCOUNT(a), v] as [Uint8Array, Uint8Array]];
      });
      const l = await impl.make({}, { version: Number(at.firstVersion), height: 200, state });
      await refused(() => l.ingest(FIXTURE_BLOCKS[0]!), 'height_gap');
      await l.ingest(FIXTURE_BLOCKS.slice(200));
      const info = l.ledgerInfo();
      expect(info.oldestBlockHeight).toBe(200n);
      expect(info.oldestLedgerVersion).toBe(at.firstVersion);
      for (const a of ADDRESSES) expect(l.stateValue(ACCOUNT(a), at.firstVersion)).toEqual(REFERENCE.stateValue(ACCOUNT(a), at.firstVersion));
      expect(l.hasStateAt(ACCOUNT(FIXTURE.accounts.faucet), at.firstVersion)).toBe(true);
      expect(l.transactions(at.firstVersion - 1n, 1)).toEqual([]);
      expect(l.blockByHeight(199n)).toBeUndefined();
    });

    it("lists an account's state keys longer than 1 KB (the store keeps them by hash) in byte order", async () => {
      const at = REFERENCE.blockByHeight(200n)!;
      const owner = '0xabc';
      const tag = (module: string) => ({ address: '0x1', module, name: 'R', typeArgs: [] });
      const keys = [resourceKey(owner, tag('m'.repeat(1100))), resourceKey(owner, tag('a')), resourceKey(owner, tag('z'.repeat(2000))), resourceKey(owner, tag('z')), resourceKey(owner, tag('b'.repeat(100)))];
      const state = keys.map((k, i) => [k, new Uint8Array([i])] as [Uint8Array, Uint8Array]);
      const l = await impl.make({}, { version: Number(at.firstVersion), height: 200, state });
      await l.ingest(FIXTURE_BLOCKS.slice(200, 202));
      const want = [...keys].sort(compareBytes).map((k) => Buffer.from(k).toString('hex'));
      const hexOf = (p: { entries: { key: Uint8Array }[] }) => p.entries.map((e) => Buffer.from(e.key).toString('hex'));
      const version = at.firstVersion;
      expect(hexOf(await l.accountState(owner, { kind: 'resource', limit: 100, version }))).toEqual(want);
      const paged: string[] = [];
      let start: Uint8Array | undefined;
      do {
        const page = await l.accountState(owner, { kind: 'resource', limit: 2, version, start });
        paged.push(...hexOf(page));
        start = page.next;
      } while (start !== undefined);
      expect(paged).toEqual(want);
      expect((await l.accountState(owner, { kind: 'resource', limit: 1, version, start: keys[0] })).entries[0]!.value).toEqual(new Uint8Array([0]));
      expect((await l.accountState(owner, { kind: 'code', limit: 100, version })).entries).toEqual([]);
      expect(l.stateValue(keys[2]!, version)).toEqual(new Uint8Array([2]));
    });

    it('answers state values of any length (the store keeps those over 1 KB beside its index)', async () => {
      const at = REFERENCE.blockByHeight(200n)!;
      const owner = '0xabc';
      const tag = (module: string) => ({ address: '0x1', module, name: 'R', typeArgs: [] });
      const lengths = [0, 1, 64, 1024, 1025, 4096, 70_000];
      const fill = (n: number, seed: number) => Uint8Array.from({ length: n }, (_, i) => (i * 31 + seed) & 0xff);
      const state = lengths.map((n, i) => [resourceKey(owner, tag(i === 5 ? 'k'.repeat(1100) : `m${i}`)), fill(n, i)] as [Uint8Array, Uint8Array]);
      // A key listed twice in a base takes its last value.
      const l = await impl.make({}, { version: Number(at.firstVersion), height: 200, state: [[state[1]![0], fill(3000, 9)], ...state] });
      await l.ingest(FIXTURE_BLOCKS.slice(200, 202));
      // Compared as hex: a failing toEqual over 70 KB arrays would print them whole.
      const hex = (b: Uint8Array | undefined) => (b === undefined ? 'absent' : Buffer.from(b).toString('hex'));
      for (const [k, v] of state) {
        expect(hex(l.stateValue(k, at.firstVersion)) === hex(v), `${v.length} bytes`).toBe(true);
        expect(hex(l.stateValue(k, l.ledgerInfo().ledgerVersion)) === hex(v), `${v.length} bytes, latest`).toBe(true);
      }
      const page = await l.accountState(owner, { kind: 'resource', limit: 100, version: at.firstVersion });
      expect(page.entries.map((e) => e.value.length).sort((a, b) => a - b)).toEqual(lengths);
    });
  });
}
