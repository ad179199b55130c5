import type { IncomingMessage } from 'node:http';
import { cappedBytes } from '../bcs/internal.js';
import { TOO_LARGE, type BodyRead, type Exchange } from './exchange.js';
import { originForm } from './node-request.js';

// A node:http request as the handler's exchange, for the adapter's requests and for CONNECT (whose
// socket is handed over, so it has no body to read).

/** One request as the handler reads it: methods on the prototype, so no closures per request. */
export class NodeExchange implements Exchange {
  readonly path: string;
  readonly query: string;
  constructor(
    private readonly req: IncomingMessage,
    readonly method: string,
    private readonly bodyless = false,
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
    return this.bodyless ? Promise.resolve(new Uint8Array(0)) : readIncoming(this.req, max);
  }
}

/** Collects the body up to `limit` bytes; past it, discards the rest and reports TOO_LARGE. */
function readIncoming(req: IncomingMessage, limit: number): Promise<BodyRead> {
  return new Promise((resolve, reject) => {
    const body = cappedBytes(limit);
    const cleanup = () => {
      req.off('data', onData);
      req.off('end', onEnd);
      req.off('error', onError);
      req.off('close', onClose);
    };
    const onData = (c: Uint8Array) => {
      if (body.add(c)) return;
      cleanup();
      req.resume();
      resolve(TOO_LARGE);
    };
    const onEnd = () => {
      cleanup();
      resolve(body.bytes());
    };
    const onError = (e: Error) => {
      cleanup();
      reject(e);
    };
    const onClose = () => {
      cleanup();
      if (!req.complete) reject(new Error('client closed the connection before the body was complete'));
      else resolve(body.bytes());
    };
    req.on('data', onData);
    req.on('end', onEnd);
    req.on('error', onError);
    req.on('close', onClose);
  });
}
