import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  createLedgerClient,
  isLedgerApiError,
  isLedgerNetworkError,
  isLedgerResponseError,
  MAX_ERROR_MESSAGE_LENGTH,
  type FetchLike,
} from '../../src/client/index.js';
import { bcsReply, errorReply, jsonReply, SENDER, startStub, TRANSFER, type Stub } from '../client/helpers.js';
import { blockWithArgs, rejection } from './helpers.js';

// A hostile node: the client stays bounded in memory, time and what it passes on as the node's.

let stubs: Stub[] = [];
afterEach(async () => {
  vi.restoreAllMocks();
  vi.useRealTimers();
  await Promise.all(stubs.map((s) => s.close()));
  stubs = [];
});

async function stub(...a: Parameters<typeof startStub>): Promise<Stub> {
  const s = await startStub(...a);
  stubs.push(s);
  return s;
}

describe('a node cannot exhaust the client', () => {
  it('a block of many empty arguments is refused by the decode budget, not decoded', async () => {
    const body = blockWithArgs(new Array<Uint8Array>(1_000_000).fill(new Uint8Array(0)));
    const node = await stub(() => bcsReply(body));
    const e = await rejection(createLedgerClient({ baseUrl: node.url }).getBlockByHeight(42, { withTransactions: true }));
    expect(isLedgerResponseError(e) && e.code).toBe('malformed_body');
    expect((e as Error).message).toContain('decode budget exceeded');
  });

  it('the same block with a few arguments decodes', async () => {
    const node = await stub(() => bcsReply(blockWithArgs([new Uint8Array(0), new Uint8Array(3)])));
    const r = await createLedgerClient({ baseUrl: node.url }).getBlockByHeight(42, { withTransactions: true });
    expect(r.data.transactions).toHaveLength(4);
  });

  it('timeoutMs bounds the decode too: a decode running past the deadline stops as a timeout', async () => {
    // A 2 MiB argument: the decode spends over a MiB of its budget, so it looks at the clock.
    const node = await stub(() => bcsReply(blockWithArgs([new Uint8Array(2 << 20)])));
    const realNow = Date.now.bind(Date);
    let shift = 0;
    vi.spyOn(Date, 'now').mockImplementation(() => realNow() + shift);
    const fetchThenLate: FetchLike = async (url, init) => {
      const res = await fetch(url, init);
      const bytes = new Uint8Array(await res.arrayBuffer());
      shift = 3_600_000; // the hour passes once the body is in: only the decode can notice
      return new Response(bytes, { status: res.status, headers: res.headers });
    };
    const e = await rejection(createLedgerClient({ baseUrl: node.url, fetch: fetchThenLate, timeoutMs: 60_000 }).getBlockByHeight(42, { withTransactions: true }));
    expect(isLedgerNetworkError(e) && e.kind).toBe('timeout');
  });

  it('timeoutMs has a finite default (30 s)', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const silent: FetchLike = (_url, init) =>
      new Promise((_, reject) => init.signal?.addEventListener('abort', () => reject(init.signal?.reason)));
    const p = rejection(createLedgerClient({ baseUrl: 'http://127.0.0.1:1', fetch: silent }).healthy());
    await vi.advanceTimersByTimeAsync(29_999);
    let settled = false;
    void p.then(() => (settled = true));
    await Promise.resolve();
    expect(settled).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    const e = await p;
    expect(isLedgerNetworkError(e) && e.kind).toBe('timeout');
  });
});

describe('error bodies', () => {
  it('a 10 MiB message is cut at MAX_ERROR_MESSAGE_LENGTH characters, saying how much was cut', async () => {
    const node = await stub(() => errorReply(400, 'invalid_input', 'x'.repeat(10 << 20)));
    const e = await rejection(createLedgerClient({ baseUrl: node.url }).getAccount(SENDER));
    expect(isLedgerApiError(e)).toBe(true);
    const m = (e as Error).message;
    expect(m.length).toBeLessThan(MAX_ERROR_MESSAGE_LENGTH + 64);
    expect(m).toMatch(/^x{4096}… \(10481664 more characters\)$/);
  });

  it('an error_code the interface does not have is marked unknown, the sent one kept apart', async () => {
    const node = await stub(() => errorReply(400, 'totally_legit_node_code', 'hello'));
    const e = await rejection(createLedgerClient({ baseUrl: node.url }).getAccount(SENDER));
    expect(isLedgerApiError(e) && [e.errorCode, e.sentErrorCode]).toEqual(['unknown_error_code', 'totally_legit_node_code']);
    // Inherited names are no code either.
    const proto = await stub(() => errorReply(400, 'constructor', 'hello'));
    const e2 = await rejection(createLedgerClient({ baseUrl: proto.url }).getAccount(SENDER));
    expect(isLedgerApiError(e2) && e2.errorCode).toBe('unknown_error_code');
  });

  it('a known code stays as sent', async () => {
    const node = await stub(() => errorReply(404, 'account_not_found', 'no'));
    const e = await rejection(createLedgerClient({ baseUrl: node.url }).getAccount(SENDER));
    expect(isLedgerApiError(e) && [e.errorCode, e.sentErrorCode]).toEqual(['account_not_found', 'account_not_found']);
  });
});

describe('redirects', () => {
  it('one to another origin is refused: the body and the caller headers are not sent there', async () => {
    const other = await stub(() => jsonReply('"0xdead"'));
    const node = await stub(() => ({ status: 307, headers: { location: `${other.url}/v1/transactions/encode_submission` } }));
    const client = createLedgerClient({ baseUrl: node.url, headers: { 'x-api-key': 'secret' } });
    const e = await rejection(client.encodeSubmission(TRANSFER));
    expect(isLedgerResponseError(e) && [e.code, e.status]).toEqual(['redirect', 307]);
    expect(other.seen).toHaveLength(0);
    expect(node.seen).toHaveLength(1);
  });

  it('another port on the same host is another origin', async () => {
    const other = await stub(() => jsonReply('{"message":"aptos-node:ok"}'));
    const node = await stub(() => ({ status: 302, headers: { location: `${other.url}/v1/-/healthy` } }));
    const e = await rejection(createLedgerClient({ baseUrl: node.url }).healthy());
    expect(isLedgerResponseError(e) && e.code).toBe('redirect');
    expect(other.seen).toHaveLength(0);
  });

  it('one within the origin is followed, keeping a POST body on 307', async () => {
    const node = await stub((req) =>
      req.url.endsWith('/encode_submission')
        ? { status: 307, headers: { location: '/v1/transactions/encode_submission2' } }
        : errorReply(400, 'invalid_input', `got ${req.method} ${req.body.length > 0 ? 'with' : 'without'} a body`),
    );
    const e = await rejection(createLedgerClient({ baseUrl: node.url }).encodeSubmission(TRANSFER));
    expect(isLedgerApiError(e) && e.message).toBe('got POST with a body');
    expect(node.seen.map((s) => s.url)).toEqual(['/v1/transactions/encode_submission', '/v1/transactions/encode_submission2']);
  });

  it('a redirect loop ends after 5 hops', async () => {
    const node = await stub(() => ({ status: 302, headers: { location: '/v1/-/healthy' } }));
    const e = await rejection(createLedgerClient({ baseUrl: node.url }).healthy());
    expect(isLedgerResponseError(e) && e.code).toBe('redirect');
    expect(node.seen).toHaveLength(6);
  });

  it('a redirect status without a Location is just a status', async () => {
    const server = createServer((_req, res) => res.writeHead(301).end());
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    try {
      const e = await rejection(createLedgerClient({ baseUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}` }).healthy());
      expect(isLedgerResponseError(e) && e.code).toBe('unexpected_status');
    } finally {
      server.close();
      server.closeAllConnections();
    }
  });
});
