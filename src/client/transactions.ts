import { BcsError, UsageError, quote, type AddressInput } from '../bcs/index.js';
import { isValidIdentifier } from '../move/index.js';
import type { AbiResolver, MoveModuleBytecodeJson } from '../submission/index.js';
import { isLedgerApiError } from './errors.js';
import type { IntegerInput } from './params.js';
import { endpointPath } from './endpoint-request.js';
import { ENDPOINTS } from '../records/index.js';
import { answer, decodeBody, jsonOf, ledgerResult, responseError, type Answer } from './response.js';
import { sleep } from './retry.js';
import { send, type Transport } from './transport.js';
import { readPendingTransactionJson, readTransactionJson, type PendingTransactionJson, type TransactionStatusJson } from './transaction-json.js';
import type { LedgerResult } from './types.js';
import { TransactionWaitError } from './wait-error.js';

// Submitting a signed transaction and following it to its outcome (api/src/transactions.rs
// `submit_transaction`, `get_transaction_by_hash`, `wait_transaction_by_hash`), and reading a
// module (api/src/state.rs `get_account_module`) so encode_submission can find ABIs on the node.

/** The node's content type for a BCS SignedTransaction body (api/src/accept_type.rs). */
export const SIGNED_TRANSACTION_BCS = 'application/x.aptos.signed_transaction+bcs';
const JSON_TYPE = 'application/json';
const HASH = /^0x[0-9a-fA-F]{64}$/;

export interface WaitOptions {
  /** How long to wait for the transaction to commit, in milliseconds (default 20 000). */
  timeoutMs?: number;
  /** A committed transaction that failed rejects with a `failed` TransactionWaitError (default true). */
  checkSuccess?: boolean;
  signal?: AbortSignal;
}

function hashParam(hash: string): string {
  if (typeof hash !== 'string' || !HASH.test(hash)) throw new BcsError('invalid_type', `hash must be 0x and 64 hex digits, got ${quote(hash)}`);
  return hash.toLowerCase();
}

/** The JSON body read by `read`; bad UTF-8, bad JSON or a bad shape is a `malformed_body` error. */
function json<T>(a: Answer, read: (j: unknown) => T): T {
  if (a.kind !== 'json') throw responseError(a.res, 'unexpected_content_type', 'expected JSON');
  return decodeBody(a, () => read(jsonOf(a.res.body)));
}

export interface TransactionCalls {
  /** POST /transactions with bcs(SignedTransaction); the node answers 202 with the pending transaction. Never retried. */
  submitTransaction(signedTransaction: Uint8Array, options?: { signal?: AbortSignal }): Promise<LedgerResult<PendingTransactionJson>>;
  getTransactionByHash(hash: string, options?: { signal?: AbortSignal }): Promise<LedgerResult<TransactionStatusJson>>;
  /** The committed transaction, polling the node until `timeoutMs`; a failed or late one is a TransactionWaitError. */
  waitForTransaction(hash: string, options?: WaitOptions): Promise<LedgerResult<TransactionStatusJson>>;
  getAccountModule(address: AddressInput, name: string, options?: { ledgerVersion?: IntegerInput; signal?: AbortSignal }): Promise<LedgerResult<MoveModuleBytecodeJson>>;
}

function readModule(j: unknown): MoveModuleBytecodeJson {
  const o = j as { bytecode?: unknown; abi?: unknown } | null;
  if (typeof o !== 'object' || o === null || typeof o.bytecode !== 'string') throw new BcsError('invalid_json', `expected { bytecode, abi }, got ${quote(j)}`);
  return o as MoveModuleBytecodeJson;
}

export function transactionCalls(t: Transport): TransactionCalls {
  const get = async <T>(path: string, signal: AbortSignal | undefined, read: (j: unknown) => T) => {
    const a = answer(await send(t, { method: 'GET', path, accept: JSON_TYPE, signal }));
    return ledgerResult(a, json(a, read));
  };
  const byHash = (hash: string, signal?: AbortSignal) => get(endpointPath(ENDPOINTS.transaction_by_hash, [hashParam(hash)], undefined), signal, readTransactionJson);

  async function waitForTransaction(hash: string, o: WaitOptions = {}): Promise<LedgerResult<TransactionStatusJson>> {
    const h = hashParam(hash);
    const timeoutMs = o.timeoutMs ?? 20_000;
    if (!Number.isInteger(timeoutMs) || timeoutMs <= 0 || timeoutMs > 2_147_483_647) throw new UsageError('invalid_option', `timeoutMs must be a positive integer, got ${quote(timeoutMs)}`);
    const checkSuccess = o.checkSuccess ?? true;
    if (typeof checkSuccess !== 'boolean') throw new UsageError('invalid_option', `checkSuccess must be a boolean, got ${quote(checkSuccess)}`);
    // One signal for every poll: the caller's, or the deadline, whichever comes first.
    const deadline = new AbortController();
    const DEADLINE = Symbol('deadline');
    const timer = setTimeout(() => deadline.abort(DEADLINE), timeoutMs);
    const onAbort = () => deadline.abort(o.signal!.reason);
    if (o.signal?.aborted) onAbort();
    o.signal?.addEventListener('abort', onAbort, { once: true });
    // The node's long poll (`wait_by_hash`, up to its `wait_by_hash_timeout_ms`) where it has one;
    // a node without the route answers 404 `web_framework_error`, and is then polled by hash.
    let longPoll = true;
    let last: TransactionStatusJson | undefined;
    try {
      for (let i = 0; ; i++) {
        const started = Date.now();
        try {
          const r = await get(endpointPath(longPoll ? ENDPOINTS.wait_transaction_by_hash : ENDPOINTS.transaction_by_hash, [h], undefined), deadline.signal, readTransactionJson);
          last = r.data;
          if (r.data.type !== 'pending_transaction') {
            if (checkSuccess && r.data.success === false) throw new TransactionWaitError('failed', h, `transaction ${h} failed: ${r.data.vm_status}`, r.data);
            return r;
          }
        } catch (e) {
          if (!isLedgerApiError(e) || e.status !== 404) throw e;
          if (e.errorCode !== 'transaction_not_found' && longPoll) {
            longPoll = false;
            continue;
          }
        }
        // Pending or not yet known: wait before asking again, unless the long poll already waited.
        if (!longPoll || Date.now() - started < 200) await sleep(Math.min(2000, 100 * 2 ** Math.min(i, 5)), deadline.signal);
      }
    } catch (e) {
      if (deadline.signal.reason === DEADLINE && !o.signal?.aborted) {
        const seen = last === undefined ? 'not found' : 'pending';
        throw new TransactionWaitError('timeout', h, `transaction ${h} not committed within ${timeoutMs} ms (last seen: ${seen})`, last);
      }
      throw e;
    } finally {
      clearTimeout(timer);
      o.signal?.removeEventListener('abort', onAbort);
    }
  }

  return {
    async submitTransaction(signed, o) {
      if (!(signed instanceof Uint8Array)) throw new BcsError('invalid_type', `the signed transaction must be a Uint8Array of bcs(SignedTransaction), got ${quote(signed)}`);
      const res = await send(t, { method: 'POST', path: endpointPath(ENDPOINTS.submit_transaction, [], undefined), accept: JSON_TYPE, body: signed, contentType: SIGNED_TRANSACTION_BCS, signal: o?.signal });
      const a = answer(res, 202);
      return ledgerResult(a, json(a, readPendingTransactionJson));
    },
    getTransactionByHash: async (hash, o) => byHash(hash, o?.signal),
    waitForTransaction,
    async getAccountModule(address, name, o) {
      if (typeof name !== 'string' || !isValidIdentifier(name)) throw new BcsError('invalid_identifier', `module name must be a Move identifier, got ${quote(name)}`);
      return get(endpointPath(ENDPOINTS.account_module, [address, name], { ledgerVersion: o?.ledgerVersion }), o?.signal, readModule);
    },
  };
}

/**
 * An ABI resolver asking the node (`getAccountModule`) for modules no local source has, for
 * `encodeSubmissionAsync({ resolve })` or `abiRegistry([], { resolve })`. A module the node does
 * not have resolves to undefined (the encoder then answers the node's own "not found" error).
 */
export function abiResolverFrom(client: Pick<TransactionCalls, 'getAccountModule'>): AbiResolver {
  return async (moduleId) => {
    const at = moduleId.lastIndexOf('::');
    try {
      const { data } = await client.getAccountModule(moduleId.slice(0, at), moduleId.slice(at + 2));
      return data.abi;
    } catch (e) {
      if (isLedgerApiError(e) && e.status === 404) return undefined;
      throw e;
    }
  };
}
