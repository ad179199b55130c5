import { describe, expect, it } from 'vitest';
import { bcsBlock, transactionOnChainData } from '../../src/records/index.js';
import { createMemoryLedger, isLedgerError, loadMemoryLedger, resourceKey, type MemoryLedger } from '../../src/ledger/index.js';
import { exampleLedger, FIXTURE, FIXTURE_BLOCKS, FIXTURE_BYTES } from './fixture.js';

function refused(f: () => unknown, code: string): void {
  try {
    f();
  } catch (e) {
    expect(isLedgerError(e), String(e)).toBe(true);
    expect((e as { code: string }).code).toBe(code);
    return;
  }
  throw new Error(`expected a LedgerError ${code}`);
}

/** Everything a ledger answers, to compare before and after a refused ingest. */
function snapshot(l: MemoryLedger) {
  return { info: l.ledgerInfo(), file: Buffer.from(l.save()).toString('base64') };
}

const ACCOUNT = (a: string) => resourceKey(a, { address: '0x1', module: 'account', name: 'Account', typeArgs: [] });

describe('memory ledger: ingest', () => {
  it('ingests the example ledger and derives its ledger info from state', () => {
    const l = createMemoryLedger();
    const r = l.ingest(FIXTURE_BLOCKS);
    expect(r.blocks).toBe(307);
    expect(r.transactions).toBe(2242);
    expect(l.ledgerInfo()).toEqual({
      chainId: 4, epoch: 3n, ledgerVersion: 2241n, oldestLedgerVersion: 0n, ledgerTimestampUsec: 1700000365307701n, blockHeight: 306n, oldestBlockHeight: 0n,
    });
    // The timestamp is the last block's (0x1::timestamp::CurrentTimeMicroseconds).
    expect(l.blockByHeight(306n)!.blockTimestamp).toBe(1700000365307701n);
  });

  it('saves to the bytes it was loaded from', () => {
    expect(Buffer.from(exampleLedger().save()).equals(Buffer.from(FIXTURE_BYTES))).toBe(true);
  });

  it('accepts decoded blocks as well as their bytes', () => {
    const l = createMemoryLedger();
    l.ingest(FIXTURE_BLOCKS.slice(0, 3).map((b) => bcsBlock.schema.decode(b)));
    expect(l.ledgerInfo().blockHeight).toBe(2n);
  });

  it('answers nothing before its first block', () => {
    const l = createMemoryLedger();
    refused(() => l.ledgerInfo(), 'incomplete_block');
    expect(l.blockByHeight(0n)).toBeUndefined();
    expect(l.transactions(0n, 10)).toEqual([]);
  });
});

describe('memory ledger: refused input leaves it unchanged', () => {
  const base = () => {
    const l = createMemoryLedger();
    l.ingest(FIXTURE_BLOCKS.slice(0, 10));
    return l;
  };

  it('a block that skips a height or a version', () => {
    const l = base();
    const before = snapshot(l);
    refused(() => l.ingest(FIXTURE_BLOCKS[11]!), 'height_gap');
    const b = bcsBlock.schema.decode(FIXTURE_BLOCKS[10]!);
    refused(() => l.ingest({ ...b, blockHeight: 10n, firstVersion: b.firstVersion + 1n }), 'incomplete_block');
    expect(snapshot(l)).toEqual(before);
  });

  it("a transaction whose hash is not its info's transaction_hash", () => {
    const l = base();
    const before = snapshot(l);
    const b = bcsBlock.schema.decode(FIXTURE_BLOCKS[10]!);
    const t = b.transactions![1]!;
    expect(t.transaction.$kind).toBe('UserTransaction');
    const info = t.info.value;
    const forged = { ...t, info: { $kind: 'V0' as const, value: { ...info, transactionHash: new Uint8Array(32) } } };
    refused(() => l.ingest({ ...b, transactions: [b.transactions![0]!, forged, ...b.transactions!.slice(2)] }), 'hash_mismatch');
    expect(snapshot(l)).toEqual(before);
  });

  it('a block is refused for its first fault, however malformed the bytes after it', () => {
    const l = base();
    const before = snapshot(l);
    const b = bcsBlock.schema.decode(FIXTURE_BLOCKS[10]!);
    const t = b.transactions![1]!;
    const forged = { ...t, info: { $kind: 'V0' as const, value: { ...t.info.value, transactionHash: new Uint8Array(32) } } };
    const cut = (x: typeof b) => bcsBlock.schema.encode(x).slice(0, -5);
    // Transaction 1's hash is checked before transaction 2 and on are read.
    refused(() => l.ingest(cut({ ...b, transactions: [b.transactions![0]!, forged, ...b.transactions!.slice(2)] })), 'hash_mismatch');
    // The count against the versions before any transaction is read.
    refused(() => l.ingest(cut({ ...b, lastVersion: b.lastVersion + 1n })), 'incomplete_block');
    // Each transaction's version before the next is read.
    const moved = { ...b.transactions![0]!, version: b.transactions![0]!.version + 1n };
    refused(() => l.ingest(cut({ ...b, transactions: [moved, ...b.transactions!.slice(1)] })), 'version_gap');
    expect(snapshot(l)).toEqual(before);
  });

  it('a batch whose second block is bad keeps none of it', () => {
    const l = base();
    const before = snapshot(l);
    const bad = FIXTURE_BLOCKS[11]!.slice(0, -5);
    refused(() => l.ingest([FIXTURE_BLOCKS[10]!, bad]), 'malformed');
    expect(snapshot(l)).toEqual(before);
  });

  it('truncated, trailing, or transaction-less blocks', () => {
    const l = base();
    const before = snapshot(l);
    const next = FIXTURE_BLOCKS[10]!;
    // The header is 64 bytes (height, hash, timestamp, first and last version).
    for (let cut = 0; cut < next.length; cut += 37) refused(() => l.ingest(next.slice(0, cut)), cut === 64 ? 'incomplete_block' : 'malformed');
    refused(() => l.ingest(new Uint8Array([...next, 0])), 'malformed');
    refused(() => l.ingest(next.slice(0, 64)), 'incomplete_block');
    refused(() => l.ingest({ blockHeight: 10n, blockHash: new Uint8Array(32), blockTimestamp: 0n, firstVersion: 0n, lastVersion: 0n, transactions: 'x' } as never), 'malformed');
    expect(snapshot(l)).toEqual(before);
  });

  it('bad options', () => {
    refused(() => createMemoryLedger({ pruneWindow: 0 }), 'invalid_option');
    refused(() => createMemoryLedger({ chainId: 256 }), 'invalid_option');
  });
});

describe('memory ledger: files', () => {
  it('refuses what is not a ledger file, whole', () => {
    refused(() => loadMemoryLedger(new Uint8Array([1, 2, 3])), 'unknown_format');
    refused(() => loadMemoryLedger(FIXTURE_BYTES.slice(0, FIXTURE_BYTES.length - 3)), 'malformed');
    refused(() => loadMemoryLedger(FIXTURE_BYTES.slice(0, 20)), 'malformed');
  });
});

describe('memory ledger: pruning window', () => {
  // Its edge falls among the ordinary blocks, before the last epoch's full blocks (~1050 versions).
  const window = 1300;
  const full = exampleLedger();
  const pruned = exampleLedger({ pruneWindow: window });
  const info = pruned.ledgerInfo();

  it('keeps at least the window, in whole blocks', () => {
    expect(info.ledgerVersion).toBe(2241n);
    expect(info.oldestLedgerVersion).toBeLessThanOrEqual(2241n - BigInt(window) + 1n);
    const oldest = pruned.blockByHeight(info.oldestBlockHeight)!;
    expect(oldest.firstVersion).toBe(info.oldestLedgerVersion);
    expect(pruned.blockByHeight(info.oldestBlockHeight - 1n)).toBeUndefined();
    expect(pruned.transactions(info.oldestLedgerVersion - 1n, 1)).toEqual([]);
    expect(pruned.stateValue(ACCOUNT(FIXTURE.accounts.faucet), info.oldestLedgerVersion - 1n)).toBeUndefined();
  });

  it('answers inside the window as the unpruned ledger does, and saves and loads so', () => {
    const reloaded = loadMemoryLedger(pruned.save(), { pruneWindow: window });
    expect(reloaded.ledgerInfo()).toEqual(info);
    for (const a of [FIXTURE.accounts.faucet, ...FIXTURE.accounts.users]) {
      for (const v of [info.oldestLedgerVersion, info.oldestLedgerVersion + 17n, info.ledgerVersion]) {
        expect(pruned.stateValue(ACCOUNT(a), v)).toEqual(full.stateValue(ACCOUNT(a), v));
        expect(reloaded.stateValue(ACCOUNT(a), v)).toEqual(full.stateValue(ACCOUNT(a), v));
      }
      const q = { limit: 1000, ledgerVersion: info.ledgerVersion };
      const inWindow = full.accountTransactionSummaries(a, q).filter((s) => s.value.version >= info.oldestLedgerVersion);
      expect(pruned.accountTransactionSummaries(a, q)).toEqual(inWindow);
      expect(reloaded.accountTransactionSummaries(a, q)).toEqual(inWindow);
    }
    expect(reloaded.transactions(info.oldestLedgerVersion, 5)).toEqual(full.transactions(info.oldestLedgerVersion, 5));
  });

  it('keeps pruning as blocks arrive', () => {
    const l = createMemoryLedger({ pruneWindow: 50 });
    for (const b of FIXTURE_BLOCKS.slice(0, 100)) l.ingest(b);
    const i = l.ledgerInfo();
    expect(i.ledgerVersion - i.oldestLedgerVersion).toBeGreaterThanOrEqual(49n);
    expect(i.ledgerVersion - i.oldestLedgerVersion).toBeLessThan(60n);
  });
});

describe('memory ledger: stored transactions', () => {
  it('are the TransactionOnChainData records of the blocks', () => {
    const l = exampleLedger();
    const [t] = l.transactions(64n, 1);
    const decoded = transactionOnChainData.schema.decode(t!.bytes);
    expect(decoded.version).toBe(64n);
    expect(bcsBlock.schema.decode(FIXTURE_BLOCKS[20]!).transactions![0]).toEqual(decoded);
  });
});
