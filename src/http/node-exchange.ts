import type { IncomingMessage } from 'node:http';
import { cappedBytes } from '../bcs/internal.js';
import { ApiError } from '../records/index.js';
import { declaredLength } from './body.js';
import { TOO_LARGE, type BodyRead, type Exchange } from './exchange.js';
import type { BodyBudget, BudgetHold } from './node-budget.js';
import { originForm } from './node-request.js';

// A node:http request as the handler's exchange, for the adapter's requests and for CONNECT (whose
// socket is handed over, so it has no body to read). Its body is held under the server's budget
// (node-budget.ts) from its first byte until the reply is written (`release`).

/** What a request shed by the budget is answered (the handler writes it with the node's error body). */
export const BUDGET_FULL = 'server busy: the request bodies it holds are at their limit; retry later';

/** One request as the handler reads it: methods on the prototype, so no closures per request. */
export class NodeExchange implements Exchange {
  readonly path: string;
  readonly query: string;
  private hold: BudgetHold | undefined;
  private shed = false;
  /** The body was not read to its end (shed, or past the limit): the connection must close after the reply. */
  cut = false;
  constructor(
    private readonly req: IncomingMessage,
    readonly method: string,
    private readonly budget?: BodyBudget,
  ) {
    const target = originForm(req.url);
    const q = target.indexOf('?');
    this.path = q < 0 ? target : target.slice(0, q);
    this.query = q < 0 ? '' : target.slice(q + 1);
  }
  header(name: string): string | undefined {
    const v = this.req.headers[name];
    return Array.isArray(v) ? v.join(', ') : v;
  }
  readBody(max: number): Promise<BodyRead> {
    // CONNECT (no budget): its socket is the handler's, there is no body to read.
    if (this.budget === undefined) return Promise.resolve(new Uint8Array(0));
    return readIncoming(this, this.req, max);
  }
  /** Why the request will not be answered usefully any more: its connection closed, or the budget shed it. */
  abandoned(): Error | undefined {
    if (this.shed) return new ApiError(503, 'web_framework_error', BUDGET_FULL);
    const socket = this.req.socket;
    return socket === null || socket.destroyed ? GONE : undefined;
  }
  /** The budget hold for this body, taken on its first byte; shedding it answers 503. */
  holdFor(onShed: () => void): BudgetHold {
    this.hold ??= this.budget!.hold(() => {
      this.shed = true;
      onShed();
    });
    return this.hold;
  }
  /** Gives the body's bytes back to the budget (the reply is written, or the client went away). */
  release(): void {
    this.hold?.release();
  }
}

const GONE = new Error('the client closed the connection');

/**
 * Collects the body up to `limit` bytes under the budget; past the limit, discards the rest and
 * reports TOO_LARGE. A chunk is charged before it is copied; when it does not fit even after
 * larger bodies were shed, this body is the one shed (503).
 */
function readIncoming(ex: NodeExchange, req: IncomingMessage, limit: number): Promise<BodyRead> {
  return new Promise((resolve, reject) => {
    const declared = declaredLength(req.headers['content-length']);
    const body = cappedBytes(limit, declared !== undefined && declared <= limit ? declared : 0);
    let received = 0;
    const cleanup = () => {
      req.off('data', onData);
      req.off('end', onEnd);
      req.off('error', onError);
      req.off('close', onClose);
    };
    const shed = () => {
      ex.cut = true;
      cleanup();
      reject(new ApiError(503, 'web_framework_error', BUDGET_FULL));
    };
    const hold = ex.holdFor(shed);
    const onData = (c: Uint8Array) => {
      received += c.byteLength;
      if (received > limit) {
        ex.cut = true;
        cleanup();
        hold.release();
        req.resume();
        return resolve(TOO_LARGE);
      }
      if (hold.grow(body.heldAfter(c.byteLength))) return void body.add(c);
      hold.release();
      shed();
    };
    const onEnd = () => {
      cleanup();
      resolve(body.bytes());
    };
    const onError = (e: Error) => {
      cleanup();
      hold.release();
      reject(e);
    };
    const onClose = () => {
      cleanup();
      if (!req.complete) {
        hold.release();
        reject(GONE);
      } else resolve(body.bytes());
    };
    req.on('data', onData);
    req.on('end', onEnd);
    req.on('error', onError);
    req.on('close', onClose);
  });
}
