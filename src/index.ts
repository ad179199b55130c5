// The package's main entry: what most users need to start — the core codec and its hex helpers, the
// main job (encode_submission), the client, and the error types and their guards (duck-typed, so they
// work across two bundled copies of the library). Everything else is behind a subpath entry, one per
// layer: ledger-bcs/bcs, /move, /transactions, /records, /submission, /client, /hash, /http,
// /http/node (package.json "exports"; test/exports.test.ts pins each list).
export { bcs, BcsError, isBcsError, UsageError, isUsageError, toHex, fromHex } from './bcs/index.js';
export type { Schema, Infer, BcsErrorCode, UsageErrorCode } from './bcs/index.js';
export {
  encodeSubmission,
  encodeSubmissionAsync,
  abiRegistry,
  verifySigningMessage,
} from './submission/index.js';
export { ApiError, isApiError } from './records/index.js';
export type { EncodeSubmissionOptions, EncodeSubmissionResult, AbiRegistry } from './submission/index.js';
export {
  createLedgerClient,
  LedgerApiError,
  isLedgerApiError,
  isLedgerNetworkError,
  isLedgerResponseError,
  isSigningMessageMismatchError,
} from './client/index.js';
export type { LedgerClient, LedgerClientOptions } from './client/index.js';
