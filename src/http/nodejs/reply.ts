import type { ServerResponse } from 'node:http';
import { errorBody } from '../../records/index.js';
import type { Reply } from '../exchange.js';

/** Reports one finished request: its status, whether the client went away first, and the content type written. */
export type Done = (status: number, aborted: boolean, contentType?: string) => void;

/** Writes a reply in one piece (known length), unless the client is gone. */
export function writeReply(res: ServerResponse, reply: Reply, method: string, done: Done): void {
  if (res.destroyed || res.socket?.destroyed) return done(reply.status, true);
  // A known length keeps the reply one write, without chunked framing.
  // Reply headers are a fresh object per reply: set the length in place (measured, unless the route knew it).
  const body = reply.body;
  reply.headers['content-length'] = String(reply.bytes ?? (typeof body === 'string' ? Buffer.byteLength(body) : body.byteLength));
  res.writeHead(reply.status, reply.headers);
  res.end(method === 'HEAD' ? undefined : reply.body);
  done(reply.status, false, reply.headers['content-type']);
}

/** After a throw: a 500 when nothing was written yet, else the connection is cut. */
export function writeFailure(res: ServerResponse, done: Done): void {
  try {
    if (!res.headersSent && !res.destroyed) {
      res.writeHead(500, { 'content-type': 'application/json; charset=utf-8' });
      res.end(JSON.stringify(errorBody('internal_error', 'Internal error')));
      return done(500, false, 'application/json; charset=utf-8');
    }
  } catch {
    // Fall through: the connection is unusable.
  }
  res.destroy();
  done(res.statusCode, true);
}
