import { STATUS_CODES, type IncomingMessage, type Server, type ServerOptions } from 'node:http';
import type { Socket } from 'node:net';
import type { Duplex } from 'node:stream';
import type { Exchange, Serve } from '../exchange.js';
import { DEFAULT_MAX_BUFFERED_BYTES } from './budget.js';
import { NodeExchange } from './exchange.js';
import { originForm } from './request.js';

// What a node:http server does with slow and malformed peers, made like the node's (poem over
// hyper): see docs/reliability.md. Timeouts and a connection cap, so a peer cannot hold a
// connection for minutes; malformed HTTP answered as hyper answers it, with a status and no body
// (it never reaches poem, so it never gets the interface's error body); CONNECT and methods
// node:http does not know routed like any other method (hyper hands them to poem, which answers them
// from its routes).

export interface NodeServerLimits {
  /** Time to receive a request's headers, from the connection or the previous response (default 30 000: hyper's `header_read_timeout`). */
  headersTimeoutMs?: number;
  /** Time to receive a whole request, headers and body (default 60 000: an 8 MiB body at ≥ 140 KB/s). */
  requestTimeoutMs?: number;
  /** A connection with no traffic either way for this long is closed (default 30 000). */
  idleTimeoutMs?: number;
  /** An idle keep-alive connection is closed after this long (default 5 000, Node's). */
  keepAliveTimeoutMs?: number;
  /** Open connections at most; further ones are closed at once (default 1024). */
  maxConnections?: number;
  /** Request line and headers, in bytes (default 16 384, Node's; hyper allows ~400 KB). Past it: 431. */
  maxHeaderBytes?: number;
  /**
   * Request bodies held at once, across all connections, in bytes (default 256 MiB, sized for a
   * 2-core, 2 GB host: docs/reliability.md). When full, the largest bodies are answered 503.
   */
  maxBufferedBytes?: number;
}

export const NODE_SERVER_DEFAULTS: Required<NodeServerLimits> = {
  headersTimeoutMs: 30_000,
  requestTimeoutMs: 60_000,
  idleTimeoutMs: 30_000,
  keepAliveTimeoutMs: 5_000,
  maxConnections: 1024,
  maxHeaderBytes: 16_384,
  maxBufferedBytes: DEFAULT_MAX_BUFFERED_BYTES,
};

/** The limits of `o` with the defaults filled in (a RangeError for one that is not a positive integer). */
export function serverLimits(o: NodeServerLimits): Required<NodeServerLimits> {
  const out = { ...NODE_SERVER_DEFAULTS };
  for (const k of Object.keys(out) as (keyof NodeServerLimits)[]) {
    const v = o[k];
    if (v === undefined) continue;
    if (!Number.isSafeInteger(v) || v < 1) throw new RangeError(`${k} must be a positive integer, got ${String(v)}`);
    out[k] = v;
  }
  return out;
}

/** The options node:http's `createServer` takes for these limits. */
export function serverOptions(o: NodeServerLimits): ServerOptions {
  const l = serverLimits(o);
  const requestTimeout = Math.max(l.requestTimeoutMs, l.headersTimeoutMs);
  return {
    headersTimeout: l.headersTimeoutMs,
    requestTimeout,
    keepAliveTimeout: l.keepAliveTimeoutMs,
    maxHeaderSize: l.maxHeaderBytes,
    // hyper does not require Host (HTTP/1.0 has none); node:http answers 400 without one.
    requireHostHeader: false,
    // Node checks the two timeouts above on this interval (default 30 s): a 1 s timeout would
    // otherwise take up to 31.
    connectionsCheckingInterval: Math.min(1000, l.headersTimeoutMs, requestTimeout),
  } as ServerOptions;
}

/** Bare answers, as hyper writes them: a status line, no body, and the connection closed. */
function bare(socket: Duplex, status: number): void {
  if (socket.writable) socket.end(`HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\ncontent-length: 0\r\nconnection: close\r\n\r\n`);
  else socket.destroy();
}

/** Answers `ex` on a socket node:http handed over (CONNECT, a parse error), then closes it. */
function answerOnSocket(socket: Duplex, exchange: Serve, ex: Exchange): void {
  Promise.resolve(ex)
    .then(exchange)
    .then(
      (reply) => {
        if (!socket.writable) return void socket.destroy();
        let head = `HTTP/1.1 ${reply.status} ${STATUS_CODES[reply.status] ?? ''}\r\n`;
        for (const [k, v] of Object.entries(reply.headers)) head += `${k}: ${v}\r\n`;
        const body = ex.method === 'HEAD' ? Buffer.alloc(0) : Buffer.from(reply.body);
        socket.end(Buffer.concat([Buffer.from(`${head}content-length: ${body.length}\r\nconnection: close\r\n\r\n`), body]));
      },
      () => bare(socket, 500),
    );
}

// RFC 9110 §5.6.2 token: the methods hyper accepts.
const REQUEST_LINE = /^([!#$%&'*+\-.^_`|~0-9A-Za-z]+) ([\x21-\x7e]+) HTTP\/1\.[01]\r?\n/;

/**
 * The request node:http refused for its method, from the bytes it had (`rawPacket`): its request
 * line and the headers that arrived with it; undefined when the line is not whole there (a method
 * sent in pieces) or not a token, which stays a bare 400. Its body, if any, is not read: the
 * connection closes after the answer.
 */
function rawExchange(raw: Uint8Array | undefined): Exchange | undefined {
  if (raw === undefined) return undefined;
  const text = Buffer.from(raw.buffer, raw.byteOffset, Math.min(raw.byteLength, 16_384)).toString('latin1');
  const m = REQUEST_LINE.exec(text);
  if (m === null) return undefined;
  const headers = new Map<string, string>();
  const end = text.search(/\r?\n\r?\n/);
  for (const line of text.slice(m[0].length, end < 0 ? text.length : end).split(/\r?\n/)) {
    const colon = line.indexOf(':');
    if (colon <= 0) continue;
    const name = line.slice(0, colon).toLowerCase();
    const value = line.slice(colon + 1).trim();
    headers.set(name, headers.has(name) ? `${headers.get(name)}, ${value}` : value);
  }
  const target = originForm(m[2]);
  const q = target.indexOf('?');
  return {
    method: m[1]!,
    path: q < 0 ? target : target.slice(0, q),
    query: q < 0 ? '' : target.slice(q + 1),
    header: (name) => headers.get(name),
    readBody: () => Promise.resolve(new Uint8Array(0)),
  };
}

/** A request target hyper refuses (400): bytes outside visible ASCII (http's `Uri` parser). */
export function badTarget(url: string | undefined): boolean {
  if (url === undefined) return false;
  // A loop, not a regular expression: ~400 instructions a request less (issue 32, callgrind).
  for (let i = 0; i < url.length; i++) {
    const c = url.charCodeAt(i);
    if (c < 0x21 || c > 0x7e) return true;
  }
  return false;
}

/**
 * Closes connections with no traffic either way for `idleMs`, found by a sweep (every quarter of it,
 * a second at most, while the server listens) instead of node:http's socket timeout, which re-armed
 * a timer on every read and write (~1,200 instructions a request, issue 32, callgrind). Traffic is
 * what node:net's own timeout sees (lib/net.js `_onTimeout`): bytes read or handed to the socket,
 * or its write queue moving, so a reply a slow client is still draining is not cut. A connection is
 * closed within one sweep after `idleMs` of silence.
 */
function closeIdle(server: Server, idleMs: number): void {
  const open = new Map<Socket, Traffic>();
  server.on('connection', (socket: Socket) => {
    open.set(socket, { seen: trafficOf(socket), queued: queuedOf(socket), since: Date.now() });
    socket.once('close', () => open.delete(socket));
  });
  const sweep = (): void => {
    const now = Date.now();
    for (const [socket, t] of open) {
      const seen = trafficOf(socket);
      const queued = queuedOf(socket);
      if (seen !== t.seen || queued !== t.queued) {
        t.seen = seen;
        t.queued = queued;
        t.since = now;
      } else if (now - t.since >= idleMs) socket.destroy();
    }
  };
  // Swept while listening, from each listen to its close (a server may listen again).
  let timer: ReturnType<typeof setInterval> | undefined;
  const start = (): void => {
    timer ??= setInterval(sweep, Math.max(10, Math.min(1000, Math.floor(idleMs / 4))));
    timer.unref();
  };
  server.on('listening', start);
  server.on('close', () => {
    clearInterval(timer);
    timer = undefined;
  });
  if (server.listening) start();
}

interface Traffic {
  seen: number;
  queued: number;
  since: number;
}

const trafficOf = (socket: Socket): number => socket.bytesRead + socket.bytesWritten;
// Bytes handed to the socket but not yet sent (libuv's write queue), as node:net reads it.
const queuedOf = (socket: Socket): number => (socket as { _handle?: { writeQueueSize?: number } | null })._handle?.writeQueueSize ?? 0;

/**
 * Applies the limits the server object holds and answers what never reaches a handler: parse
 * errors (400, 431 for headers past the limit), timeouts (408; hyper just closes, Node answers 408),
 * and CONNECT, which is answered by `exchange` like any other method (a 404 or 405 error body).
 */
export function guardServer(server: Server, o: NodeServerLimits, exchange: Serve | undefined): Server {
  const l = serverLimits(o);
  server.maxConnections = l.maxConnections;
  closeIdle(server, l.idleTimeoutMs);
  server.on('clientError', (err: NodeJS.ErrnoException & { rawPacket?: Uint8Array }, socket: Duplex) => {
    const code = err.code ?? '';
    // A response already under way, or a peer that went away: nothing more can be said.
    if (code === 'ECONNRESET' || code === 'EPIPE' || (socket as { _httpMessage?: { headersSent?: boolean } })._httpMessage?.headersSent) {
      return void socket.destroy();
    }
    if (code === 'ERR_HTTP_REQUEST_TIMEOUT') return bare(socket, 408);
    // A method node:http's parser does not know (`FOO`, a lowercase `get`): hyper takes any token,
    // and poem routes it (405 on a route, 404 elsewhere), so it is routed here from the raw head.
    const unknown = code === 'HPE_INVALID_METHOD' && exchange !== undefined ? rawExchange(err.rawPacket) : undefined;
    if (unknown !== undefined) return answerOnSocket(socket, exchange!, unknown);
    bare(socket, code === 'HPE_HEADER_OVERFLOW' ? 431 : 400);
  });
  server.on('connect', (req: IncomingMessage, socket: Duplex) => {
    if (!exchange) return bare(socket, 405);
    answerOnSocket(socket, exchange, new NodeExchange(req, 'CONNECT'));
  });
  return server;
}
