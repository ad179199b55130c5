import type { IncomingMessage, ServerResponse } from 'node:http';
import { CappedBody, HeldBytes } from '../../bcs/internal.js';
import { ApiError } from '../../records/index.js';
import { joinPieces } from '../body.js';
import { TOO_LARGE, type BodyPieces, type BodyRead, type Exchange, type Reply } from '../exchange.js';
import type { BlockStore, HeldBody } from './blocks.js';
import type { BodyBudget, BudgetHold } from './budget.js';
import { Later, type LaterReader } from '../later.js';
import { writeFailure, writeReply, type Done } from './reply.js';
import { originForm, readIncoming, type BodyEnd, type IncomingRead } from './request.js';

// A node:http request as the handler's exchange, for the adapter's requests and for CONNECT (whose
// socket is handed over, so it has no body to read). Its body is held under the server's budget
// (budget.ts) from its first byte until the reply is written (`release`), in the listener's
// blocks (blocks.ts) once it is more than one socket chunk.

/** What a request shed by the budget is answered (the handler writes it with the node's error body). */
export const BUDGET_FULL = 'server busy: the request bodies it holds are at their limit; retry later';

/**
 * encode_submission's `"0x…"` body by Buffer's hex, in C++ (node src/string_bytes.cc), as a string
 * the socket writes: ~2k instructions a request less than the handler's JavaScript digit
 * loop into bytes, the string's length and copy included (issue 32, callgrind). Buffer's own
 * `hexSlice`, called on the encoder's array itself (any Uint8Array: lib/buffer.js installs it from
 * the binding), makes no Buffer for it: ~500 instructions less again.
 */
const hexSlice = (Buffer.prototype as { hexSlice?: (this: Uint8Array, start: number, end: number) => string }).hexSlice;
function bufferQuotedHex(bytes: Uint8Array, n: number): string {
  // Undocumented, so a Node without it gets the documented way.
  const hex = hexSlice !== undefined ? hexSlice.call(bytes, 0, n) : Buffer.from(bytes.buffer, bytes.byteOffset, n).toString('hex');
  return '"0x' + hex + '"';
}

/**
 * One request as the handler reads it, and the writer of its reply when that comes later (its
 * LaterReader): methods on the prototype, so no closures per request.
 */
export class NodeExchange implements Exchange, LaterReader<Reply> {
  readonly path: string;
  readonly query: string;
  private hold: BudgetHold | undefined;
  /** The body's read, once asked for. */
  private body: Later<BodyPieces> | undefined;
  /** The body's blocks, given back by `release` (or when the read fails). */
  held: HeldBody | undefined;
  private shed = false;
  /** The body was not read to its end (shed, or past the limit): the connection must close after the reply. */
  cut = false;
  constructor(
    private readonly req: IncomingMessage,
    readonly method: string,
    private readonly budget?: BodyBudget,
    private readonly store?: BlockStore,
    private readonly res?: ServerResponse,
    private readonly done?: Done,
  ) {
    const target = originForm(req.url);
    const q = target.indexOf('?');
    this.path = q < 0 ? target : target.slice(0, q);
    this.query = q < 0 ? '' : target.slice(q + 1);
  }
  /** encode_submission's body by Buffer's hex (`bufferQuotedHex`); uses no `this`, so it may be called detached. */
  quotedHex(bytes: Uint8Array, n: number): string {
    return bufferQuotedHex(bytes, n);
  }
  header(name: string): string | undefined {
    const v = this.req.headers[name];
    return Array.isArray(v) ? v.join(', ') : v;
  }
  async readBody(max: number): Promise<BodyRead> {
    const pieces = await this.readBodyPieces(max);
    if (pieces === TOO_LARGE) return TOO_LARGE;
    // Blocks are lent until `release`: a reader that keeps the bytes gets a copy of its own.
    return joinPieces(pieces, this.held !== undefined);
  }
  readBodyPieces(max: number): Promise<BodyPieces> {
    const later = this.readBodyPiecesLater(max);
    return new Promise((resolve, reject) => later.onto(resolve, reject));
  }
  /**
   * `readBodyPieces` handed over synchronously from the body's end event (later.ts). A request has
   * one body: a second read gets the first's (under the first's limit), not a read of its own.
   */
  readBodyPiecesLater(max: number): Later<BodyPieces> {
    if (this.body !== undefined) return this.body;
    const out = (this.body = new Later<BodyPieces>());
    // CONNECT (no budget): its socket is the handler's, there is no body to read.
    if (this.budget === undefined || this.store === undefined) out.resolve([]);
    else holdBody(this, this.req, max, this.store, out);
    return out;
  }
  /** Why the request will not be answered usefully any more: its connection closed, or the budget shed it. */
  abandoned(): Error | undefined {
    if (this.shed) return budgetFull();
    const socket = this.req.socket;
    return socket === null || socket.destroyed ? GONE : undefined;
  }
  /** The budget hold for this body, taken on its first byte; shedding it answers 503 (`body.shedByBudget`). */
  holdFor(body: BudgetedBody): BudgetHold {
    return (this.hold = this.budget!.hold(body));
  }
  /** Marks the request shed by the budget: `abandoned` answers the 503 from now on. */
  markShed(): void {
    this.shed = true;
  }
  /** Writes the reply (at once, or once its body was read: node.ts), then gives the body back. */
  ok(reply: Reply): void {
    // Only the adapter's listener (node.ts) writes through its exchange; CONNECT's has no response
    // of its own (its socket is answered by server.ts), so there is nothing to write.
    if (this.res === undefined || this.done === undefined) return this.release();
    try {
      // Answered before its body was read whole (the budget shed it): the rest is not read.
      if (this.cut) reply.headers.connection = 'close';
      writeReply(this.res, reply, this.method, this.done);
    } catch {
      writeFailure(this.res, this.done);
    }
    this.release();
  }
  /** The reply failed: a 500, then the body is given back. */
  fail(): void {
    if (this.res !== undefined && this.done !== undefined) writeFailure(this.res, this.done);
    this.release();
  }
  /** Gives the body's bytes back to the budget (the reply is written, or the client went away). */
  release(): void {
    this.hold?.release();
    this.held?.free();
  }
}

const GONE = new Error('the client closed the connection');

/** The 503 a request shed by the budget is answered with. */
const budgetFull = (): ApiError => new ApiError(503, 'web_framework_error', BUDGET_FULL);

/**
 * Reads the body up to `limit` bytes under the budget (request.ts `readIncoming`, through bcs's
 * capped reader); past the limit, the rest is discarded and the answer is TOO_LARGE.
 */
function holdBody(ex: NodeExchange, req: IncomingMessage, limit: number, store: BlockStore, out: Later<BodyPieces>): void {
  const body = new BudgetedBody(ex, store, out);
  body.read = readIncoming(req, new CappedBody(limit, body), body);
}

/**
 * A request's body as bcs's HeldBytes keeps it, charged and stored as the adapter needs: a lone
 * chunk as it came (a small request is one); from the second on, copied into blocks of `store`,
 * each charged to the budget before it is taken. When one does not fit even after larger bodies
 * were shed, this body is the one shed (503). A body that will not be read gives its blocks back
 * at once. One object per request with its methods on the prototype: closures per request were a
 * visible share of a small request's CPU (issue 32).
 */
class BudgetedBody extends HeldBytes implements BodyEnd {
  /** The read under way (request.ts `readIncoming`), once started. */
  read: IncomingRead | undefined = undefined;
  private readonly hold: BudgetHold;
  constructor(
    private readonly ex: NodeExchange,
    private readonly blocks: BlockStore,
    private readonly out: Later<BodyPieces>,
  ) {
    super(0); // HeldBytes' limit only sizes its default store, which makeStore replaces
    this.hold = ex.holdFor(this);
  }
  protected override makeStore(): HeldBody {
    return (this.ex.held = this.blocks.body());
  }
  protected override charge(bytes: number): boolean {
    if (this.hold.grow(bytes)) return true;
    this.shed();
    return false;
  }
  /** Shed by the budget to make room for a smaller body: the request answers 503 from now on. */
  shedByBudget(): void {
    this.ex.markShed();
    this.shed();
  }
  /**
   * Shed by the budget, for this body's next block or to make room for a smaller one. Shed after
   * it was read (queued for its parse, or in it), nothing is stopped: its reader holds the blocks
   * until the reply is written, and the abandoned request stops at its next check.
   */
  private shed(): void {
    if (this.read === undefined || !this.read.stop()) return;
    this.ex.cut = true;
    this.ex.release();
    this.out.reject(budgetFull());
  }
  end(): void {
    this.out.resolve(this.pieces());
  }
  tooLarge(): void {
    this.ex.cut = true;
    this.ex.release();
    this.out.resolve(TOO_LARGE);
  }
  fail(error: Error | undefined): void {
    this.ex.release();
    this.out.reject(error ?? GONE);
  }
}
