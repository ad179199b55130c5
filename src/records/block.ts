import { BcsError, BcsWriter, isBcsError, schema, ulebSize, writeU64, type BcsReader, type Infer, type InferInput, type Schema } from '../bcs/index.js';
import { structDecl, u64Decl, vectorDecl, type Decl, type DeclValue } from '../transactions/internal.js';
import { hashValue } from './declare.js';
import { transactionOnChainData } from './transaction.js';

// api/types/src/block.rs `BcsBlock`. Its `transactions: Option<Vec<TransactionOnChainData>>` is
// `#[serde(skip_serializing_if = "Option::is_none")]`: without transactions the node writes nothing
// at all for it (no `00`), with them `01` ‖ vector. A plain option schema cannot read that (the
// input ends where its tag would be), so this one schema is specialised by hand: end of input after
// `last_version` is "no transactions", and a `00` tag (which the node never writes) is rejected so
// that decoding and encoding stay exact inverses. Its JSON-safe form may likewise leave the field out.

// The block's header is the one block shape every layer shares: the ledger's sources answer it, its
// ingest and the replica read it here, and every other block form (with transactions, as stored, as
// fetched) extends it with its extras only.
export const blockHeader = /* @__PURE__ */ structDecl('BcsBlock', {
  blockHeight: u64Decl,
  blockHash: hashValue,
  blockTimestamp: u64Decl,
  firstVersion: u64Decl,
  lastVersion: u64Decl,
});

/** A block's extent: api/types/src/block.rs `BcsBlock` without its transactions (as types/src/account_config/events/new_block.rs `NewBlockEvent` gives it). */
export type BlockHeader = DeclValue<typeof blockHeader>;

/** The header's BCS length: u64 height, 32-byte hash, u64 timestamp, u64 first and last version. */
export const BLOCK_HEADER_BYTES = 64;

// The header's reader and writer for the block's hot paths (the ledger's ingest, the replica, the
// block endpoint), specialised by hand as the declaration's schema is general (inputs of any integer
// form, errors with field paths); test/records/block-header.test.ts checks they agree with it.

/** Reads the five header fields at the reader's offset (the hash a view when the reader is zero-copy). */
export function readBlockHeader(r: BcsReader): BlockHeader {
  const blockHeight = r.u64();
  const blockHash = r.raw(32);
  const blockTimestamp = r.u64();
  const firstVersion = r.u64();
  return { blockHeight, blockHash, blockTimestamp, firstVersion, lastVersion: r.u64() };
}

/** Writes the five header fields. */
export function writeBlockHeader(w: BcsWriter, h: BlockHeader): void {
  if (h.blockHash.length !== 32) throw new BcsError('invalid_length', `block_hash must be 32 bytes, got ${h.blockHash.length}`);
  writeU64(w, h.blockHeight);
  w.raw(h.blockHash);
  writeU64(w, h.blockTimestamp);
  writeU64(w, h.firstVersion);
  writeU64(w, h.lastVersion);
}

// What follows the header, as bytes: `01 ‖ uleb128 count ‖ TransactionOnChainData…` when the block
// carries its transactions, nothing when it does not. Its one reader and one writer, for every layer
// that frames a block from records it holds (the ledger file, the block endpoint, the replica's
// replay and splice) or reads the transactions of one received (the ledger's and replica's reader).

/** The `Some` tag before the transactions: `01` (a `00` is refused, as the node never writes one). */
function readSomeTag(r: BcsReader): void {
  const at = r.off;
  const tag = r.u8();
  if (tag !== 1) throw new BcsError('expected_option', `expected 01 before its transactions, or the end of the block, got tag 0x${tag.toString(16).padStart(2, '0')}`, at);
}

/**
 * Reads what follows the header at the reader's offset: the count of the transactions that follow
 * (`01`, then the vector's uleb128 length), or null at the end of input (none carried).
 */
export function readBlockTransactionCount(r: BcsReader): number | null {
  if (r.remaining === 0) return null;
  readSomeTag(r);
  return r.length(1);
}

/**
 * A BcsBlock's bytes: the header, then (unless `count` is null: none carried) `01`, `count`, and the
 * transactions' BCS (`TransactionOnChainData`s as stored or received), the concatenation of `chunks`.
 */
export function encodeBlock(h: BlockHeader, count: number | null, chunks: readonly Uint8Array[] = []): Uint8Array {
  let size = BLOCK_HEADER_BYTES + (count === null ? 0 : 1 + ulebSize(count));
  for (const c of chunks) size += c.length;
  // At least the header and 6 bytes: the writer's uleb128 makes room for 5 before it writes one.
  const w = new BcsWriter(Math.max(size, BLOCK_HEADER_BYTES + 6));
  writeBlockHeader(w, h);
  if (count !== null) {
    w.u8(1);
    w.uleb128(count);
  }
  for (const c of chunks) w.raw(c);
  // Sized exactly (any block with a transaction): the writer's buffer is the block, not copied again.
  return w.off === w.buf.length ? w.buf : w.toBytes();
}

const transactions = /* @__PURE__ */ vectorDecl(transactionOnChainData);

type HeaderInput = InferInput<typeof blockHeader.schema>;
/** The block with its transactions when asked for (null otherwise). */
export type BcsBlock = BlockHeader & { transactions: Infer<typeof transactions.schema> | null };
export type BcsBlockInput = HeaderInput & { transactions?: InferInput<typeof transactions.schema> | null };

// Built in a side-effect-free function: reading `.schema` at module level would keep the records
// layer in every bundle of the package entry.
/* @__NO_SIDE_EFFECTS__ */
function declareBcsBlock(headerDecl: typeof blockHeader, txsDecl: typeof transactions): Decl<Schema<BcsBlock, BcsBlockInput>> {
  const header = headerDecl.schema;
  const txs = txsDecl.schema;
  const bcsBlockSchema = schema<BcsBlock, BcsBlockInput>({
    name: 'BcsBlock',
    minSize: header.minSize,
    write(w, v) {
      header.write(w, v);
      if (v.transactions === null || v.transactions === undefined) return;
      w.u8(1);
      try {
        txs.write(w, v.transactions);
      } catch (e) {
        throw isBcsError(e) ? e.within('transactions') : e;
      }
    },
    read(r) {
      const out = header.read(r) as BcsBlock;
      if (r.remaining === 0) {
        out.transactions = null;
        return out;
      }
      try {
        readSomeTag(r);
        out.transactions = txs.read(r);
      } catch (e) {
        throw isBcsError(e) ? e.within('transactions') : e;
      }
      return out;
    },
    serializedSize: (v) => header.serializedSize(v) + (v.transactions == null ? 0 : 1 + txs.serializedSize(v.transactions)),
  });
  return {
    schema: bcsBlockSchema,
    shape: { struct: { ...(headerDecl.shape as { struct: Record<string, never> }).struct, transactions: { optional: txsDecl.shape } } },
  };
}

export const bcsBlock = /* @__PURE__ */ declareBcsBlock(blockHeader, transactions);

