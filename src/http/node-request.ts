import type { IncomingMessage, ServerResponse } from 'node:http';
import { declaredLength } from './body.js';
import { writeReply, type Done } from './node-reply.js';
import { payloadTooLarge, payloadTooLargeError } from './responses.js';

// node:http for any web-standard handler: a `Request` whose body streams from the socket under the
// size limit (413 by Content-Length up front, or once the stream passes it), the `Response`
// streamed back with backpressure, and the handler's signal aborted when the client goes away.

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
          c.error(payloadTooLargeError());
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

