import { describe, expect, it } from 'vitest';
import { normalizeAddress, toHex } from '../../src/bcs/index.js';
import type { LedgerSource } from '../../src/ledger/index.js';
import { bcsBlock, contractEvent, stateKey, transactionOnChainData } from '../../src/records/index.js';
import { accessPath } from '../../src/records/internal.js';
import { FIXTURE, FIXTURE_BLOCKS } from './fixture.js';

// The read-API part of the ledger contract (src/ledger/source.ts), registered by contract.test.ts
// inside its suite for each ledger: answers are checked against a model read straight from the
// example ledger's records (write sets replayed, events and hashes taken from each
// TransactionOnChainData), not against another source.

interface Model {
  hashes: { hash: Uint8Array; version: bigint }[];
  blocks: { height: bigint; first: bigint; last: bigint }[];
  /** Per state key (hex of its BCS): its writes in version order. */
  writes: Map<string, { version: bigint; value: Uint8Array | null }[]>;
  /** Per account (normalized): its sequence-number transactions. */
  ordered: Map<string, { seq: bigint; version: bigint; bytes: Uint8Array }[]>;
  /** Per event key `creation address`: its v1 events. */
  events: Map<string, { seq: bigint; version: bigint; bytes: Uint8Array }[]>;
  last: bigint;
}

function buildModel(): Model {
  const m: Model = { hashes: [], blocks: [], writes: new Map(), ordered: new Map(), events: new Map(), last: 0n };
  for (const bytes of FIXTURE_BLOCKS) {
    const b = bcsBlock.schema.decode(bytes);
    m.blocks.push({ height: b.blockHeight, first: b.firstVersion, last: b.lastVersion });
    for (const t of b.transactions!) {
      m.hashes.push({ hash: t.info.value.transactionHash, version: t.version });
      for (const c of t.changes.value) {
        const k = toHex(stateKey.schema.encode(c.key));
        const op = c.value;
        const value = op.$kind === 'Creation' || op.$kind === 'Modification' ? op.value : op.$kind === 'CreationWithMetadata' || op.$kind === 'ModificationWithMetadata' ? op.value.data : null;
        if (!m.writes.has(k)) m.writes.set(k, []);
        m.writes.get(k)!.push({ version: t.version, value });
      }
      const tx = t.transaction;
      if (tx.$kind === 'UserTransaction') {
        const raw = tx.value.rawTxn;
        const p = raw.payload;
        const orderless = p.$kind === 'Payload' && p.value.value.extraConfig.value.replayProtectionNonce !== null;
        if (!orderless) {
          const a = normalizeAddress(raw.sender);
          if (!m.ordered.has(a)) m.ordered.set(a, []);
          m.ordered.get(a)!.push({ seq: raw.sequenceNumber, version: t.version, bytes: transactionOnChainData.schema.encode(t) });
        }
      }
      for (const e of t.events) {
        if (e.$kind !== 'V1') continue;
        const k = `${e.value.key.creationNumber} ${normalizeAddress(e.value.key.accountAddress)}`;
        if (!m.events.has(k)) m.events.set(k, []);
        m.events.get(k)!.push({ seq: e.value.sequenceNumber, version: t.version, bytes: contractEvent.schema.encode(e) });
      }
      m.last = t.version;
    }
  }
  return m;
}

/** The model's state keys of `address` and `kind` holding a value at `version`, in byte order. */
function modelKeys(m: Model, address: string, kind: 'code' | 'resource', version: bigint): string[] {
  const out: string[] = [];
  for (const [k, ws] of m.writes) {
    const key = stateKey.schema.decode(Uint8Array.from(Buffer.from(k.slice(2), 'hex')));
    if (key.$kind !== 'AccessPath' || normalizeAddress(key.value.address) !== address) continue;
    const path = accessPath.schema.decode(key.value.path);
    if ((path.$kind === 'Code' ? 'code' : 'resource') !== kind) continue;
    const at = ws.filter((w) => w.version <= version).at(-1);
    if (at !== undefined && at.value !== null) out.push(k);
  }
  return out.sort();
}

const hex = (b: Uint8Array | undefined) => (b === undefined ? undefined : toHex(b));

/** A source answering every call with a promise of copies (as a store behind a network would). */
export function answeringAsync(l: LedgerSource): LedgerSource {
  const copy = <T>(v: T): T => (v instanceof Uint8Array ? (v.slice() as T) : v);
  const methods = Object.entries(l).filter(([, f]) => typeof f === 'function') as [string, (...a: unknown[]) => unknown][];
  return Object.fromEntries(methods.map(([k, f]) => [k, async (...args: unknown[]) => copy(await f(...args.map(copy)))])) as unknown as LedgerSource;
}

/** Registers the read-API checks over the source `make` answers, holding the whole example ledger. */
export function sourceContract(name: string, make: () => Promise<LedgerSource>): void {
  describe(name, () => {
    const model = buildModel();
    let source: LedgerSource;
    const ready = (async () => (source = await make()))();

    it('ledger info, blocks by height and by version, transactions by version', async () => {
      await ready;
      const info = await source.ledgerInfo();
      expect(info.ledgerVersion).toBe(model.last);
      expect(info.blockHeight).toBe(BigInt(model.blocks.length - 1));
      for (const b of model.blocks.filter((_, i) => i % 7 === 0 || i === model.blocks.length - 1)) {
        expect((await source.blockByHeight(b.height))?.firstVersion).toBe(b.first);
        for (const v of [b.first, (b.first + b.last) / 2n, b.last]) expect((await source.blockByVersion(v))?.blockHeight, `version ${v}`).toBe(b.height);
      }
      expect(await source.blockByVersion(model.last + 1n)).toBeUndefined();
      expect(await source.blockByHeight(BigInt(model.blocks.length))).toBeUndefined();
      const page = await source.transactions(model.last - 2n, 10);
      expect(page.map((t) => t.version)).toEqual([model.last - 2n, model.last - 1n, model.last]);
    });

    it('every transaction by its hash; an unknown hash is undefined', async () => {
      await ready;
      for (const h of model.hashes) expect(await source.transactionVersion(h.hash)).toBe(h.version);
      expect(await source.transactionVersion(new Uint8Array(32).fill(7))).toBeUndefined();
    });

    it("an account's resource and module keys at a version, paged by any limit, with the next key", async () => {
      await ready;
      const accounts = ['0x1', FIXTURE.accounts.faucet, FIXTURE.accounts.issuer, FIXTURE.accounts.legacy, FIXTURE.accounts.users[0]!, '0x7'].map((a) => normalizeAddress(a));
      for (const address of accounts) {
        for (const kind of ['resource', 'code'] as const) {
          for (const version of [0n, model.last / 2n, model.last]) {
            const want = modelKeys(model, address, kind, version);
            const all = await source.accountState(address, { kind, limit: 10_000, version });
            expect(all.entries.map((e) => hex(e.key)), `${address} ${kind} @${version}`).toEqual(want);
            expect(all.next).toBeUndefined();
            for (const limit of [1, 2, 3]) {
              const got: string[] = [];
              let start: Uint8Array | undefined;
              for (;;) {
                const page = await source.accountState(address, { kind, limit, version, start });
                expect(page.entries.length).toBeLessThanOrEqual(limit);
                got.push(...page.entries.map((e) => hex(e.key)!));
                if (page.next === undefined) break;
                expect(page.entries.length).toBe(limit);
                start = page.next;
              }
              expect(got).toEqual(want);
            }
          }
        }
      }
    });

    it("an account's sequence-number transactions from a sequence number, never past the ledger version", async () => {
      await ready;
      for (const [address, txs] of [...model.ordered].slice(0, 6)) {
        for (const [start, limit] of [[0n, 1000], [1n, 2], [BigInt(txs.length - 1), 5], [BigInt(txs.length), 5]] as const) {
          const want = txs.filter((t) => t.seq >= start).slice(0, limit);
          const got = await source.accountTransactions(address, start, limit, model.last);
          expect(got.map((t) => t.version)).toEqual(want.map((t) => t.version));
          expect(got.map((t) => hex(t.bytes))).toEqual(want.map((t) => hex(t.bytes)));
        }
        const cut = txs[0]!.version;
        expect((await source.accountTransactions(address, 0n, 1000, cut)).map((t) => t.version)).toEqual([cut]);
      }
      expect(await source.accountTransactions(normalizeAddress('0x7'), 0n, 10, model.last)).toEqual([]);
    });

    it('v1 events by key: from a sequence number, or the latest ones, ascending', async () => {
      await ready;
      expect(model.events.size).toBeGreaterThan(1);
      for (const [k, evs] of model.events) {
        const [creation, address] = k.split(' ') as [string, string];
        const n = BigInt(creation);
        const latest = await source.events(n, address, { limit: 3, ledgerVersion: model.last });
        expect(latest.map((e) => e.version)).toEqual(evs.slice(-3).map((e) => e.version));
        expect(latest.map((e) => hex(e.bytes))).toEqual(evs.slice(-3).map((e) => hex(e.bytes)));
        const from = await source.events(n, address, { start: 1n, limit: 2, ledgerVersion: model.last });
        expect(from.map((e) => e.version)).toEqual(evs.filter((e) => e.seq >= 1n).slice(0, 2).map((e) => e.version));
        const early = await source.events(n, address, { limit: 100, ledgerVersion: evs[0]!.version });
        expect(early.map((e) => e.version)).toEqual(evs.filter((e) => e.version <= evs[0]!.version).map((e) => e.version));
      }
      expect(await source.events(99n, normalizeAddress('0x1'), { limit: 10, ledgerVersion: model.last })).toEqual([]);
    });
  });
}
