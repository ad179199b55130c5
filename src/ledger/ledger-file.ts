import { BcsReader, BcsWriter, compareBytes, equalBytes, isBcsError, writeU64 } from '../bcs/index.js';
import { readBlockHeader, type BlockHeader } from '../records/index.js';
import { encodeBlock } from '../records/internal.js';
import { nobleSha3, type Sha3 } from './block-reader.js';
import { readWriteSet } from './transaction-record.js';
import { LedgerError } from './errors.js';
import { keyBytes } from './memory-state.js';

// The ledger file: the node's own records, nothing of ours in between but framing, and a header that
// says what the file must hold so that a cut or a flipped bit is refused, never loaded as a shorter or
// different ledger.
//   header (88 bytes): "LBCSLDG" 02 ‖ u64 first version ‖ u64 first block height ‖ u64 block count
//     ‖ u64 last block height ‖ u64 last version ‖ u64 body length ‖ sha3-256 of the body
//   body: the state before the first version as a types/src/write_set.rs `WriteSet` (creations; empty
//     when the file starts at genesis) ‖ per block: uleb128 length ‖ the BCS of api/types/src/block.rs
//     `BcsBlock` with its transactions.
// Integers little-endian (BCS). Browser-safe (bytes in, bytes out); files on disk are ledger/node's.

const MAGIC = [0x4c, 0x42, 0x43, 0x53, 0x4c, 0x44, 0x47];
const FORMAT = 2;
export const LEDGER_FILE_HEADER_BYTES = 88;

/** What a ledger file holds: where it starts, the state before that, and the blocks' records. */
export interface LedgerFileParts {
  firstVersion: number;
  firstHeight: number;
  /** keyString-keyed state values as of firstVersion − 1 (empty from genesis). */
  baseState: [string, Uint8Array][];
  blocks: { header: BlockHeader; txs: Uint8Array[] }[];
}

/** What the header promises about the body. */
export interface LedgerFileHeader {
  firstVersion: number;
  firstHeight: number;
  blockCount: number;
  /** The last block's height and last version (0 when there is no block). */
  lastHeight: number;
  lastVersion: number;
  bodyLength: number;
  checksum: Uint8Array;
}

export function encodeLedgerFileHeader(h: LedgerFileHeader): Uint8Array {
  const w = new BcsWriter(LEDGER_FILE_HEADER_BYTES);
  for (const m of MAGIC) w.u8(m);
  w.u8(FORMAT);
  for (const n of [h.firstVersion, h.firstHeight, h.blockCount, h.lastHeight, h.lastVersion, h.bodyLength]) writeU64(w, n);
  w.raw(h.checksum);
  return w.toBytes();
}

/** The body's first part: the state before the first version, sorted by key bytes. */
export function encodeBaseState(entries: Iterable<readonly [Uint8Array, Uint8Array]>): Uint8Array {
  const base = [...entries].sort((a, b) => compareBytes(a[0], b[0]));
  const w = new BcsWriter(64 + base.reduce((n, [k, v]) => n + k.length + v.length + 12, 0));
  w.uleb128(0);
  w.uleb128(base.length);
  for (const [k, v] of base) {
    w.raw(k);
    w.uleb128(0); // PersistedWriteOp::Creation
    w.uleb128(v.length);
    w.raw(v);
  }
  return w.toBytes();
}

/** One block of the body: uleb128 length ‖ BcsBlock with its transactions (the stored records). */
export function encodeBlockFrame(h: BlockHeader, txs: readonly Uint8Array[]): Uint8Array {
  const bytes = encodeBlock(h, txs.length, txs);
  const out = new BcsWriter(bytes.length + 5);
  out.uleb128(bytes.length);
  out.raw(bytes);
  return out.toBytes();
}

export function encodeLedgerFile(parts: LedgerFileParts, sha3: Sha3 = nobleSha3): Uint8Array {
  const body = [encodeBaseState(parts.baseState.map(([k, v]) => [keyBytes(k), v] as const)), ...parts.blocks.map((b) => encodeBlockFrame(b.header, b.txs))];
  const last = parts.blocks[parts.blocks.length - 1]?.header;
  const bodyLength = body.reduce((n, c) => n + c.length, 0);
  const header = encodeLedgerFileHeader({
    firstVersion: parts.firstVersion,
    firstHeight: parts.firstHeight,
    blockCount: parts.blocks.length,
    lastHeight: Number(last?.blockHeight ?? 0n),
    lastVersion: Number(last?.lastVersion ?? 0n),
    bodyLength,
    checksum: sha3(body),
  });
  const out = new Uint8Array(header.length + bodyLength);
  out.set(header);
  let at = header.length;
  for (const c of body) {
    out.set(c, at);
    at += c.length;
  }
  return out;
}

export interface DecodedLedgerFile {
  firstVersion: number;
  firstHeight: number;
  baseState: [Uint8Array, Uint8Array][];
  blocks: Uint8Array[];
}

const bad = (what: string): never => {
  throw new LedgerError('malformed', `ledger file: ${what}`);
};

/** Reads the header and checks the body against it (length, checksum); the body itself is not parsed. */
export function readLedgerFileHeader(bytes: Uint8Array, sha3: Sha3 = nobleSha3): LedgerFileHeader {
  if (!(bytes instanceof Uint8Array)) throw new LedgerError('malformed', 'a ledger file is bytes');
  if (bytes.length < 8 || MAGIC.some((m, i) => bytes[i] !== m)) throw new LedgerError('unknown_format', 'not a ledger-bcs ledger file (its first bytes are not "LBCSLDG")');
  if (bytes[7] !== FORMAT) {
    throw new LedgerError('unknown_format', `ledger file format ${bytes[7]}; this ledger-bcs reads format ${FORMAT} (a file of format 1 has no checksum: load it with the version that wrote it and save it again)`);
  }
  if (bytes.length < LEDGER_FILE_HEADER_BYTES) bad(`truncated: ${bytes.length} bytes, shorter than its ${LEDGER_FILE_HEADER_BYTES}-byte header`);
  const r = new BcsReader(bytes, { zeroCopy: true }, 8);
  const n = (name: string): number => {
    const v = r.u64();
    if (v > BigInt(Number.MAX_SAFE_INTEGER)) bad(`the header's ${name} is past 2^53`);
    return Number(v);
  };
  const h: LedgerFileHeader = {
    firstVersion: n('first version'),
    firstHeight: n('first height'),
    blockCount: n('block count'),
    lastHeight: n('last height'),
    lastVersion: n('last version'),
    bodyLength: n('body length'),
    checksum: r.raw(32),
  };
  const have = bytes.length - LEDGER_FILE_HEADER_BYTES;
  if (have < h.bodyLength) bad(`truncated: the header says ${h.bodyLength} bytes of base state and blocks, the file has ${have}`);
  if (have > h.bodyLength) bad(`${have - h.bodyLength} bytes after the ${h.bodyLength} the header says the file holds`);
  if (!equalBytes(sha3([bytes.subarray(LEDGER_FILE_HEADER_BYTES)]), h.checksum)) bad('checksum mismatch: the base state and blocks are not the bytes the header was written for (the file is corrupted)');
  return h;
}

/** Splits a ledger file into its parts (views into `bytes`), after checking it whole; blocks are checked again when ingested. */
export function decodeLedgerFile(bytes: Uint8Array, sha3: Sha3 = nobleSha3): DecodedLedgerFile {
  const h = readLedgerFileHeader(bytes, sha3);
  const r = new BcsReader(bytes, { zeroCopy: true }, LEDGER_FILE_HEADER_BYTES);
  try {
    const baseState: [Uint8Array, Uint8Array][] = [];
    for (const { key, value } of readWriteSet(r)) if (value !== null) baseState.push([key, value]);
    if (h.firstVersion === 0 && baseState.length > 0) bad('a ledger file from genesis has no state before it');
    const blocks: Uint8Array[] = [];
    while (r.remaining > 0) blocks.push(r.raw(r.length(1)));
    if (blocks.length !== h.blockCount) bad(`the header says ${h.blockCount} blocks, the file holds ${blocks.length}`);
    const first = blocks[0];
    const last = blocks[blocks.length - 1];
    const head = first === undefined ? undefined : blockHeaderOf(first);
    if (head !== undefined && (head.blockHeight !== BigInt(h.firstHeight) || head.firstVersion !== BigInt(h.firstVersion))) bad(`its first block is not at height ${h.firstHeight} and version ${h.firstVersion}, as the header says`);
    const tail = last === undefined ? undefined : blockHeaderOf(last);
    if (tail !== undefined && (tail.blockHeight !== BigInt(h.lastHeight) || tail.lastVersion !== BigInt(h.lastVersion))) bad(`its last block does not end at height ${h.lastHeight} and version ${h.lastVersion}, as the header says`);
    return { firstVersion: h.firstVersion, firstHeight: h.firstHeight, baseState, blocks };
  } catch (e) {
    if (isBcsError(e)) bad(e.message);
    throw e;
  }
}

/** A stored block's header (records' reader; a block too short for one is a BcsError). */
export function blockHeaderOf(block: Uint8Array): BlockHeader {
  return readBlockHeader(new BcsReader(block, { zeroCopy: true }));
}
