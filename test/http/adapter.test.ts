import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listen, type Running } from './helpers.js';

// toNodeListener with a handler that is not ours: a `Request` whose body streams from the socket
// under the adapter's limit, and the `Response` streamed back.

let srv: Running;
const log: { method: string; path: string; status: number; aborted: boolean }[] = [];
const bodyErrors: string[] = [];
beforeAll(async () => {
  srv = await listen(
    async (req) => {
      if (new URL(req.url).pathname === '/throw') throw new Error('handler bug');
      const body = await req.arrayBuffer().catch((e: Error) => {
        bodyErrors.push(e.message);
        throw e;
      });
      return new Response(`${req.method} ${body.byteLength} ${req.headers.get('x-test') ?? ''}`, {
        status: 201,
        headers: [['set-cookie', 'a=1'], ['set-cookie', 'b=2'], ['x-echo', 'yes']],
      });
    },
    { maxBodyBytes: 1000, onResponse: (e) => void log.push({ method: e.method, path: e.path, status: e.status, aborted: e.aborted }) },
  );
});
afterAll(() => srv.close());

describe('toNodeListener (any web handler)', () => {
  it('passes method, headers and body, and returns status, headers and cookies', async () => {
    const res = await fetch(`${srv.url}/echo?q=1`, { method: 'PUT', headers: { 'x-test': 'hi' }, body: 'x'.repeat(1000) });
    expect(res.status).toBe(201);
    expect(await res.text()).toBe('PUT 1000 hi');
    expect(res.headers.get('x-echo')).toBe('yes');
    expect(res.headers.getSetCookie()).toEqual(['a=1', 'b=2']);
    expect(log.at(-1)).toEqual({ method: 'PUT', path: '/echo', status: 201, aborted: false });
  });

  it('a request target in absolute form reaches the handler as its path and query', async () => {
    const reply = await new Promise<string>((resolve) => {
      let out = '';
      const s = connect(srv.port, '127.0.0.1', () => s.end('GET http://elsewhere/echo?q=1 HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n'));
      s.on('data', (d) => (out += d));
      s.on('close', () => resolve(out));
    });
    expect(reply).toMatch(/^HTTP\/1\.1 201 /);
    expect(log.at(-1)).toEqual({ method: 'GET', path: '/echo', status: 201, aborted: false });
  });

  it('413 by Content-Length and while streaming', async () => {
    const byLength = await fetch(`${srv.url}/echo`, { method: 'POST', body: 'x'.repeat(1001) });
    expect(byLength.status).toBe(413);
    expect(await byLength.json()).toEqual({ message: 'payload too large', error_code: 'web_framework_error', vm_error_code: null });
    // Client and server share this event loop: the client writes until the socket pushes back,
    // then the server reads, trips the limit and answers. Without the limit: 1.6 GB.
    let n = 0;
    const body = new ReadableStream<Uint8Array>({
      pull(c) {
        if (n++ > 100_000) return c.close();
        c.enqueue(new Uint8Array(16384));
      },
    });
    const streamed = await fetch(`${srv.url}/echo`, { method: 'POST', body, duplex: 'half' } as RequestInit);
    expect(streamed.status).toBe(413);
    expect(n).toBeLessThan(100_000);
  });

  it('the limit holds at its byte: a streamed body of 1000 bytes is read, of 1001 is a 413', async () => {
    const streamed = (size: number) => {
      // Two chunks and no Content-Length (chunked): the adapter counts them as they arrive.
      const parts = [new Uint8Array(600), new Uint8Array(size - 600)];
      const body = new ReadableStream<Uint8Array>({ pull: (c) => (parts.length > 0 ? c.enqueue(parts.shift()!) : c.close()) });
      return fetch(`${srv.url}/echo`, { method: 'POST', body, duplex: 'half' } as RequestInit);
    };
    const fits = await streamed(1000);
    expect([fits.status, await fits.text()]).toEqual([201, 'POST 1000 ']);
    expect((await streamed(1001)).status).toBe(413);
  });

  it("a client gone before its body is whole fails the handler's read with node:http's own error", async () => {
    const before = bodyErrors.length;
    await new Promise<void>((resolve) => {
      const s = connect(srv.port, '127.0.0.1', () => s.write('POST /echo HTTP/1.1\r\nHost: x\r\nContent-Length: 500\r\n\r\n' + 'x'.repeat(100)));
      setTimeout(() => s.destroy(), 100);
      s.on('close', () => resolve());
    });
    // lib/_http_server.js `abortIncoming` destroys the request with ECONNRESET 'aborted', passed on as it came.
    await expect.poll(() => bodyErrors.slice(before)).toEqual(['aborted']);
  });

  it('a throwing handler is a 500 and the server stays up', async () => {
    const res = await fetch(`${srv.url}/throw`);
    expect(res.status).toBe(500);
    expect(await res.json()).toEqual({ message: 'Internal error', error_code: 'internal_error', vm_error_code: null });
    expect((await fetch(`${srv.url}/echo`)).status).toBe(201);
  });
});
