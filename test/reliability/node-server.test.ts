import { createServer, type Server } from 'node:http';
import { connect } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { createLedgerHandler } from '../../src/http/handler.js';
import { createNodeServer, NODE_SERVER_DEFAULTS, type NodeAdapterOptions } from '../../src/http/node.js';
import { guardServer } from '../../src/http/nodejs/server.js';
import { ledger, NOW_MS } from '../client/helpers.js';

// The node adapter against slow and malformed peers, over raw sockets. Before: headers or a body
// dripping a byte a second held a connection past 100 s (Node's 408 only at 90 s, checked every
// 30 s), and malformed HTTP got Node's answers (400 without Host, nothing for CONNECT).

let server: Server | undefined;
afterEach(async () => {
  if (server) {
    server.closeAllConnections();
    await new Promise((r) => server!.close(r));
  }
  server = undefined;
});

async function listen(options: NodeAdapterOptions = {}): Promise<number> {
  server = createNodeServer(createLedgerHandler({ ledgerInfo: () => ledger(), now: () => NOW_MS }), options);
  await new Promise<void>((r) => server!.listen(0, '127.0.0.1', r));
  return (server.address() as { port: number }).port;
}

/** Sends `parts` (a string, or chunks with pauses between) and resolves with all the server wrote, once it closes. */
function exchange(port: number, parts: string | Buffer | (string | number)[]): Promise<string> {
  return new Promise((resolve) => {
    const s = connect(port, '127.0.0.1');
    let out = '';
    let stop = false;
    s.setEncoding('latin1');
    s.on('data', (d: string) => (out += d));
    s.on('error', () => {});
    s.on('close', () => {
      stop = true;
      resolve(out);
    });
    void (async () => {
      for (const p of Array.isArray(parts) ? parts : [parts]) {
        if (stop) return;
        if (typeof p === 'number') await new Promise((r) => setTimeout(r, p));
        else s.write(p);
      }
    })();
  });
}

const drip = (text: string, ms: number): (string | number)[] => [...text].flatMap((c) => [c, ms]);

describe('slow peers', () => {
  it('the defaults', () => {
    expect(NODE_SERVER_DEFAULTS).toEqual({ headersTimeoutMs: 30_000, requestTimeoutMs: 60_000, idleTimeoutMs: 30_000, keepAliveTimeoutMs: 5_000, maxConnections: 1024, maxHeaderBytes: 16_384, maxBufferedBytes: 256 * 1024 * 1024 });
  });

  it('headers not complete within headersTimeoutMs: 408 and the connection closed', async () => {
    const port = await listen({ headersTimeoutMs: 200 });
    expect(await exchange(port, ['POST /v1/trans'])).toBe('HTTP/1.1 408 Request Timeout\r\ncontent-length: 0\r\nconnection: close\r\n\r\n');
  });

  it('headers dripping a byte at a time are still bounded by headersTimeoutMs', async () => {
    const port = await listen({ headersTimeoutMs: 200 });
    expect(await exchange(port, drip('GET /v1/-/healthy HTTP/1.1\r\nHost: x\r\nX-Slow: ' + 'a'.repeat(200), 20))).toMatch(/^HTTP\/1\.1 408 /);
  });

  it('a body dripping a byte at a time is bounded by requestTimeoutMs', async () => {
    const port = await listen({ headersTimeoutMs: 200, requestTimeoutMs: 300 });
    const head = 'POST /v1/transactions/encode_submission HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n\r\n';
    expect(await exchange(port, [head, ...drip('{"a":"' + 'b'.repeat(500), 20)])).toMatch(/^HTTP\/1\.1 408 /);
  });

  it('a chunked body that never ends is bounded by requestTimeoutMs', async () => {
    const port = await listen({ headersTimeoutMs: 200, requestTimeoutMs: 300 });
    const head = 'POST /v1/transactions/encode_submission HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\n';
    const chunks = Array.from({ length: 100 }, () => ['1\r\n \r\n', 20]).flat();
    expect(await exchange(port, [head, ...chunks])).toMatch(/^HTTP\/1\.1 408 /);
  });

  it('a connection that says nothing is closed', async () => {
    const port = await listen({ headersTimeoutMs: 200, idleTimeoutMs: 200 });
    expect(await exchange(port, [])).toMatch(/^(HTTP\/1\.1 408 |)/);
  });

  it('a connection with no traffic either way is closed after idleTimeoutMs, whatever the other limits', async () => {
    const port = await listen({ headersTimeoutMs: 10_000, requestTimeoutMs: 10_000, idleTimeoutMs: 300 });
    const socket = connect(port, '127.0.0.1');
    socket.on('error', () => {});
    const start = Date.now();
    await new Promise((r) => socket.once('close', r));
    const ms = Date.now() - start;
    expect(ms).toBeGreaterThanOrEqual(250);
    expect(ms).toBeLessThan(3_000);
  });

  it('a server that listens again still closes idle connections', async () => {
    await listen({ headersTimeoutMs: 10_000, requestTimeoutMs: 10_000, idleTimeoutMs: 200 });
    await new Promise((r) => server!.close(r));
    await new Promise<void>((r) => server!.listen(0, '127.0.0.1', r));
    const socket = connect((server!.address() as { port: number }).port, '127.0.0.1');
    socket.on('error', () => {});
    const start = Date.now();
    await new Promise((r) => socket.once('close', r));
    expect(Date.now() - start).toBeLessThan(3_000);
  });

  it('a reply a slow client is still draining is not cut as idle', async () => {
    // More than loopback's socket buffers take at once, so most of it waits in the write queue.
    const big = Buffer.alloc(32 * 1024 * 1024, 0x61);
    server = guardServer(createServer((_req, res) => res.end(big)), { idleTimeoutMs: 1_000 }, undefined);
    await new Promise<void>((r) => server!.listen(0, '127.0.0.1', r));
    // Seen from the server's side: a client's paused socket reports a close only once it has read
    // what it holds.
    let closed = false;
    server.on('connection', (s) => s.on('close', () => (closed = true)));
    const socket = connect((server.address() as { port: number }).port, '127.0.0.1');
    let got = 0;
    socket.on('error', () => {});
    // A chunk at a time, 5 ms apart: about 9 MB/s here. The server's socket takes ~1.4 MB each time
    // the kernel's buffer drains (~200 ms apart): only its write queue moves in between.
    socket.on('data', (d: Buffer) => {
      got += d.length;
      socket.pause();
      setTimeout(() => socket.resume(), 5);
    });
    socket.write('GET / HTTP/1.1\r\nHost: x\r\n\r\n');
    await new Promise((r) => setTimeout(r, 1_800));
    const halfway = got;
    await new Promise((r) => setTimeout(r, 500));
    expect(closed).toBe(false);
    expect(got).toBeGreaterThan(halfway);
    expect(got).toBeLessThan(big.length);
    socket.destroy();
  });

  it('an idle keep-alive connection is closed after keepAliveTimeoutMs', async () => {
    const port = await listen({ keepAliveTimeoutMs: 100 });
    const out = await exchange(port, 'GET /v1/-/healthy HTTP/1.1\r\nHost: x\r\n\r\n');
    expect(out).toMatch(/^HTTP\/1\.1 200 OK/);
  });

  it('connections past maxConnections are closed at once', async () => {
    const port = await listen({ maxConnections: 1, headersTimeoutMs: 5000 });
    const first = connect(port, '127.0.0.1');
    first.on('error', () => {});
    await new Promise((r) => first.once('connect', r));
    await new Promise((r) => setTimeout(r, 50));
    expect(await exchange(port, 'GET /v1/-/healthy HTTP/1.1\r\nHost: x\r\n\r\n')).toBe('');
    first.destroy();
  });

  it('limits must be positive integers', () => {
    expect(() => createNodeServer(createLedgerHandler({ ledgerInfo: () => ledger() }), { headersTimeoutMs: 0 })).toThrow(RangeError);
    expect(() => createNodeServer(createLedgerHandler({ ledgerInfo: () => ledger() }), { maxConnections: 1.5 })).toThrow(RangeError);
  });
});

describe('malformed HTTP: as hyper (under poem) answers it', () => {
  const BARE_400 = 'HTTP/1.1 400 Bad Request\r\ncontent-length: 0\r\nconnection: close\r\n\r\n';

  it('no Host header: served (hyper does not require one)', async () => {
    const port = await listen();
    expect(await exchange(port, 'GET /v1/-/healthy HTTP/1.1\r\nConnection: close\r\n\r\n')).toMatch(/^HTTP\/1\.1 200 OK[\s\S]*aptos-node:ok"\}$/);
  });

  it('Content-Length with Transfer-Encoding: 400, no body', async () => {
    const port = await listen();
    expect(await exchange(port, 'POST /v1/transactions/encode_submission HTTP/1.1\r\nHost: x\r\nContent-Length: 5\r\nTransfer-Encoding: chunked\r\n\r\n0\r\n\r\n')).toBe(BARE_400);
  });

  it('a 0xff byte in the path: 400, no body', async () => {
    const port = await listen();
    expect(await exchange(port, Buffer.from('GET /v1/-/heal\xffthy HTTP/1.1\r\nHost: x\r\n\r\n', 'latin1'))).toBe(BARE_400);
  });

  it('headers past maxHeaderBytes: 431, no body', async () => {
    const port = await listen();
    expect(await exchange(port, `GET /v1/-/healthy HTTP/1.1\r\nHost: x\r\nX-A: ${'a'.repeat(17_000)}\r\n\r\n`)).toBe(
      'HTTP/1.1 431 Request Header Fields Too Large\r\ncontent-length: 0\r\nconnection: close\r\n\r\n',
    );
  });

  it('not HTTP at all: 400, no body', async () => {
    const port = await listen();
    expect(await exchange(port, Buffer.from([0x16, 0x03, 0x01, 0x00, 0xa5, 0x0d, 0x0a, 0x0d, 0x0a]))).toBe(BARE_400);
  });

  it('CONNECT is routed like any method: 405 on a route, 404 elsewhere, with the error body', async () => {
    const port = await listen();
    const onRoute = await exchange(port, 'CONNECT /v1/-/healthy HTTP/1.1\r\nHost: x\r\n\r\n');
    expect(onRoute).toMatch(/^HTTP\/1\.1 405 Method Not Allowed\r\n/);
    expect(onRoute).toMatch(/\r\nallow: GET, HEAD\r\n/i);
    expect(onRoute.slice(onRoute.indexOf('\r\n\r\n') + 4)).toBe('{"message":"method not allowed","error_code":"web_framework_error","vm_error_code":null}');
    const elsewhere = await exchange(port, 'CONNECT example.com:443 HTTP/1.1\r\nHost: example.com:443\r\n\r\n');
    expect(elsewhere).toMatch(/^HTTP\/1\.1 404 Not Found\r\n[\s\S]*"error_code":"web_framework_error"/);
  });

  it('methods node:http does not know (FOO, a lowercase get) are routed too: 405 on a route with the error body, 404 elsewhere', async () => {
    const port = await listen();
    for (const method of ['FOO', 'get', 'M-Y_2']) {
      const onRoute = await exchange(port, `${method} /v1/-/healthy HTTP/1.1\r\nHost: x\r\n\r\n`);
      expect(onRoute).toMatch(/^HTTP\/1\.1 405 Method Not Allowed\r\n/);
      expect(onRoute).toMatch(/\r\nallow: GET, HEAD\r\n/i);
      expect(onRoute).toMatch(/\r\nx-svc-chain-id: 4\r\n/i); // the ledger headers, as on any route
      expect(onRoute.slice(onRoute.indexOf('\r\n\r\n') + 4)).toBe('{"message":"method not allowed","error_code":"web_framework_error","vm_error_code":null}');
    }
    expect(await exchange(port, 'FOO /v1/nowhere?x=1 HTTP/1.1\r\nHost: x\r\n\r\n')).toMatch(/^HTTP\/1\.1 404 Not Found\r\n[\s\S]*"message":"not found","error_code":"web_framework_error"/);
    // The absolute form is routed by its path, as for known methods.
    expect(await exchange(port, 'FOO http://x/v1/-/healthy HTTP/1.1\r\nHost: x\r\n\r\n')).toMatch(/^HTTP\/1\.1 405 /);
  });

  it('what cannot be routed stays a bare 400: a method that is not a token, or one whose request line arrives in pieces', async () => {
    const port = await listen();
    expect(await exchange(port, 'G(T /v1/-/healthy HTTP/1.1\r\nHost: x\r\n\r\n')).toBe(BARE_400);
    expect(await exchange(port, ['FO', 50, 'O /v1/-/healthy HTTP/1.1\r\nHost: x\r\n\r\n'])).toBe(BARE_400);
  });
});
