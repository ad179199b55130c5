import { encodeSubmission } from '../../src/submission/index.js';
import { isApiError } from '../../src/records/index.js';
import type { ErrorBody as ApiErrorBody } from '../../src/records/index.js';

/** The error body and status `encodeSubmission` answers for `request`. */
export function errorOf(request: unknown, options: Parameters<typeof encodeSubmission>[1] = { chainId: 4 }): { status: number; body: ApiErrorBody } {
  try {
    encodeSubmission(request, options);
  } catch (e) {
    if (isApiError(e)) return { status: e.status, body: e.toJSON() };
    throw e;
  }
  throw new Error('expected an error');
}

