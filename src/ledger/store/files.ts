import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { equalBytes, isBcsError } from '../../bcs/index.js';
import type { BlockHeader } from '../../records/index.js';
import { writeFileDurably } from '../durable-file.js';
import { LedgerError } from '../errors.js';
import type { IngestResult } from '../ingesting.js';
import { blockHeaderOf, decodeLedgerFile, encodeBaseState, encodeBlockFrame, encodeLedgerFileHeader, LEDGER_FILE_HEADER_BYTES } from '../ledger-file.js';
import { nodeSha3 } from '../node.js';
import type { LedgerStore } from './ledger-store.js';

// Ledger files in and out of a store: import checks the file whole (header, checksum) and ingests its
// blocks as any others (each checked again), a few blocks a transaction; export streams the retained
// ledger from one snapshot into the same format the memory ledger saves, written durably.

const BLOCKS_PER_INGEST = 64;

/**
 * Ingests the ledger file at `path` into `store`: an empty store starts where the file does; a store
 * that holds blocks takes the file's blocks after its last one (the ones it holds must be the same).
 */
export async function importLedgerFile(store: LedgerStore, path: string): Promise<IngestResult> {
  const buf = await readFile(path);
  const f = decodeLedgerFile(new Uint8Array(buf.buffer, buf.byteOffset, buf.byteLength), nodeSha3);
  let blocks = f.blocks;
  if (store.isEmpty()) {
    if (f.firstVersion > 0) store.startAt({ version: f.firstVersion, height: f.firstHeight, state: f.baseState });
  } else {
    const next = store.ledgerInfo().blockHeight + 1n;
    const skip = Number(next) - f.firstHeight;
    if (skip < 0) throw new LedgerError('height_gap', `${path} starts at block ${f.firstHeight}; the store continues at block ${next}`);
    for (const b of blocks.slice(0, skip)) {
      const { blockHeight: height, blockHash } = heldHeader(path, b);
      const held = store.blockByHeight(height);
      if (held !== undefined && !equalBytes(held.blockHash, blockHash)) {
        throw new LedgerError('malformed', `${path}: block ${height} is not the store's block ${height} (another chain, or another fork)`);
      }
    }
    blocks = blocks.slice(skip);
  }
  let result: IngestResult | undefined;
  let transactions = 0;
  // Two ingests in flight: the next batch is checked while the last one commits.
  let prev: Promise<IngestResult> | undefined;
  for (let i = 0; i < blocks.length; i += BLOCKS_PER_INGEST) {
    const p = store.ingest(blocks.slice(i, i + BLOCKS_PER_INGEST));
    if (prev !== undefined) transactions += (await prev).transactions;
    prev = p;
  }
  if (prev !== undefined) transactions += (result = await prev).transactions;
  return { blocks: blocks.length, transactions, ledgerVersion: result?.ledgerVersion ?? store.ledgerInfo().ledgerVersion };
}

/** Writes the store's retained ledger to `path` as a ledger file (temporary file, fsync, rename). */
export async function exportLedgerFile(store: LedgerStore, path: string): Promise<{ blocks: number; bytes: number }> {
  const s = store.snapshot();
  if (s.blockCount === 0) {
    for (const _ of s.blocks); // releases the snapshot
    throw new LedgerError('incomplete_block', `the store ${store.path} holds no block yet`);
  }
  const hash = createHash('sha3-256');
  let bodyLength = 0;
  function* chunks(): Generator<Uint8Array> {
    const base = encodeBaseState(s.baseState);
    for (const c of [base]) {
      hash.update(c);
      bodyLength += c.length;
      yield c;
    }
    for (const b of s.blocks) {
      const c = encodeBlockFrame(b.header, b.txs);
      hash.update(c);
      bodyLength += c.length;
      yield c;
    }
  }
  const header = () =>
    encodeLedgerFileHeader({ firstVersion: s.firstVersion, firstHeight: s.firstHeight, blockCount: s.blockCount, lastHeight: s.lastHeight, lastVersion: s.lastVersion, bodyLength, checksum: new Uint8Array(hash.digest()) });
  await writeFileDurably(path, chunks(), { length: LEDGER_FILE_HEADER_BYTES, bytes: header });
  return { blocks: s.blockCount, bytes: LEDGER_FILE_HEADER_BYTES + bodyLength };
}

/** A block of the file at a height the store holds: its header, or the file's fault named (too short for one). */
function heldHeader(path: string, block: Uint8Array): BlockHeader {
  try {
    return blockHeaderOf(block);
  } catch (e) {
    if (isBcsError(e)) throw new LedgerError('malformed', `${path}: a block too short for its header (${e.message})`);
    throw e;
  }
}
