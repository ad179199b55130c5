import { isNamedError } from '../bcs/internal.js';
// The memory ledger's refusals: a closed set of codes (callers switch on `code`, never on the text).
// A refused ingest or load leaves the ledger as it was.

export type LedgerErrorCode =
  /** The bytes are not a BcsBlock (or a ledger file) of the node's records. */
  | 'malformed'
  /** A block without its transactions, or whose versions do not match its transactions. */
  | 'incomplete_block'
  /** The block's first version is not the next version of the ledger. */
  | 'version_gap'
  /** The block's height is not the next height of the ledger. */
  | 'height_gap'
  /** A transaction's hash differs from its info's `transaction_hash`. */
  | 'hash_mismatch'
  /** The ledger file's header is not one this library writes. */
  | 'unknown_format'
  /** An option is out of range. */
  | 'invalid_option';

export class LedgerError extends Error {
  override readonly name = 'LedgerError';
  constructor(
    readonly code: LedgerErrorCode,
    message: string,
  ) {
    super(message);
  }
}

/** Duck-typed: `instanceof` breaks when two copies of the library are bundled. */
export function isLedgerError(e: unknown): e is LedgerError {
  return isNamedError(e, 'LedgerError', 'code', 'string');
}
