import { BcsError, quote } from '../bcs/index.js';
import { isNamedError } from '../bcs/internal.js';

// The interface's error body (aptos-core api/types/src/error.rs `AptosError`) and its codes
// (`AptosErrorCode`), typed, written and read here only, and `ApiError`, the body with the HTTP status
// it is answered with. The answering side (encode_submission's checks, the http layer's endpoints)
// throws ApiError or builds the body with `errorBody`; the reading side (the client) parses it with
// `parseErrorBody`.

/** Every `error_code` of the interface, with the node's numeric value (only the name reaches JSON). */
export const API_ERROR_CODES = {
  account_not_found: 101,
  resource_not_found: 102,
  module_not_found: 103,
  struct_field_not_found: 104,
  version_not_found: 105,
  transaction_not_found: 106,
  table_item_not_found: 107,
  block_not_found: 108,
  state_value_not_found: 109,
  version_pruned: 200,
  block_pruned: 201,
  invalid_input: 300,
  invalid_transaction_update: 401,
  sequence_number_too_old: 402,
  vm_error: 403,
  // Newer nodes only (as are rate_limited and node_not_bootstrapped).
  rejected_by_filter: 404,
  health_check_failed: 500,
  mempool_is_full: 501,
  rate_limited: 502,
  node_not_bootstrapped: 503,
  internal_error: 600,
  web_framework_error: 601,
  bcs_not_supported: 602,
  api_disabled: 603,
} as const;

export type ApiErrorCode = keyof typeof API_ERROR_CODES;

/**
 * The JSON error body: `{"message", "error_code", "vm_error_code"}`. The node always writes
 * `vm_error_code` (null when there is none). `C` is the code's type: a body read from a node keeps a
 * code this library does not list as sent (`ErrorBody<string>`).
 */
export interface ErrorBody<C extends string = ApiErrorCode> {
  message: string;
  error_code: C;
  vm_error_code: number | null;
}

/** The body as the node writes it, fields in its order. */
export function errorBody(code: ApiErrorCode, message: string, vmErrorCode: number | null = null): ErrorBody {
  return { message, error_code: code, vm_error_code: vmErrorCode };
}

/** Reads an error body; an absent `vm_error_code` reads as null. */
export function parseErrorBody(json: unknown): ErrorBody<string> {
  if (typeof json !== 'object' || json === null || Array.isArray(json)) throw new BcsError('invalid_json', `expected error body as an object, got ${quote(json)}`);
  const o = json as Record<string, unknown>;
  if (typeof o.message !== 'string') throw new BcsError('invalid_json', `expected message as a string, got ${quote(o.message)}`).within('message');
  if (typeof o.error_code !== 'string') throw new BcsError('invalid_json', `expected error_code as a string, got ${quote(o.error_code)}`).within('error_code');
  const vm = o.vm_error_code ?? null;
  // A u64 (AptosError::vm_error_code): one above 2^53 arrives rounded by JSON.parse, but it is still
  // the node's answer, so only non-integers and negatives are refused.
  if (vm !== null && (!Number.isInteger(vm) || (vm as number) < 0)) {
    throw new BcsError('invalid_json', `expected vm_error_code as a non-negative integer, got ${quote(vm)}`).within('vm_error_code');
  }
  return { message: o.message, error_code: o.error_code, vm_error_code: vm as number | null };
}

/** An error the interface answers with: the HTTP status, and the body's code, message and VM code. */
export class ApiError extends Error {
  static override readonly name = 'ApiError'; // survives minified builds
  override readonly name = 'ApiError';
  constructor(
    readonly status: number,
    readonly errorCode: ApiErrorCode,
    message: string,
    readonly vmErrorCode: number | null = null,
  ) {
    super(message);
  }

  /** The body the node would answer with. */
  toJSON(): ErrorBody {
    return errorBody(this.errorCode, this.message, this.vmErrorCode);
  }
}

/** Duck-typed, so an ApiError of another bundled copy of the library is recognised. */
export function isApiError(e: unknown): e is ApiError {
  return isNamedError(e, 'ApiError', 'status', 'number') && typeof (e as { errorCode?: unknown }).errorCode === 'string';
}
