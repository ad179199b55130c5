import { isNamedError } from '../bcs/internal.js';
import { errorBody, type ApiErrorCode, type ErrorBody } from '../records/index.js';

// An error the interface answers with (its body is records' `ErrorBody`, aptos-core
// api/types/src/error.rs `AptosError`), with the HTTP status it is answered with.

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
  toJSON(): ErrorBody {
    return errorBody(this.errorCode, this.message, this.vmErrorCode);
  }
}

export function isApiError(e: unknown): e is ApiError {
  return isNamedError(e, 'ApiError', 'status', 'number') && typeof (e as { errorCode?: unknown }).errorCode === 'string';
}
