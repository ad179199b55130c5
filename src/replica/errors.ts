import { isNamedError } from '../bcs/internal.js';
// The replica's refusals: a closed set of codes. A verification failure names the block, the
// version and the field that did not check; ingest stops there and keeps what was verified before.

export type ReplicaErrorCode =
  /** The upstream's X-SVC-CHAIN-ID differs from the chain the replica follows. */
  | 'chain_id_mismatch'
  /** A block or transaction from the upstream failed a check (see `field`). */
  | 'verification_failed'
  /** The upstream cannot serve where the replica must start or continue (pruned, or no such block). */
  | 'unavailable_start'
  /** An option is out of range. */
  | 'invalid_option'
  /** A witness answered other transaction infos or accumulator roots for the same versions. */
  | 'witness_disagreed'
  /** A witness could not confirm the versions in time (away, behind, pruned or another chain). */
  | 'witness_unavailable';

/** Which check failed: the record's field as the node names it. */
export type ReplicaErrorField =
  | 'chain_id'
  | 'block_height'
  | 'first_version'
  | 'last_version'
  | 'version'
  | 'transaction_hash'
  | 'transactions'
  | 'bytes'
  // The verifier's fields (src/replica/verify/): the TransactionInfo's hashes and the accumulator,
  | 'event_root_hash'
  | 'state_change_hash'
  | 'accumulator_root_hash'
  | 'transaction_info'
  // the block header against its block-metadata transaction, its NewBlockEvent and its end,
  | 'block_hash'
  | 'block_timestamp'
  | 'block_metadata'
  | 'new_block_event'
  | 'block_end'
  | 'epoch'
  | 'round'
  // and the framework state a block writes: 0x1::chain_id, 0x1::timestamp, 0x1::block.
  | 'state_chain_id'
  | 'state_timestamp'
  | 'state_block_height';

export class ReplicaError extends Error {
  static override readonly name = 'ReplicaError'; // survives minified builds
  override readonly name = 'ReplicaError';
  constructor(
    readonly code: ReplicaErrorCode,
    message: string,
    readonly block?: bigint,
    readonly version?: bigint,
    readonly field?: ReplicaErrorField,
  ) {
    super(message);
  }
}

/** Duck-typed: `instanceof` breaks when two copies of the library are bundled. */
export function isReplicaError(e: unknown): e is ReplicaError {
  return isNamedError(e, 'ReplicaError', 'code', 'string');
}
