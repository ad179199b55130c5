import type { RootDatabase, Transaction } from 'lmdb';
import { equalBytes } from '../../bcs/index.js';
import { LedgerError } from '../errors.js';
import { decodeBlockRow, decodeTxnMeta, elsewhereKey, ELSEWHERE, readU64, u64 } from './keys.js';
import { readHead } from './head.js';
import { plain, type Tables } from './reads.js';
// Declared with the store's public types (ledger-store.ts), whose declarations must not name lmdb's.
import type { StoreSnapshot } from './ledger-store.js';

// What `exportLedgerFile` writes from (files.ts): the blocks and the base state of one LMDB read
// transaction, so a file is one consistent cut of the store however long its writing takes.

/** The store as of now: its window's blocks (read lazily) and the state before its oldest version. */
export function snapshotOf(env: RootDatabase, t: Tables, fallbackChainId: number): StoreSnapshot {
  const transaction = env.useReadTransaction();
  try {
    const h = readHead(t.meta, fallbackChainId, transaction);
    const baseState = h.oldestVersion > 0 ? [...entriesAt(t, h.oldestVersion - 1, transaction)] : [];
    function* blocks() {
      try {
        for (const { key, value } of t.blocks.getRange({ start: u64(h.oldestHeight), end: u64(h.nextHeight), transaction })) {
          const header = decodeBlockRow(BigInt(readU64(key)), plain(value));
          const txs: Uint8Array[] = [];
          const range = { start: u64(Number(header.firstVersion)), end: u64(Number(header.lastVersion) + 1), transaction };
          for (const { value: tx } of t.tx.getRange(range)) txs.push(plain(tx).subarray(decodeTxnMeta(tx).recordAt));
          yield { header, txs };
        }
      } finally {
        transaction.done();
      }
    }
    return { firstVersion: h.oldestVersion, firstHeight: h.oldestHeight, blockCount: h.nextHeight - h.oldestHeight, lastHeight: Math.max(0, h.nextHeight - 1), lastVersion: Math.max(0, h.nextVersion - 1), baseState, blocks: blocks() };
  } catch (e) {
    transaction.done();
    throw e;
  }
}

/** Every state key's value as of `version` (deleted keys left out), in key order. */
function* entriesAt(t: Tables, version: number, transaction: Transaction): Generator<[Uint8Array, Uint8Array]> {
  // Each key's writes in version order: the last one at or below `version` is its value then.
  let form: Uint8Array | undefined;
  let last: Uint8Array | undefined;
  function* flush(): Generator<[Uint8Array, Uint8Array]> {
    if (form === undefined || last === undefined || last[8] === 0) return;
    const stateKey = form[0] === 0xff ? t.long_keys.get(form, { transaction }) : form;
    const value = last[8] === ELSEWHERE ? t.state_values.get(elsewhereKey(last), { transaction }) : last.subarray(9);
    if (stateKey === undefined || value === undefined) throw new LedgerError('malformed', 'the store has a hashed state key or a long value it holds no bytes for');
    yield [plain(stateKey).slice(), plain(value).slice()];
  }
  for (const { key, value } of t.state.getRange({ transaction })) {
    if (form === undefined || !equalBytes(key, form)) {
      yield* flush();
      form = plain(key);
      last = undefined;
    }
    if (readU64(value) <= version) last = plain(value);
  }
  yield* flush();
}
