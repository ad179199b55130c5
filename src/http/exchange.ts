import type { QuotedHex } from '../submission/internal.js';
import type { LedgerInfo } from '../records/index.js';
import type { Turns } from './turns.js';
import type { Forward } from './forward.js';
import type { Later } from './later.js';

// The handler's own view of one HTTP exchange, so that the web-standard handler and the node:http
// adapter share one implementation without building `Request`/`Response` objects in between.

/** What the result of reading a body can be: the bytes, or the size limit was exceeded. */
export type BodyRead = Uint8Array | typeof TOO_LARGE;
/** A body as the pieces it is held in, in order, or the size limit was exceeded. */
export type BodyPieces = readonly Uint8Array[] | typeof TOO_LARGE;
export const TOO_LARGE: unique symbol = Symbol('too large');

/**
 * Marks handlers whose requests the node adapter may pass without building `Request` objects.
 * A registered symbol, so two bundled copies of the library (ledger-bcs/http and
 * ledger-bcs/http/node are separate bundles) still recognise each other's handlers.
 */
export const EXCHANGE: unique symbol = Symbol.for('ledger-bcs.http.exchange') as never;

/** The node's default body limit (config/src/config/api_config.rs `DEFAULT_REQUEST_CONTENT_LENGTH_LIMIT`): 8 MiB. */
export const DEFAULT_MAX_BODY_BYTES = 8 * 1024 * 1024;

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
  /**
   * `readBody` without joining the pieces the body is held in (the node adapter's blocks): for a
   * reader that takes them one by one, such as a large body's parse, so that a body is never
   * copied whole before its turn. The pieces are valid until the reply is written. Optional.
   */
  readBodyPieces?(limit: number): Promise<BodyPieces>;
  /**
   * `readBodyPieces` as a Later (later.ts): its reader is called from the body's end event, with no
   * microtask in between. Optional (the node adapter's).
   */
  readBodyPiecesLater?(limit: number): Later<BodyPieces>;
  /**
   * Why this request will not be answered usefully any more (its connection closed, or the server
   * shed it: the error to fail with), else undefined. Checked before and during a large body's
   * parse, so an abandoned body is never parsed. Optional: the web-standard form does not know.
   */
  abandoned?(): Error | undefined;
  /**
   * encode_submission's `"0x…"` body in the platform's own hex, or undefined for the handler's
   * (hex.ts `quotedHex`). The node adapter's is Buffer's, in C++ (nodejs/exchange.ts).
   */
  readonly quotedHex?: QuotedHex;
}

/** A reply now, or later: a synchronous source is answered without a microtask in between. */
export type MaybeReply = Reply | Promise<Reply> | Later<Reply>;

/** How the handler serves an exchange (the node adapter calls it directly). */
export type Serve = (ex: Exchange) => MaybeReply;

export interface Reply {
  status: number;
  headers: Record<string, string>;
  /** Response body: JSON text, or BCS bytes; omitted for HEAD by the adapters. */
  body: string | Uint8Array;
  /** The body's length in bytes, when the route knows it (an ASCII text's is its length): the node adapter need not measure it. */
  bytes?: number;
}

export interface HandlerConfig {
  readonly ledgerInfo: () => LedgerInfo | Promise<LedgerInfo>;
  readonly maxBodyBytes: number;
  readonly encodeSubmissionEnabled: boolean;
  readonly now: () => number;
  /** Why the health check fails whatever the ledger says (a replica whose ingest stopped), or undefined. */
  readonly unhealthy: () => string | undefined;
  /** The health check's `x-replica-verification` header, or undefined. */
  readonly healthNote: () => string | undefined;
  /** Large bodies parse one at a time, the earliest expected finish first (turns.ts). */
  readonly largeBodies: Turns;
  /** encode_submission's `"0x…"` body where the exchange has no hex of its own: pieces of one slab (hex.ts `quotedHex`). */
  readonly replyHex: QuotedHex;
  /** Where the routes that need a mempool or VM go (forward.ts), or undefined: they answer 403. */
  readonly forward: Forward | undefined;
}
