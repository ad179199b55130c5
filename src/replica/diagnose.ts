import { isBcsError } from '../bcs/index.js';
import { readBlockParts, type BlockReadPosition } from '../ledger/internal.js';
import { isReplicaError, type ReplicaError } from './errors.js';
import { readBlockHead } from './block-bytes.js';
import { checkBlockPlace, checkTransactionVersion } from './verify/block-checks.js';
import { hashers, nobleSha3 } from './verify/hashers.js';
import { checkTransactionHash, refusal } from './verify/transaction-checks.js';

// Names what is wrong with a block the ledger refused: its block, version and field. Only run after a
// refusal (the ledger's own ingest is the fast path), so it reads the block again with the ledger's
// reader (block-reader.ts `readBlockParts`), which stops at the first check one fails, and the
// verifier's own checks (verify/block-checks.ts, transaction-checks.ts).

/** The first check `block` fails when it must be block `height` starting at `version`. */
export function diagnoseBlock(block: Uint8Array, height: bigint, version: bigint, cause: string): ReplicaError {
  const head = readBlockHead(block);
  const h = hashers(nobleSha3);
  const at: BlockReadPosition = { height: undefined, version: undefined };
  try {
    checkBlockPlace(head, head.carried, { height: height - 1n, nextVersion: version });
    // The ledger's reader with the ledger's checks in its order, each naming its field.
    readBlockParts(block, at, {
      version: (v, i) => checkTransactionVersion(head, i, v),
      transaction: (t) => checkTransactionHash(h, height, t),
    });
  } catch (e) {
    if (isReplicaError(e)) return e;
    // Past the last transaction (bytes after them) nothing is named: the ledger's reason stands.
    if (isBcsError(e)) return refusal(height, at.version, 'bytes', at.version === undefined ? cause : e.message);
    throw e;
  }
  return refusal(height, undefined, 'bytes', cause);
}
