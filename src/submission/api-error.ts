// The interface's error body and its codes (aptos-core api/types/src/error.rs `AptosError`,
// `AptosErrorCode`), with the HTTP status each error is answered with.

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

/** The JSON error body: `{"message", "error_code", "vm_error_code"}`. */
export interface ApiErrorBody {
  message: string;
  error_code: ApiErrorCode;
  vm_error_code: number | null;
}

/** An error the interface answers with: HTTP status plus error body. */
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
  toJSON(): ApiErrorBody {
    return { message: this.message, error_code: this.errorCode, vm_error_code: this.vmErrorCode };
  }
}

export function isApiError(e: unknown): e is ApiError {
  // Duck-typed: `instanceof` breaks when two copies of the library are bundled.
  return typeof e === 'object' && e !== null && (e as { name?: unknown }).name === 'ApiError' &&
    typeof (e as { status?: unknown }).status === 'number' && typeof (e as { errorCode?: unknown }).errorCode === 'string';
}
