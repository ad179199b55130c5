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
  | 'invalid_option';

/** Which check failed: the record's field as the node names it. */
export type ReplicaErrorField =
  | 'chain_id'
  | 'block_height'
  | 'first_version'
  | 'last_version'
  | 'version'
  | 'transaction_hash'
  | 'transactions'
  | 'bytes';

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
