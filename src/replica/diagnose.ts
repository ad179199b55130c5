import { sha3_256 } from '@noble/hashes/sha3.js';
import { equalBytes, isBcsError } from '../bcs/index.js';
import { USER_TRANSACTION_PREFIX } from '../hash/internal.js';
import { readBlockParts, type BlockReadPosition } from '../ledger/internal.js';
import { isReplicaError, ReplicaError, type ReplicaErrorField } from './errors.js';
import { readBlockHead } from './block-bytes.js';

// Names what is wrong with a block the ledger refused: its block, version and field. Only run after a
// refusal (the ledger's own ingest is the fast path), so it reads the block again with the ledger's
// reader (block-reader.ts `readBlockParts`), which stops at the first check one fails.

function fail(height: bigint, version: bigint | undefined, field: ReplicaErrorField, why: string): ReplicaError {
  return new ReplicaError('verification_failed', `block ${height}${version === undefined ? '' : `, version ${version}`}: ${why} (${field})`, height, version, field);
}

/** The first check `block` fails when it must be block `height` starting at `version`. */
export function diagnoseBlock(block: Uint8Array, height: bigint, version: bigint, cause: string): ReplicaError {
  const head = readBlockHead(block);
  if (head.blockHeight !== height) return fail(height, undefined, 'block_height', `the upstream sent block height ${head.blockHeight}`);
  if (head.firstVersion !== version) return fail(height, head.firstVersion, 'first_version', `first_version is ${head.firstVersion}, the next version is ${version}`);
  if (head.lastVersion < head.firstVersion || head.lastVersion - head.firstVersion + 1n !== BigInt(head.carried)) {
    return fail(height, head.lastVersion, 'last_version', `versions ${head.firstVersion}..=${head.lastVersion} but ${head.carried} transactions`);
  }
  // The ledger's reader with the ledger's checks in its order, each naming its field.
  const first = head.firstVersion;
  const at: BlockReadPosition = { height: undefined, version: undefined };
  try {
    readBlockParts(block, at, {
      version(v, i) {
        if (v !== first + BigInt(i)) throw fail(height, first + BigInt(i), 'version', `transaction says version ${v}`);
      },
      transaction(t, i) {
        const hash = sha3_256.create().update(USER_TRANSACTION_PREFIX).update(t.transactionBytes).digest();
        if (!equalBytes(hash, t.info.value.transactionHash)) throw fail(height, first + BigInt(i), 'transaction_hash', "the transaction does not hash to its info's transaction_hash");
      },
    });
  } catch (e) {
    if (isReplicaError(e)) return e;
    // Past the last transaction (bytes after them) nothing is named: the ledger's reason stands.
    if (isBcsError(e)) return fail(height, at.version, 'bytes', at.version === undefined ? cause : e.message);
    throw e;
  }
  return fail(height, undefined, 'bytes', cause);
}
