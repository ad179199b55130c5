import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { toHex } from '../../src/bcs/index.js';
import { createMemoryLedger, type MemoryLedger } from '../../src/ledger/index.js';
import { bcsBlock, stateKey, type IndexedTransactionSummary } from '../../src/records/index.js';
import { exampleLedger, FIXTURE_BLOCKS } from './fixture.js';

// The memory ledger's answers at any version equal a replay of the blocks up to that version: both
// a plain model built here from the decoded records (state by key, summaries by sender) and a second
// memory ledger that ingested only the blocks up to the one holding that version.

interface Model {
  /** State key hex → [version, value | null] in version order. */
  state: Map<string, [number, Uint8Array | null][]>;
  keys: Uint8Array[];
  summaries: Map<string, IndexedTransactionSummary[]>;
  blockOf: number[];
}

function buildModel(): Model {
  const m: Model = { state: new Map(), keys: [], summaries: new Map(), blockOf: [] };
  FIXTURE_BLOCKS.forEach((bytes, height) => {
    const block = bcsBlock.schema.decode(bytes);
    for (const t of block.transactions!) {
      const v = Number(t.version);
      m.blockOf[v] = height;
      for (const { key, value: op } of t.changes.value) {
        const k = stateKey.schema.encode(key);
        const h = toHex(k);
        if (!m.state.has(h)) {
          m.state.set(h, []);
          m.keys.push(k);
        }
        const value =
          op.$kind === 'Creation' || op.$kind === 'Modification' ? op.value : op.$kind === 'CreationWithMetadata' || op.$kind === 'ModificationWithMetadata' ? op.value.data : null;
        m.state.get(h)!.push([v, value]);
      }
      if (t.transaction.$kind === 'UserTransaction') {
        const raw = t.transaction.value.rawTxn;
        const p = raw.payload;
        const nonce = p.$kind === 'Payload' ? p.value.value.extraConfig.value.replayProtectionNonce : null;
        const list = m.summaries.get(raw.sender) ?? [];
        list.push({
          $kind: 'V1',
          value: {
            sender: raw.sender,
            version: t.version,
            transactionHash: t.info.value.transactionHash,
            replayProtector: nonce === null ? { $kind: 'SequenceNumber', value: raw.sequenceNumber } : { $kind: 'Nonce', value: nonce },
          },
        });
        m.summaries.set(raw.sender, list);
      }
    }
  });
  return m;
}

const model = buildModel();
const full = exampleLedger();
const latest = Number(full.ledgerInfo().ledgerVersion);
const senders = [...model.summaries.keys()];

function modelValue(key: Uint8Array, v: number): Uint8Array | undefined {
  let out: Uint8Array | null | undefined;
  for (const [at, value] of model.state.get(toHex(key)) ?? []) if (at <= v) out = value;
  return out ?? undefined;
}

const replays = new Map<number, MemoryLedger>();
function replayThrough(height: number): MemoryLedger {
  let l = replays.get(height);
  if (l === undefined) {
    l = createMemoryLedger();
    l.ingest(FIXTURE_BLOCKS.slice(0, height + 1));
    replays.set(height, l);
  }
  return l;
}

describe('memory ledger answers equal a replay of the blocks', () => {
  it('has a model with state and senders to compare', () => {
    expect(model.keys.length).toBeGreaterThan(50);
    expect(senders.length).toBeGreaterThan(10);
  });

  it('state value of any key at any version', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: latest }), fc.nat(model.keys.length - 1), (v, k) => {
        const key = model.keys[k]!;
        const want = modelValue(key, v);
        expect(full.stateValue(key, BigInt(v))).toEqual(want);
        const replay = replayThrough(model.blockOf[v]!);
        expect(replay.stateValue(key, BigInt(v))).toEqual(want);
      }),
      { numRuns: 150 },
    );
  });

  it("an account's summaries up to any version, and from any version", () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: latest }), fc.nat(senders.length - 1), fc.integer({ min: 1, max: 30 }), (v, s, limit) => {
        const sender = senders[s]!;
        const all = model.summaries.get(sender)!;
        const upTo = all.filter((x) => x.value.version <= BigInt(v));
        const q = { endVersion: BigInt(v), limit, ledgerVersion: BigInt(latest) };
        expect(full.accountTransactionSummaries(sender, q)).toEqual(upTo.slice(Math.max(0, upTo.length - limit)));
        const replay = replayThrough(model.blockOf[v]!);
        const atReplay = { limit, ledgerVersion: replay.ledgerInfo().ledgerVersion };
        const replayed = all.filter((x) => x.value.version <= replay.ledgerInfo().ledgerVersion);
        expect(replay.accountTransactionSummaries(sender, atReplay)).toEqual(replayed.slice(Math.max(0, replayed.length - limit)));
        const from = all.filter((x) => x.value.version >= BigInt(v));
        expect(full.accountTransactionSummaries(sender, { startVersion: BigInt(v), limit, ledgerVersion: BigInt(latest) })).toEqual(from.slice(0, limit));
      }),
      { numRuns: 100 },
    );
  });

  it('blocks and transactions up to any height', () => {
    fc.assert(
      fc.property(fc.nat(FIXTURE_BLOCKS.length - 1), (h) => {
        const replay = replayThrough(h);
        const b = full.blockByHeight(BigInt(h))!;
        expect(replay.blockByHeight(BigInt(h))).toEqual(b);
        expect(replay.blockByHeight(BigInt(h + 1))).toBeUndefined();
        const n = Number(b.lastVersion - b.firstVersion) + 1;
        expect(replay.transactions(b.firstVersion, n)).toEqual(full.transactions(b.firstVersion, n));
        expect(replay.ledgerInfo().ledgerVersion).toBe(b.lastVersion);
      }),
      { numRuns: 25 },
    );
  });
});
