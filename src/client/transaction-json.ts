import { BcsError, quote } from '../bcs/index.js';

// The few fields of the node's transaction JSON (api/types/src/transaction.rs `Transaction`,
// `PendingTransaction`, `TransactionInfo`) that submitting and waiting read, checked; the rest is
// kept as the node sent it. The full typed reader is node-json's `parseTransactionJson`, which the
// client uses where it is given one (`nodeJson`); this keeps the client's default bundle without it.

/**
 * A transaction as the node shows it, read for its status: `pending_transaction`, or a committed kind
 * with its outcome; the other fields as sent. (node-json's `TransactionJson` is the full typed JSON.)
 */
export interface TransactionStatusJson {
  /** `pending_transaction`, `user_transaction`, `block_metadata_transaction`, … */
  type: string;
  /** `0x` + 64 hex digits. */
  hash: string;
  /** Committed only: the ledger version, a decimal string. */
  version?: string;
  /** Committed only. */
  success?: boolean;
  /** Committed only: `Executed successfully`, or why it failed (e.g. `Move abort in 0x1::coin: …`). */
  vm_status?: string;
  [field: string]: unknown;
}

/**
 * The submit answer: api/types/src/transaction.rs `PendingTransaction`, the hash and the request. It
 * has no `type`: that tag is the `Transaction` union's, where a pending transaction also appears.
 */
export interface PendingTransactionJson {
  type?: 'pending_transaction';
  hash: string;
  [field: string]: unknown;
}

const HASH = /^0x[0-9a-f]{64}$/;
const U64 = /^(?:0|[1-9][0-9]{0,19})$/;

function field(o: Record<string, unknown>, name: string, ok: (v: unknown) => boolean, what: string): void {
  if (!ok(o[name])) throw new BcsError(o[name] === undefined ? 'missing_field' : 'invalid_json', `transaction ${name}: expected ${what}, got ${quote(o[name])}`).within(name);
}

/** `json` read as a transaction (a BcsError naming the field otherwise). */
export function readTransactionJson(json: unknown): TransactionStatusJson {
  if (typeof json !== 'object' || json === null || Array.isArray(json)) throw new BcsError('invalid_json', `expected a transaction object, got ${quote(json)}`);
  const o = json as Record<string, unknown>;
  field(o, 'type', (v) => typeof v === 'string' && /^[a-z_]+$/.test(v), 'a transaction type');
  field(o, 'hash', (v) => typeof v === 'string' && HASH.test(v), '0x and 64 lowercase hex digits');
  if (o.type !== 'pending_transaction') {
    field(o, 'version', (v) => typeof v === 'string' && U64.test(v), 'a u64 decimal string');
    field(o, 'success', (v) => typeof v === 'boolean', 'a boolean');
    field(o, 'vm_status', (v) => typeof v === 'string', 'a string');
  }
  return o as TransactionStatusJson;
}

export function readPendingTransactionJson(json: unknown): PendingTransactionJson {
  if (typeof json !== 'object' || json === null || Array.isArray(json)) throw new BcsError('invalid_json', `expected a pending transaction object, got ${quote(json)}`);
  const o = json as Record<string, unknown>;
  field(o, 'type', (v) => v === undefined || v === 'pending_transaction', 'none, or pending_transaction');
  field(o, 'hash', (v) => typeof v === 'string' && HASH.test(v), '0x and 64 lowercase hex digits');
  return o as PendingTransactionJson;
}
