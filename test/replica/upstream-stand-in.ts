import { sha3_256 } from '@noble/hashes/sha3.js';
import { blockEnd, blockPrologue, createChain, type Chain } from '../../scripts/example-ledger/chain.mjs';
import { createLedgerHandler, type Forward } from '../../src/http/index.js';
import type { MemoryLedger } from '../../src/ledger/index.js';
import { pendingTransactionJson } from '../../src/node-json/index.js';
import { bcsBlock } from '../../src/records/index.js';
import { APTOS_LEDGER_HEADERS } from '../../src/records/internal.js';
import { signedTransaction } from '../../src/transactions/index.js';
import { listen, type Running } from '../http/helpers.js';
import { exampleLedger, FIXTURE_BLOCKS } from '../ledger/fixture.js';

// An upstream node stand-in for a replica: the example ledger served by the library's own handler,
// which also accepts submissions (POST /v1/transactions in BCS, as `ledger-bcs submit` and ts-sdk
// send them) and commits each at once in a block of its own, built as the example ledger's blocks are
// (scripts/example-ledger/chain.mjs, continuing its accumulator): block metadata with its NewBlockEvent
// and its BlockResource and timestamp writes, the transaction, a block epilogue; every hash the
// node's, so that a follower verifying from genesis accepts it. Nothing is executed: the committed
// transaction succeeds, emits nothing and writes nothing.

export interface Upstream extends Running {
  ledger: MemoryLedger;
  /** The BCS SignedTransaction bodies accepted, in order. */
  submitted: Uint8Array[];
}

export async function startUpstream(): Promise<Upstream> {
  const ledger = exampleLedger();
  const submitted: Uint8Array[] = [];
  const commit = committer(ledger);
  const submit: Forward = async (ex, path, maxBodyBytes) => {
    if (ex.method !== 'POST' || path !== '/transactions') {
      return { status: 403, headers: { 'content-type': 'application/json' }, body: JSON.stringify({ message: `${path} is disabled on this endpoint`, error_code: 'api_disabled', vm_error_code: null }) };
    }
    const body = await ex.readBody(maxBodyBytes);
    if (!(body instanceof Uint8Array)) throw new Error('body too large');
    const signed = signedTransaction.decode(body);
    submitted.push(body);
    commit(signed);
    const pending = pendingTransactionJson(signed, { withType: false });
    // As a real node answers: its ledger headers by their X-Aptos-* names (api/src/response.rs).
    const i = ledger.ledgerInfo();
    const headers: Record<string, string> = { 'content-type': 'application/json; charset=utf-8' };
    const values = { chainId: i.chainId, ledgerVersion: i.ledgerVersion, oldestLedgerVersion: i.oldestLedgerVersion, ledgerTimestampUsec: i.ledgerTimestampUsec, epoch: i.epoch, blockHeight: i.blockHeight, oldestBlockHeight: i.oldestBlockHeight };
    for (const [k, v] of Object.entries(values)) headers[APTOS_LEDGER_HEADERS[k as keyof typeof values]] = String(v);
    return { status: 202, headers, body: JSON.stringify(pending) };
  };
  const running = await listen(createLedgerHandler({ source: ledger, forward: submit }));
  return { ...running, ledger, submitted };
}

/** What the ledger's last block says of the next: its height, round, proposer and time. */
function lastBlockStart(): { height: bigint; round: bigint; proposer: string; timestamp: bigint } {
  const b = bcsBlock.schema.decode(FIXTURE_BLOCKS[FIXTURE_BLOCKS.length - 1]!);
  const t = b.transactions?.[0]?.transaction;
  if (t === undefined) throw new Error("the example ledger's last block has no transactions");
  const m = t.$kind === 'BlockMetadata' ? t.value : t.$kind === 'BlockMetadataExt' ? t.value.value : undefined;
  if (m === undefined) throw new Error(`the example ledger's last block opens with a ${t.$kind}`);
  return { height: b.blockHeight, round: m.round, proposer: m.proposer, timestamp: m.timestampUsecs };
}

/** Appends one block per transaction (metadata, the user transaction, the block epilogue) to `ledger`. */
function committer(ledger: MemoryLedger): (signed: ReturnType<typeof signedTransaction.decode>) => void {
  const chain: Chain = createChain({ after: FIXTURE_BLOCKS });
  let last = lastBlockStart();
  return (signed) => {
    const height = last.height + 1n;
    const next = { height, round: last.round + 1n, proposer: last.proposer, timestamp: last.timestamp + 1_000_000n };
    const id = sha3_256(new TextEncoder().encode(`stand-in block ${height}`));
    // The epoch the ledger's configuration holds: the next block's, also after a reconfiguration.
    const epoch = ledger.ledgerInfo().epoch;
    const prologue = blockPrologue({ height, id, epoch, round: next.round, proposer: next.proposer, previousBlockVotesBitvec: new Uint8Array([0xff]), timestampUsecs: next.timestamp, ext: true });
    chain.commit(prologue.txn, { writes: prologue.writes, events: prologue.events });
    chain.commit({ $kind: 'UserTransaction', value: signed }, { gasUsed: 9n });
    chain.commit(blockEnd(id), { checkpoint: true });
    chain.closeBlock(height, id, next.timestamp);
    ledger.ingest(chain.blocks[chain.blocks.length - 1]!);
    last = next;
  };
}
