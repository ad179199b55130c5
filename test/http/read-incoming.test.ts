import { PassThrough } from 'node:stream';
import type { IncomingMessage } from 'node:http';
import { describe, expect, it } from 'vitest';
import { CappedBody } from '../../src/bcs/internal.js';
import { readIncoming } from '../../src/http/nodejs/request.js';

// The node:http adapter's one body reader (src/http/nodejs/request.ts `readIncoming`) over a stand-in
// request: how a read ends when a chunk passes the limit, or when the sink refuses one.
function read(limit: number, refuseAt: number | undefined, chunks: string[]) {
  const req = new PassThrough() as unknown as IncomingMessage & PassThrough;
  const taken: string[] = [];
  const ends: string[] = [];
  const sink = { take: (c: Uint8Array) => (taken.length === refuseAt ? false : (taken.push(Buffer.from(c).toString()), true)) };
  readIncoming(req, new CappedBody(limit, sink), { end: () => ends.push('end'), tooLarge: () => ends.push('tooLarge'), fail: (e) => ends.push(`fail ${e?.message}`) });
  for (const c of chunks) req.write(c);
  req.end();
  return new Promise<{ taken: string[]; ends: string[] }>((resolve) => setTimeout(() => resolve({ taken, ends }), 20));
}

describe('readIncoming', () => {
  it('ends whole, or too large at the chunk that passes the limit', async () => {
    expect(await read(6, undefined, ['abc', 'def'])).toEqual({ taken: ['abc', 'def'], ends: ['end'] });
    expect(await read(5, undefined, ['abc', 'def', 'g'])).toEqual({ taken: ['abc'], ends: ['tooLarge'] });
  });
  it('a second read of the same request fails at once; the first reads every chunk once', async () => {
    const req = new PassThrough() as unknown as IncomingMessage & PassThrough;
    const taken: string[] = [];
    const ends: string[] = [];
    const end = (name: string) => ({ end: () => ends.push(`${name} end`), tooLarge: () => ends.push(`${name} tooLarge`), fail: (e?: Error) => ends.push(`${name} fail ${e?.message}`) });
    readIncoming(req, new CappedBody(100, { take: (c) => (taken.push(Buffer.from(c).toString()), true) }), end('first'));
    readIncoming(req, new CappedBody(100, { take: () => true }), end('second'));
    req.write('abc');
    req.end('def');
    await new Promise((r) => setTimeout(r, 20));
    expect({ taken, ends }).toEqual({ taken: ['abc', 'def'], ends: ['second fail the request body is being read already', 'first end'] });
  });
  it('a chunk its sink refuses (the owner not stopping the read) fails the read, never a whole body without it', async () => {
    expect(await read(100, 1, ['abc', 'def', 'ghi'])).toEqual({ taken: ['abc'], ends: ['fail the request body was refused while it arrived'] });
  });
});
