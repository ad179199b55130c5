import { sha3_256 } from '@noble/hashes/sha3.js';
import { BcsReader, equalBytes, isBcsError } from '../bcs/index.js';
import { USER_TRANSACTION_PREFIX } from '../hash/internal.js';
import { readTransactionPart } from '../ledger/internal.js';
import { ReplicaError, type ReplicaErrorField } from './errors.js';
import { readBlockHead } from './block-bytes.js';

// Names what is wrong with a block the ledger refused: its block, version and field. Only run after a
// refusal (the ledger's own ingest is the fast path), so it reads the block again, transaction by
// transaction with the ledger's reader, and stops at the first check one fails.

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
  const r = new BcsReader(block, { zeroCopy: true }, head.txStart);
  let expected = head.firstVersion;
  try {
    for (let i = 0; i < head.carried; i++, expected++) {
      // The version first, as the ledger checks it: a transaction whose version is wrong is named so,
      // however malformed the rest of it.
      const at = r.off;
      const v = r.u64();
      if (v !== expected) return fail(height, expected, 'version', `transaction says version ${v}`);
      r.off = at;
      const t = readTransactionPart(r);
      const hash = sha3_256.create().update(USER_TRANSACTION_PREFIX).update(t.transactionBytes).digest();
      if (!equalBytes(hash, t.info.value.transactionHash)) return fail(height, expected, 'transaction_hash', 'the transaction does not hash to its info\'s transaction_hash');
    }
  } catch (e) {
    if (isBcsError(e)) return fail(height, expected, 'bytes', e.message);
    throw e;
  }
  return fail(height, undefined, 'bytes', cause);
}
