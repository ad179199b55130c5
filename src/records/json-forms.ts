import { BcsError, fromHex, isBcsError, normalizeAddress, quote, toHex } from '../bcs/index.js';
import { parseDecimal, toJsonSafe, type JsonValue } from '../transactions/index.js';
import type { DeclValue } from '../transactions/internal.js';
import type { accountResource } from './account.js';
import type { indexedTransactionSummary } from './summary.js';
import { bcsBlock, type BcsBlock, type BlockHeader } from './block.js';

// The interface's JSON forms of the records (snake_case, u64 as decimal strings). Field names from
// api/types/src/account.rs `AccountData`, api/types/src/transaction.rs `TransactionSummary`,
// api/types/src/block.rs `Block`. See docs/records.md for what is inferred.

type AccountResource = DeclValue<typeof accountResource>;
type IndexedTransactionSummary = DeclValue<typeof indexedTransactionSummary>;

export interface AccountJson {
  sequence_number: string;
  authentication_key: string;
}

/** The account endpoint's JSON body for a decoded account resource. */
export function accountDataJson(account: AccountResource): AccountJson {
  return { sequence_number: account.sequenceNumber.toString(), authentication_key: toHex(account.authenticationKey) };
}

export function parseAccountDataJson(json: unknown): { sequenceNumber: bigint; authenticationKey: Uint8Array } {
  const o = object(json, 'account data');
  if (typeof o.authentication_key !== 'string' || !o.authentication_key.startsWith('0x')) {
    throw new BcsError('invalid_json', `expected authentication_key as 0x hex, got ${quote(o.authentication_key)}`).within('authentication_key');
  }
  return {
    sequenceNumber: under(() => parseDecimal(o.sequence_number, 'u64'), 'sequence_number'),
    authenticationKey: under(() => fromHex(o.authentication_key as string), 'authentication_key'),
  };
}

/** The balance endpoint's JSON body: a bare JSON number, written exactly (no float rounding). */
export function balanceJson(balance: bigint): string {
  return parseDecimal(String(balance), 'u64').toString();
}

/** Reads the balance body from its JSON text, exactly (a JSON number above 2^53 would lose digits as a float). */
export function parseBalanceJson(text: string): bigint {
  return parseDecimal(typeof text === 'string' ? text.trim() : text, 'u64');
}

export type ReplayProtectorJson = { type: 'sequence_number'; sequence_number: string } | { type: 'nonce'; nonce: string };

export interface TransactionSummaryJson {
  sender: string;
  version: string;
  transaction_hash: string;
  replay_protector: ReplayProtectorJson;
}

export function transactionSummaryJson(summary: IndexedTransactionSummary): TransactionSummaryJson {
  const s = summary.value;
  const rp = s.replayProtector;
  return {
    sender: normalizeAddress(s.sender),
    version: s.version.toString(),
    transaction_hash: toHex(s.transactionHash),
    replay_protector:
      rp.$kind === 'SequenceNumber' ? { type: 'sequence_number', sequence_number: rp.value.toString() } : { type: 'nonce', nonce: rp.value.toString() },
  };
}

export function parseTransactionSummaryJson(json: unknown): IndexedTransactionSummary {
  const o = object(json, 'transaction summary');
  const rp = under(() => object(o.replay_protector, 'replay_protector'), 'replay_protector');
  let replayProtector: IndexedTransactionSummary['value']['replayProtector'];
  if (rp.type === 'sequence_number') replayProtector = { $kind: 'SequenceNumber', value: under(() => parseDecimal(rp.sequence_number, 'u64'), 'replay_protector') };
  else if (rp.type === 'nonce') replayProtector = { $kind: 'Nonce', value: under(() => parseDecimal(rp.nonce, 'u64'), 'replay_protector') };
  else throw new BcsError('invalid_variant', `unknown replay_protector type ${quote(rp.type)}`).within('replay_protector');
  const hash = under(() => fromHex(String(o.transaction_hash)), 'transaction_hash');
  if (hash.length !== 32) throw new BcsError('invalid_length', `transaction_hash must be 32 bytes, got ${hash.length}`).within('transaction_hash');
  return {
    $kind: 'V1',
    value: {
      sender: under(() => normalizeAddress(o.sender as string), 'sender'),
      version: under(() => parseDecimal(o.version, 'u64'), 'version'),
      transactionHash: hash,
      replayProtector,
    },
  };
}

/** api/types/src/block.rs `Block` without its transactions: u64s as decimal strings, the hash as 0x hex. */
export interface BlockHeaderJson {
  block_height: string;
  block_hash: string;
  block_timestamp: string;
  first_version: string;
  last_version: string;
}

/** The header's JSON, fields in the node's order: written here only (the records' block JSON, node-json's, the handler's). */
export function blockHeaderJson(h: BlockHeader): BlockHeaderJson {
  return {
    block_height: h.blockHeight.toString(),
    block_hash: toHex(h.blockHash),
    block_timestamp: h.blockTimestamp.toString(),
    first_version: h.firstVersion.toString(),
    last_version: h.lastVersion.toString(),
  };
}

export interface BlockJson extends BlockHeaderJson {
  /**
   * Present only when the transactions were requested. They are given in the library's JSON-safe
   * form: the node's own transaction JSON needs Move module ABIs to render payloads and write sets.
   */
  transactions?: JsonValue[];
}

export function blockJson(block: BcsBlock): BlockJson {
  const out: BlockJson = blockHeaderJson(block);
  if (block.transactions !== null) {
    const shape = (bcsBlock.shape as { struct: { transactions: { optional: never } } }).struct.transactions.optional;
    out.transactions = toJsonSafe(block.transactions, shape) as JsonValue[];
  }
  return out;
}

/**
 * The header's JSON read into its record: the one reader of it (the records' block JSON checks with
 * it; node-json's block reader builds on it, adding the node's transaction JSON). Fields in the
 * node's order, each failure typed and under the field's name: a u64 as a decimal string, the hash
 * as 32 bytes of 0x hex; with `blankHash`, the empty string (a hash the node's api goldens blank)
 * reads as zeros.
 */
export function readBlockHeaderJson(o: Record<string, unknown>, blankHash = false): BlockHeader {
  return {
    blockHeight: jsonU64(o, 'block_height'),
    blockHash: hashField(o, 'block_hash', blankHash),
    blockTimestamp: jsonU64(o, 'block_timestamp'),
    firstVersion: jsonU64(o, 'first_version'),
    lastVersion: jsonU64(o, 'last_version'),
  };
}

function hashField(o: Record<string, unknown>, key: string, blankOk: boolean): Uint8Array {
  const v = jsonField(o, key);
  if (blankOk && v === '') return new Uint8Array(32);
  return under(() => {
    if (typeof v !== 'string' || !v.startsWith('0x')) throw new BcsError('invalid_json', `expected 0x hex, got ${quote(v)}`);
    const hash = fromHex(v);
    if (hash.length !== 32) throw new BcsError('invalid_length', `${key} must be 32 bytes, got ${hash.length}`);
    return hash;
  }, key);
}

/** A u64 field written as a decimal string (the node's `U64`), its errors under `key`. node-json's readers use it too. */
export function jsonU64(o: Record<string, unknown>, key: string): bigint {
  const v = jsonField(o, key);
  return under(() => parseDecimal(v, 'u64'), key);
}

/**
 * Field `key` of a JSON object, which must be there (null counts as there: its reader says what it
 * expected); missing, a `missing_field` BcsError under `key`. node-json's readers use it too.
 */
export function jsonField(o: Record<string, unknown>, key: string): unknown {
  const v = o[key];
  if (v === undefined) throw new BcsError('missing_field', `missing field ${key}`).within(key);
  return v;
}

/**
 * Checks the block endpoint's JSON body: its header (`readBlockHeaderJson`), and `transactions`
 * left out or `null` (not requested; the result leaves it out) or an array. The body is answered
 * as sent: the transactions stay in the node's JSON.
 */
export function parseBlockJson(json: unknown): BlockJson {
  const o = object(json, 'block');
  readBlockHeaderJson(o);
  // The node's `Block` (api/types/src/block.rs) is a poem-openapi Object whose `transactions` has no
  // `#[oai(skip_serializing_if_is_none)]`: not requested, it arrives as `null`, read here as left out.
  if (o.transactions === null) {
    const { transactions: _, ...header } = o;
    return header as unknown as BlockJson;
  }
  if (o.transactions !== undefined && !Array.isArray(o.transactions)) {
    throw new BcsError('invalid_json', `expected transactions as an array, got ${quote(o.transactions)}`).within('transactions');
  }
  return o as unknown as BlockJson;
}

function object(v: unknown, what: string): Record<string, unknown> {
  if (typeof v !== 'object' || v === null || Array.isArray(v)) throw new BcsError('invalid_json', `expected ${what} as an object, got ${quote(v)}`);
  return v as Record<string, unknown>;
}

/** `f()`, its BcsErrors placed under field `name`. */
function under<T>(f: () => T, name: string): T {
  try {
    return f();
  } catch (e) {
    if (isBcsError(e)) throw e.within(name);
    throw e;
  }
}
