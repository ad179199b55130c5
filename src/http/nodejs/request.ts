import type { IncomingMessage, ServerResponse } from 'node:http';
import { CappedBody, PAST_LIMIT } from '../../bcs/internal.js';
import { declaredLength } from '../body.js';
import { writeReply, type Done } from './reply.js';
import { payloadTooLarge, payloadTooLargeError } from '../responses.js';

// node:http for any web-standard handler: a `Request` whose body streams from the socket under the
// size limit (413 by Content-Length up front, or once the stream passes it), the `Response`
// streamed back with backpressure, and the handler's signal aborted when the client goes away.
// And the adapter's one reader of a request's body (`readIncoming`), which that stream and the
// exchange's held body (exchange.ts) both read through.

/**
 * The request target in origin form (`/path?query`). HTTP/1.1 servers must accept the absolute form
 * (`GET http://host/v1/-/healthy`, RFC 9112 §3.2.2) too, which hyper, under the node's poem, routes
 * by its path; node:http hands it over as written.
 */
export function originForm(target: string | undefined): string {
  if (target === undefined) return '/';
  if (target.startsWith('/') || target === '*') return target;
  try {
    const u = new URL(target);
    return u.pathname + u.search;
  } catch {
    return target;
  }
}

export type WebHandler = (req: Request) => Response | Promise<Response>;

export async function viaRequest(
  handler: WebHandler,
  req: IncomingMessage,
  res: ServerResponse,
  limit: number,
  done: Done,
): Promise<void> {
  const method = req.method ?? 'GET';
  if ((declaredLength(req.headers['content-length']) ?? 0) > limit) return writeReply(res, payloadTooLarge(undefined), method, done);
  const aborter = new AbortController();
  res.on('close', () => {
    if (!res.writableFinished) aborter.abort();
  });
  const headers = new Headers();
  for (let i = 0; i + 1 < req.rawHeaders.length; i += 2) headers.append(req.rawHeaders[i]!, req.rawHeaders[i + 1]!);
  let tooLarge = false;
  const hasBody = method !== 'GET' && method !== 'HEAD';
  const body = hasBody
    ? streamIncoming(req, limit, () => {
        tooLarge = true;
      })
    : undefined;
  let response: Response;
  try {
    const request = new Request(`http://${req.headers.host ?? 'localhost'}${originForm(req.url)}`, {
      method,
      headers,
      body,
      signal: aborter.signal,
      ...(hasBody ? { duplex: 'half' } : {}),
    } as RequestInit);
    response = await handler(request);
  } catch (e) {
    if (tooLarge) return writeReply(res, payloadTooLarge(undefined), method, done);
    throw e;
  }
  if (res.destroyed) {
    await response.body?.cancel().catch(() => {});
    return done(response.status, true);
  }
  const out: Record<string, string | string[]> = {};
  response.headers.forEach((v, k) => {
    if (k !== 'set-cookie') out[k] = v;
  });
  const cookies = response.headers.getSetCookie();
  if (cookies.length > 0) out['set-cookie'] = cookies;
  res.writeHead(response.status, out);
  if (response.body === null || method === 'HEAD') {
    res.end();
    return done(response.status, false, response.headers.get('content-type') ?? '');
  }
  const reader = response.body.getReader();
  for (;;) {
    const { done: end, value } = await reader.read();
    if (end) break;
    if (res.destroyed) {
      await reader.cancel().catch(() => {});
      return done(response.status, true);
    }
    if (!res.write(value)) await new Promise<void>((r) => res.once('drain', r).once('close', r));
  }
  res.end();
  done(response.status, false, response.headers.get('content-type') ?? '');
}

/** How a request body read by `readIncoming` ended: told once. */
export interface BodyEnd {
  /** The body arrived whole. */
  end(): void;
  /** A chunk passed the limit: the read stopped there, and the rest is drained unread. */
  tooLarge(): void;
  /** The request failed (`error`), or its client went away before the body was whole (undefined). */
  fail(error: Error | undefined): void;
}

/**
 * Reads a node:http request's body into `body` (bcs's capped reader, capped-body.ts), its end told
 * to `to`; answers the read, whose `stop` ends it early (its sink's owner sheds it) and says
 * whether it was still under way. A chunk the sink refuses ends the read as failed, unless its
 * owner stopped it already (the exchange's shed does). The common end leaves the listeners on
 * the finished request (each returns at once once settled): taking them off cost ~2,000
 * instructions a request, ~1 % of a small request's server CPU (issue 32, callgrind). Node emits
 * `error` on a request only while it has listeners (lib/_http_incoming.js `onError`), so taking them
 * off early is safe. The listeners are shared functions that find their read on the request (`this`
 * of an emitter's listener): no closures per request (issue 32). Only a reader that passes the
 * request's error on (`passErrors`: the web stream, whose consumer sees node's own `aborted` error)
 * listens for it; without a listener node emits none, and `close` tells the read it failed (one
 * listener less a request, ~250 instructions).
 */
export function readIncoming(req: IncomingMessage, body: CappedBody, to: BodyEnd, options?: { passErrors?: boolean }): IncomingRead {
  const read = new IncomingRead(req, body, to);
  // One read per request: a second would share the first's listeners and see every chunk twice.
  if ((req as Partial<Reading>)[READ] !== undefined) {
    read.settled = true;
    to.fail(new Error('the request body is being read already'));
    return read;
  }
  (req as Reading)[READ] = read;
  req.on('data', onData);
  req.on('end', onEnd);
  if (options?.passErrors === true) req.on('error', onError);
  req.on('close', onClose);
  return read;
}

const READ = Symbol('the body read of this request');
type Reading = IncomingMessage & { [READ]: IncomingRead };

/** One request body's read (`readIncoming`). */
export class IncomingRead {
  settled = false;
  constructor(
    readonly req: IncomingMessage,
    readonly body: CappedBody,
    readonly to: BodyEnd,
  ) {}
  /** Ends the read early; false when it had ended already. */
  stop(): boolean {
    if (this.settled) return false;
    this.settled = true;
    const req = this.req;
    req.off('data', onData);
    req.off('end', onEnd);
    req.off('error', onError);
    req.off('close', onClose);
    return true;
  }
}

function onData(this: Reading, c: Uint8Array): void {
  const read = this[READ];
  if (read.settled) return;
  const taken = read.body.add(c);
  if (taken === 0) return;
  // A refusing sink's owner stops the read itself (the exchange sheds the body); one that did not
  // must not see the body end as if whole, without the chunk it refused.
  if (!read.stop()) return;
  this.resume();
  if (taken === PAST_LIMIT) read.to.tooLarge();
  else read.to.fail(new Error('the request body was refused while it arrived'));
}

function onEnd(this: Reading): void {
  const read = this[READ];
  if (read.settled) return;
  read.settled = true;
  read.to.end();
}

function onError(this: Reading, e: Error): void {
  const read = this[READ];
  if (read.stop()) read.to.fail(e);
}

// Closed before 'end': whole only if the message was complete and every byte of it was passed on
// (a paused request may still hold some, which would be lost with the listeners).
function onClose(this: Reading): void {
  const read = this[READ];
  if (!read.stop()) return;
  if (this.complete && this.readableLength === 0) read.to.end();
  else read.to.fail(undefined);
}

/** The request body as a web stream that errors with a 413 `ApiError` once past `limit` bytes. */
function streamIncoming(req: IncomingMessage, limit: number, onTooLarge: () => void): ReadableStream<Uint8Array> {
  return new ReadableStream<Uint8Array>({
    start(c) {
      // Passed on as they come (not held): paused while the stream's queue is full.
      const passOn = {
        take(chunk: Uint8Array) {
          settle(() => c.enqueue(new Uint8Array(chunk.buffer, chunk.byteOffset, chunk.byteLength)));
          if ((c.desiredSize ?? 1) <= 0) req.pause();
          return true;
        },
      };
      readIncoming(req, new CappedBody(limit, passOn), {
        end: () => settle(() => c.close()),
        tooLarge() {
          onTooLarge();
          c.error(payloadTooLargeError());
        },
        fail: (e) => c.error(e ?? new Error('client closed the connection before the body was complete')),
      }, { passErrors: true });
    },
    pull() {
      req.resume();
    },
    cancel() {
      req.resume();
    },
  }, { highWaterMark: 4 });
}

// The consumer may have cancelled the stream; a late chunk or end must not throw inside an event listener.
function settle(f: () => void): void {
  try {
    f();
  } catch {
    // The stream is closed or errored already.
  }
}
