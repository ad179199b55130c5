// A loopback stand-in for a node's transaction endpoints, answering as aptos-core's API does
// (api/src/transactions.rs): POST /v1/transactions takes bcs(SignedTransaction) as
// `application/x.aptos.signed_transaction+bcs` and answers 202 with the pending transaction's JSON;
// GET /v1/transactions/by_hash/{h} (and wait_by_hash, when enabled) answers it pending, then
// committed; errors are AptosError bodies. The hash is computed from the bytes, as the node does.
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { transactionHashHex } from '../../src/hash/index.js';
import { ledgerInfoHeaders } from '../../src/records/ledger-info.js';
import { signedTransaction, type SignedTransaction } from '../../src/transactions/index.js';
import { ledger } from './helpers.js';

export interface StandInOptions {
  /** by_hash answers pending this many times before the transaction is committed (default 1). */
  pendingPolls?: number;
  /** Serve `/transactions/wait_by_hash/{h}` (default true); without it the route is a 404 `web_framework_error`. */
  waitByHash?: boolean;
  /** The node refuses a transaction whose sequence number is below this one (default 0). */
  minSequenceNumber?: bigint;
  /** The committed outcome: `undefined` executes successfully, a string is the failing vm_status. */
  outcome?: (txn: SignedTransaction) => string | undefined;
  /** Modules for `/accounts/{a}/module/{m}`, keyed `0x…64::name`, answered as `{ bytecode, abi }`. */
  modules?: Record<string, unknown>;
  /** Committed transactions never appear (for timeouts). */
  neverCommit?: boolean;
  /** The 202 names this hash instead of the submitted transaction's (a node or proxy that mixes them up). */
  pendingHash?: string;
}

export interface StandIn {
  url: string;
  /** Every request, in order: method and path. */
  seen: string[];
  /** Bodies of accepted submissions. */
  submitted: Uint8Array[];
  close(): Promise<void>;
}

const HEADERS = (): Record<string, string> => ({ ...ledgerInfoHeaders(ledger()), 'content-type': 'application/json; charset=utf-8' });

function reply(res: ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, HEADERS());
  res.end(JSON.stringify(body));
}

const error = (res: ServerResponse, status: number, error_code: string, message: string, vm_error_code: number | null = null) =>
  reply(res, status, { message, error_code, vm_error_code });

function userFields(t: SignedTransaction, hash: string) {
  const r = t.rawTxn;
  return {
    hash,
    sender: r.sender,
    sequence_number: String(r.sequenceNumber),
    max_gas_amount: String(r.maxGasAmount),
    gas_unit_price: String(r.gasUnitPrice),
    expiration_timestamp_secs: String(r.expirationTimestampSecs),
    payload: { type: 'entry_function_payload' },
    signature: { type: t.authenticator.$kind === 'Ed25519' ? 'ed25519_signature' : 'multi_agent_signature' },
  };
}

export async function startStandIn(o: StandInOptions = {}): Promise<StandIn> {
  const seen: string[] = [];
  const submitted: Uint8Array[] = [];
  const txns = new Map<string, { txn: SignedTransaction; polls: number; version: number }>();
  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const path = (req.url ?? '').split('?')[0]!;
      seen.push(`${req.method} ${path}`);
      const body = new Uint8Array(Buffer.concat(chunks));
      if (req.method === 'POST' && path === '/v1/transactions') {
        if (req.headers['content-type'] !== 'application/x.aptos.signed_transaction+bcs') {
          return error(res, 415, 'web_framework_error', 'unsupported media type');
        }
        let txn: SignedTransaction;
        try {
          txn = signedTransaction.decode(body);
        } catch {
          return error(res, 400, 'invalid_input', 'Failed to deserialize input into SignedTransaction');
        }
        if (txn.rawTxn.sequenceNumber < (o.minSequenceNumber ?? 0n)) {
          return error(res, 400, 'vm_error', 'Invalid transaction: Type: Validation Code: SEQUENCE_NUMBER_TOO_OLD', 3);
        }
        const hash = transactionHashHex(txn);
        submitted.push(body);
        txns.set(hash, { txn, polls: 0, version: 1000 + txns.size });
        // The submit answer is a PendingTransaction: no `type` (api/types/src/transaction.rs).
        return reply(res, 202, userFields(txn, o.pendingHash ?? hash));
      }
      const m = /^\/v1\/transactions\/(by_hash|wait_by_hash)\/(0x[0-9a-f]{64})$/.exec(path);
      if (req.method === 'GET' && m) {
        if (m[1] === 'wait_by_hash' && o.waitByHash === false) return error(res, 404, 'web_framework_error', 'not found');
        const entry = txns.get(m[2]!);
        if (!entry) return error(res, 404, 'transaction_not_found', `Transaction not found by Transaction hash(${m[2]})`);
        const fields = userFields(entry.txn, m[2]!);
        if (o.neverCommit || entry.polls++ < (o.pendingPolls ?? 1)) return reply(res, 200, { ...fields, type: 'pending_transaction' });
        const failure = o.outcome?.(entry.txn);
        return reply(res, 200, {
          version: String(entry.version),
          ...fields,
          state_change_hash: `0x${'1'.repeat(64)}`,
          event_root_hash: `0x${'2'.repeat(64)}`,
          state_checkpoint_hash: null,
          gas_used: '7',
          success: failure === undefined,
          vm_status: failure ?? 'Executed successfully',
          accumulator_root_hash: `0x${'3'.repeat(64)}`,
          changes: [],
          events: [],
          timestamp: '1700000000000000',
          type: 'user_transaction',
        });
      }
      const mod = /^\/v1\/accounts\/(0x[0-9a-f]{64})\/module\/([A-Za-z_][A-Za-z0-9_]*)$/.exec(path);
      if (req.method === 'GET' && mod) {
        const abi = o.modules?.[`${mod[1]}::${mod[2]}`];
        if (abi === undefined) return error(res, 404, 'module_not_found', `Module not found by Address(${mod[1]}), Module name(${mod[2]}) and Ledger version(123456789)`);
        return reply(res, 200, { bytecode: '0xa11ceb0b', abi });
      }
      return error(res, 404, 'web_framework_error', 'not found');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    seen,
    submitted,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
