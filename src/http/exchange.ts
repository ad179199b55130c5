import type { LedgerInfo } from '../records/ledger-info.js';

// The handler's own view of one HTTP exchange, so that the web-standard handler and the node:http
// adapter share one implementation without building `Request`/`Response` objects in between.

/** What the result of reading a body can be: the bytes, or the size limit was exceeded. */
export type BodyRead = Uint8Array | typeof TOO_LARGE;
export const TOO_LARGE: unique symbol = Symbol('too large');

export interface Exchange {
  /** Upper-case method. */
  readonly method: string;
  /** Path as sent (percent-encoded), without the query. */
  readonly path: string;
  /** Query string without the `?` ('' when absent). */
  readonly query: string;
  /** A header by lower-case name. */
  header(name: string): string | undefined;
  /** Reads the body, stopping (and discarding the rest) once more than `limit` bytes arrived. */
  readBody(limit: number): Promise<BodyRead>;
}

export interface Reply {
  status: number;
  headers: Record<string, string>;
  /** Response body text; omitted for HEAD by the adapters. */
  body: string;
}

export interface HandlerConfig {
  readonly ledgerInfo: () => LedgerInfo | Promise<LedgerInfo>;
  readonly maxBodyBytes: number;
  readonly encodeSubmissionEnabled: boolean;
  readonly now: () => number;
}
