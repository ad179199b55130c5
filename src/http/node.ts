import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { ApiError } from '../submission/api-error.js';
import { concat, declaredLength } from './body.js';
import { DEFAULT_MAX_BODY_BYTES, EXCHANGE, TOO_LARGE, type BodyRead, type Exchange, type Reply } from './exchange.js';
import type { LedgerHandler } from './handler.js';
import { payloadTooLarge } from './responses.js';

// node:http adapter. Handlers from createLedgerHandler are served through their exchange form (no
// `Request`/`Response` objects); any other web-standard handler gets a `Request` whose body streams
// from the socket with the same size limit. Client aborts cancel the body read, and the reply to a
// closed socket is dropped; nothing here rejects unhandled.

export type WebHandler = (req: Request) => Response | Promise<Response>;

export interface NodeAdapterOptions {
  /** Body limit for handlers that are not ours (ours carry their own); default 8 MiB. */
  maxBodyBytes?: number;
  /** Called once per request after the response is written or the client went away. */
  onResponse?: (entry: { method: string; path: string; status: number; ms: number; aborted: boolean }) => void;
}

export type NodeListener = (req: IncomingMessage, res: ServerResponse) => void;

export function toNodeListener(handler: WebHandler | LedgerHandler, options: NodeAdapterOptions = {}): NodeListener {
  const exchange = (handler as Partial<LedgerHandler>)[EXCHANGE];
  const limit = options.maxBodyBytes ?? DEFAULT_MAX_BODY_BYTES;
  const log = options.onResponse;
  return (req, res) => {
    const start = log ? performance.now() : 0;
    const done = (status: number, aborted: boolean) => {
      if (!log) return;
      const target = req.url ?? '/';
      const q = target.indexOf('?');
      log({ method: req.method ?? '', path: q < 0 ? target : target.slice(0, q), status, ms: performance.now() - start, aborted });
    };
    const run = exchange ? viaExchange(exchange, req, res, done) : viaRequest(handler as WebHandler, req, res, limit, done);
    run.catch(() => {
      try {
        if (!res.headersSent && !res.destroyed) {
          res.writeHead(500, { 'content-type': 'application/json; charset=utf-8' });
          res.end(JSON.stringify({ message: 'Internal error', error_code: 'internal_error', vm_error_code: null }));
          return done(500, false);
        }
      } catch {
        // Fall through: the connection is unusable.
      }
      res.destroy();
      done(res.statusCode, true);
    });
  };
}

export function createNodeServer(handler: WebHandler | LedgerHandler, options: NodeAdapterOptions = {}): Server {
  return createServer(toNodeListener(handler, options));
}

async function viaExchange(
  serve: (ex: Exchange) => Promise<Reply>,
  req: IncomingMessage,
  res: ServerResponse,
  done: (status: number, aborted: boolean) => void,
): Promise<void> {
  const target = req.url ?? '/';
  const q = target.indexOf('?');
  const method = req.method ?? 'GET';
  const reply = await serve({
    method,
    path: q < 0 ? target : target.slice(0, q),
    query: q < 0 ? '' : target.slice(q + 1),
    header: (name) => {
      const v = req.headers[name];
      return Array.isArray(v) ? v.join(', ') : v;
    },
    readBody: (max) => readIncoming(req, max),
  });
  writeReply(res, reply, method, done);
}

/** Collects the body up to `limit` bytes; past it, discards the rest and reports TOO_LARGE. */
function readIncoming(req: IncomingMessage, limit: number): Promise<BodyRead> {
  return new Promise((resolve, reject) => {
    const chunks: Uint8Array[] = [];
    let size = 0;
    const cleanup = () => {
      req.off('data', onData);
      req.off('end', onEnd);
      req.off('error', onError);
      req.off('close', onClose);
    };
    const onData = (c: Uint8Array) => {
      size += c.byteLength;
      if (size > limit) {
        cleanup();
        req.resume();
        resolve(TOO_LARGE);
        return;
      }
      chunks.push(c);
    };
    const onEnd = () => {
      cleanup();
      resolve(concat(chunks, size));
    };
    const onError = (e: Error) => {
      cleanup();
      reject(e);
    };
    const onClose = () => {
      cleanup();
      if (!req.complete) reject(new Error('client closed the connection before the body was complete'));
      else resolve(concat(chunks, size));
    };
    req.on('data', onData);
    req.on('end', onEnd);
    req.on('error', onError);
    req.on('close', onClose);
  });
}

async function viaRequest(
  handler: WebHandler,
  req: IncomingMessage,
  res: ServerResponse,
  limit: number,
  done: (status: number, aborted: boolean) => void,
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
    const request = new Request(`http://${req.headers.host ?? 'localhost'}${req.url ?? '/'}`, {
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
    return done(response.status, false);
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
  done(response.status, false);
}

/** The request body as a web stream that errors with a 413 `ApiError` once past `limit` bytes. */
function streamIncoming(req: IncomingMessage, limit: number, onTooLarge: () => void): ReadableStream<Uint8Array> {
  let size = 0;
  return new ReadableStream<Uint8Array>({
    start(c) {
      req.on('data', (chunk: Buffer) => {
        size += chunk.byteLength;
        if (size > limit) {
          onTooLarge();
          req.removeAllListeners('data');
          req.resume();
          c.error(new ApiError(413, 'web_framework_error', 'payload too large'));
          return;
        }
        settle(() => c.enqueue(new Uint8Array(chunk.buffer, chunk.byteOffset, chunk.byteLength)));
        if ((c.desiredSize ?? 1) <= 0) req.pause();
      });
      req.on('end', () => {
        if (size <= limit) settle(() => c.close());
      });
      req.on('error', (e) => c.error(e));
      req.on('close', () => {
        if (!req.complete && size <= limit) c.error(new Error('client closed the connection before the body was complete'));
      });
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

function writeReply(res: ServerResponse, reply: Reply, method: string, done: (status: number, aborted: boolean) => void): void {
  if (res.destroyed || res.socket?.destroyed) return done(reply.status, true);
  // A known length keeps the reply one write, without chunked framing.
  // Reply headers are a fresh object per reply: set the length in place.
  reply.headers['content-length'] = String(Buffer.byteLength(reply.body));
  res.writeHead(reply.status, reply.headers);
  res.end(method === 'HEAD' ? undefined : reply.body);
  done(reply.status, false);
}
