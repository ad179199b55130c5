import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { DEFAULT_MAX_BODY_BYTES, EXCHANGE } from './exchange.js';
import { isLater, isPromise } from './responses.js';
import type { Reply } from './exchange.js';
import type { LedgerHandler } from './handler.js';
import { NodeExchange } from './nodejs/exchange.js';
import { writeFailure, type Done } from './nodejs/reply.js';
import { originForm, viaRequest, type WebHandler } from './nodejs/request.js';
import { blockStore } from './nodejs/blocks.js';
import { bodyBudget } from './nodejs/budget.js';
import { badTarget, guardServer, serverLimits, serverOptions, type NodeServerLimits } from './nodejs/server.js';

export type { WebHandler };
export { NODE_SERVER_DEFAULTS, type NodeServerLimits } from './nodejs/server.js';

// node:http adapter (ledger-bcs/http/node). Handlers from createLedgerHandler are served through
// their exchange form (no `Request`/`Response` objects); any other web-standard handler goes through
// nodejs/request.ts. Client aborts cancel the body read, and the reply to a closed socket is dropped;
// nothing here rejects unhandled.

export interface NodeAdapterOptions extends NodeServerLimits {
  /** Body limit for handlers that are not ours (ours carry their own); default 8 MiB. */
  maxBodyBytes?: number;
  /** Called after a load: the bodies held went back to zero after passing a quarter of `maxBufferedBytes` (nodejs/budget.ts). */
  afterLoad?: () => void;
  /** Called once per request after the response is written or the client went away. */
  onResponse?: (entry: {
    method: string;
    path: string;
    /** The query string with its `?`, or '' when there is none. */
    query: string;
    status: number;
    /** The response's content type ('' when it has none): which format was served. */
    contentType: string;
    ms: number;
    aborted: boolean;
  }) => void;
}

export type NodeListener = (req: IncomingMessage, res: ServerResponse) => void;

export function toNodeListener(handler: WebHandler | LedgerHandler, options: NodeAdapterOptions = {}): NodeListener {
  const exchange = (handler as Partial<LedgerHandler>)[EXCHANGE];
  const limit = options.maxBodyBytes ?? DEFAULT_MAX_BODY_BYTES;
  const log = options.onResponse;
  // One budget for the bodies of every connection of this listener (nodejs/budget.ts), held in one
  // store of blocks (nodejs/blocks.ts). Once no body has been held for a second its empty slabs go
  // (but a lightly used first one); after a load all of them, before the host's `afterLoad`.
  const store = blockStore();
  const afterLoad = options.afterLoad;
  const budget = bodyBudget(
    serverLimits(options).maxBufferedBytes,
    () => {
      store.trim();
      afterLoad?.();
    },
    () => store.trim(true),
  );
  return (req, res) => {
    // hyper refuses such a target before poem sees it (400, no body); node:http passes it on.
    if (badTarget(req.url)) {
      res.writeHead(400, { 'content-length': '0', connection: 'close' }).end();
      return;
    }
    // Without a logger, one shared no-op: nothing is allocated for it per request.
    let done: Done = NO_LOG;
    if (log) {
      const start = performance.now();
      done = (status: number, aborted: boolean, contentType = '') => {
        const target = originForm(req.url);
        const q = target.indexOf('?');
        try {
          const path = q < 0 ? target : target.slice(0, q);
          const query = q < 0 ? '' : target.slice(q);
          log({ method: req.method ?? '', path, query, status, contentType, ms: performance.now() - start, aborted });
        } catch {
          // The host's logger failing is not the request's failure, and must not end the server.
        }
      };
    }
    if (exchange === undefined) return void viaRequest(handler as WebHandler, req, res, limit, done).catch(() => writeFailure(res, done));
    // A reply the handler has at once is written at once, by the exchange as a later one is: no
    // promise in between.
    const ex = new NodeExchange(req, req.method ?? 'GET', budget, store, res, done);
    try {
      const reply = exchange(ex);
      if (!isPromise(reply)) ex.ok(reply);
      // Written from the body's end event, by the exchange itself: no promise in between (later.ts).
      else if (isLater<Reply>(reply)) reply.read(ex);
      else Promise.resolve(reply).then((r) => ex.ok(r), () => ex.fail());
    } catch {
      ex.fail();
    }
  };
}

/** A node:http server for `handler` with the limits of `options` (slow peers, malformed HTTP: nodejs/server.ts). */
export function createNodeServer(handler: WebHandler | LedgerHandler, options: NodeAdapterOptions = {}): Server {
  const server = createServer(serverOptions(options), toNodeListener(handler, options));
  return guardServer(server, options, (handler as Partial<LedgerHandler>)[EXCHANGE]);
}

const NO_LOG: Done = () => {};
