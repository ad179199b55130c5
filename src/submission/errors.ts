import { isBcsError } from '../bcs/index.js';
import { ApiError, isApiError } from '../records/index.js';

// The node builds its messages as anyhow context chains joined by ": " (`format!("{:#}", e)`);
// these helpers build the same chains.

/** A conversion failure: 400 `invalid_input` with the innermost cause as its message. */
export function invalidInput(message: string): never {
  throw new ApiError(400, 'invalid_input', message);
}

/** A body that does not deserialize: 400 `web_framework_error`. */
export function webFrameworkError(message: string): ApiError {
  return new ApiError(400, 'web_framework_error', `parse request payload error: ${message}`);
}

/** Re-throws `e` with `prefix` in front of its message, keeping status and code; library errors become `invalid_input`. */
export function withContext(prefix: string, e: unknown): never {
  if (isApiError(e)) throw new ApiError(e.status, e.errorCode, `${prefix}${e.message}`, e.vmErrorCode);
  if (isBcsError(e)) throw new ApiError(400, 'invalid_input', `${prefix}${e.message}`);
  throw e;
}

/** The message of a conversion failure. */
export function messageOf(e: unknown): string {
  if (isApiError(e) || isBcsError(e)) return e.message;
  throw e;
}

/** Prefix of every conversion failure (api/src/transactions.rs, api/types/src/convert.rs). */
export const INVALID_TRANSACTION = 'The given transaction is invalid: Failed to parse transaction payload: ';
/** Prefix of every `verify()` failure. */
export const INVALID_REQUEST = "'UserTransactionRequest' invalid: ";
