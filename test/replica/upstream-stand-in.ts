import { sha3_256 } from '@noble/hashes/sha3.js';
import { createLedgerHandler, type Forward } from '../../src/http/index.js';
import { hashPrefix, TRANSACTION_SALT } from '../../src/hash/index.js';
import type { MemoryLedger } from '../../src/ledger/index.js';
import { eventRootHash, pendingTransactionJson } from '../../src/node-json/index.js';
import { bcsBlock, transaction, type TransactionOnChainDataInput } from '../../src/records/index.js';
import { NODE_LEDGER_HEADERS } from '../../src/records/internal.js';
import { signedTransaction } from '../../src/transactions/index.js';
import { listen, type Running } from '../http/helpers.js';
import { exampleLedger } from '../ledger/fixture.js';

// An upstream node stand-in for a replica: the example ledger served by the library's own handler,
// which also accepts submissions (POST /v1/transactions in BCS, as `ledger-bcs submit` and ts-sdk
// send them) and commits each at once in a block of its own (block metadata, the transaction, a state
// checkpoint), with real transaction hashes, so that a follower ingests and verifies it. Nothing is
// executed: the committed transaction succeeds and writes nothing.

export interface Upstream extends Running {
  ledger: MemoryLedger;
  /** The BCS SignedTransaction bodies accepted, in order. */
  submitted: Uint8Array[];
}

const PREFIX = hashPrefix(TRANSACTION_SALT);
const ZERO = new Uint8Array(32);

export async function startUpstream(): Promise<Upstream> {
  const ledger = exampleLedger();
  const submitted: Uint8Array[] = [];
  const submit: Forward = async (ex, path, maxBodyBytes) => {
    if (ex.method !== 'POST' || path !== '/transactions') {
      return { status: 403, headers: { 'content-type': 'application/json' }, body: JSON.stringify({ message: `${path} is disabled on this endpoint`, error_code: 'api_disabled', vm_error_code: null }) };
    }
    const body = await ex.readBody(maxBodyBytes);
    if (!(body instanceof Uint8Array)) throw new Error('body too large');
    const signed = signedTransaction.decode(body);
    submitted.push(body);
    commit(ledger, signed);
    const pending = pendingTransactionJson(signed, { withType: false });
    // As a real node answers: its ledger headers by their X-Aptos-* names (api/src/response.rs).
    const i = ledger.ledgerInfo();
    const headers: Record<string, string> = { 'content-type': 'application/json; charset=utf-8' };
    const values = { chainId: i.chainId, ledgerVersion: i.ledgerVersion, oldestLedgerVersion: i.oldestLedgerVersion, ledgerTimestampUsec: i.ledgerTimestampUsec, epoch: i.epoch, blockHeight: i.blockHeight, oldestBlockHeight: i.oldestBlockHeight };
    for (const [k, v] of Object.entries(values)) headers[NODE_LEDGER_HEADERS[k as keyof typeof values]] = String(v);
    return { status: 202, headers, body: JSON.stringify(pending) };
  };
  const running = await listen(createLedgerHandler({ source: ledger, forward: submit }));
  return { ...running, ledger, submitted };
}

/** Appends one block holding `signed` (metadata, the user transaction, a state checkpoint). */
function commit(ledger: MemoryLedger, signed: ReturnType<typeof signedTransaction.decode>): void {
  const info = ledger.ledgerInfo();
  const version = info.ledgerVersion + 1n;
  const height = info.blockHeight + 1n;
  const timestamp = info.ledgerTimestampUsec + 1_000_000n * height;
  const id = sha3_256(new TextEncoder().encode(`stand-in block ${height}`));
  const txs = [
    { $kind: 'BlockMetadata', value: { id, epoch: info.epoch, round: height, proposer: '0x0', previousBlockVotesBitvec: new Uint8Array(0), failedProposerIndices: [], timestampUsecs: timestamp } },
    { $kind: 'UserTransaction', value: signed },
    { $kind: 'StateCheckpoint', value: id },
  ] as const;
  const records: TransactionOnChainDataInput[] = txs.map((t, i) => ({
    version: version + BigInt(i),
    transaction: t,
    info: {
      $kind: 'V0',
      value: {
        gasUsed: t.$kind === 'UserTransaction' ? 9n : 0n,
        status: { $kind: 'Success' },
        transactionHash: sha3_256.create().update(PREFIX).update(transaction.schema.encode(t as never)).digest(),
        eventRootHash: eventRootHash([]),
        stateChangeHash: ZERO,
        stateCheckpointHash: t.$kind === 'StateCheckpoint' ? ZERO : null,
        auxiliaryInfoHash: null,
      },
    },
    events: [],
    accumulatorRootHash: ZERO,
    changes: { $kind: 'V0', value: [] },
  })) as TransactionOnChainDataInput[];
  ledger.ingest(bcsBlock.schema.encode({ blockHeight: height, blockHash: id, blockTimestamp: timestamp, firstVersion: version, lastVersion: version + 2n, transactions: records }));
}
