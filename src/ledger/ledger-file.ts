import { BcsReader, BcsWriter, compareBytes, isBcsError, writeU64 } from '../bcs/index.js';
import { BLOCK_HEADER_BYTES, writeBlockHeader, type BlockHeader } from '../records/index.js';
import { readWriteSet } from './block-reader.js';
import { LedgerError } from './errors.js';
import { keyBytes } from './memory-state.js';

// The memory ledger's file: the node's own records, nothing of ours in between but framing.
//   "LBCSLDG" 01 ‖ u64 first version ‖ u64 first block height
//   ‖ the state before the first version as a types/src/write_set.rs `WriteSet` (creations; empty
//     when the file starts at genesis)
//   ‖ per block: uleb128 length ‖ the BCS of api/types/src/block.rs `BcsBlock` with its transactions.
// Browser-safe (bytes in, bytes out); reading and writing files is ledger-bcs/ledger/node's.

const MAGIC = [0x4c, 0x42, 0x43, 0x53, 0x4c, 0x44, 0x47, 0x01];

/** What a ledger file holds: where it starts, the state before that, and the blocks' records. */
export interface LedgerFileParts {
  firstVersion: number;
  firstHeight: number;
  /** keyString-keyed state values as of firstVersion − 1 (empty from genesis). */
  baseState: [string, Uint8Array][];
  blocks: { header: BlockHeader; txs: Uint8Array[] }[];
}

export function encodeLedgerFile(parts: LedgerFileParts): Uint8Array {
  let size = 64;
  for (const [k, v] of parts.baseState) size += k.length + v.length + 12;
  for (const b of parts.blocks) for (const t of b.txs) size += t.length;
  const w = new BcsWriter(size + parts.blocks.length * 64);
  for (const m of MAGIC) w.u8(m);
  writeU64(w, parts.firstVersion);
  writeU64(w, parts.firstHeight);
  const base = parts.baseState.map(([k, v]) => [keyBytes(k), v] as const).sort((a, b) => compareBytes(a[0], b[0]));
  w.uleb128(0);
  w.uleb128(base.length);
  for (const [k, v] of base) {
    w.raw(k);
    w.uleb128(0); // PersistedWriteOp::Creation
    w.uleb128(v.length);
    w.raw(v);
  }
  for (const { header: h, txs } of parts.blocks) {
    const block = new BcsWriter(BLOCK_HEADER_BYTES + 6 + txs.reduce((n, t) => n + t.length, 0));
    writeBlockHeader(block, h);
    block.u8(1);
    block.uleb128(txs.length);
    for (const t of txs) block.raw(t);
    const bytes = block.toBytes();
    w.uleb128(bytes.length);
    w.raw(bytes);
  }
  return w.toBytes();
}

export interface DecodedLedgerFile {
  firstVersion: number;
  firstHeight: number;
  baseState: [Uint8Array, Uint8Array][];
  blocks: Uint8Array[];
}

/** Splits a ledger file into its parts (views into `bytes`); the blocks are checked when ingested. */
export function decodeLedgerFile(bytes: Uint8Array): DecodedLedgerFile {
  if (!(bytes instanceof Uint8Array)) throw new LedgerError('malformed', 'a ledger file is bytes');
  if (bytes.length < 8 || MAGIC.some((m, i) => bytes[i] !== m)) throw new LedgerError('unknown_format', 'not a ledger-bcs ledger file (its first bytes are not "LBCSLDG" 01)');
  const r = new BcsReader(bytes, { zeroCopy: true }, 8);
  try {
    const firstVersion = r.u64();
    const firstHeight = r.u64();
    if (firstVersion > BigInt(Number.MAX_SAFE_INTEGER) || firstHeight > BigInt(Number.MAX_SAFE_INTEGER)) {
      throw new LedgerError('malformed', 'the ledger file starts past 2^53');
    }
    const baseState: [Uint8Array, Uint8Array][] = [];
    for (const { key, value } of readWriteSet(r)) if (value !== null) baseState.push([key, value]);
    if (firstVersion === 0n && baseState.length > 0) throw new LedgerError('malformed', 'a ledger file from genesis has no state before it');
    const blocks: Uint8Array[] = [];
    while (r.remaining > 0) {
      const n = r.length(1);
      blocks.push(r.raw(n));
    }
    return { firstVersion: Number(firstVersion), firstHeight: Number(firstHeight), baseState, blocks };
  } catch (e) {
    if (isBcsError(e)) throw new LedgerError('malformed', `ledger file: ${e.message}`);
    throw e;
  }
}
