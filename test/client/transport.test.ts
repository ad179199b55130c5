import { afterEach, describe, expect, it } from 'vitest';
import { createLedgerClient, isLedgerApiError, isLedgerNetworkError, LedgerNetworkError } from '../../src/client/index.js';
import { backoffMs, validRetryPolicy } from '../../src/client/retry.js';
import { deadUrl, errorReply, jsonReply, SENDER, startStub, TRANSFER, type Stub } from './helpers.js';

const OK = jsonReply('{"message":"aptos-node:ok"}');
const BUSY = errorReply(503, 'mempool_is_full', 'busy');
// Retries wait at most 1 ms in these tests: the count of attempts is what is checked, never time.
const FAST = { retryBaseDelayMs: 1, retryMaxDelayMs: 1 };

let stub: Stub | undefined;
afterEach(async () => {
  await stub?.close();
  stub = undefined;
});

async function rejection(p: Promise<unknown>): Promise<unknown> {
  try {
    await p;
  } catch (e) {
    return e;
  }
  throw new Error('expected a rejection');
}

describe('retries', () => {
  it('are off by default: one 503 is the answer', async () => {
    stub = await startStub((_, n) => (n < 3 ? BUSY : OK));
    const e = await rejection(createLedgerClient({ baseUrl: stub.url, ...FAST }).healthy());
    expect(isLedgerApiError(e) && e.status).toBe(503);
    expect(stub.seen.length).toBe(1);
  });

  it('a GET answered 503 twice succeeds on the third try', async () => {
    stub = await startStub((_, n) => (n < 3 ? BUSY : OK));
    const r = await createLedgerClient({ baseUrl: stub.url, retries: 2, ...FAST }).healthy();
    expect(r.data.message).toBe('aptos-node:ok');
    expect(stub.seen.length).toBe(3);
  });

  it('gives up after `retries` extra attempts with the last 503', async () => {
    stub = await startStub(() => BUSY);
    const e = await rejection(createLedgerClient({ baseUrl: stub.url, retries: 2, ...FAST }).getAccount(SENDER));
    expect(isLedgerApiError(e) && e.errorCode).toBe('mempool_is_full');
    expect(stub.seen.length).toBe(3);
  });

  it('other error statuses are not retried', async () => {
    stub = await startStub((_, n) => (n < 2 ? errorReply(500, 'internal_error', 'x') : OK));
    const e = await rejection(createLedgerClient({ baseUrl: stub.url, retries: 3, ...FAST }).healthy());
    expect(isLedgerApiError(e) && e.status).toBe(500);
    expect(stub.seen.length).toBe(1);
  });

  it('a POST is never retried', async () => {
    stub = await startStub(() => BUSY);
    const e = await rejection(createLedgerClient({ baseUrl: stub.url, retries: 3, ...FAST }).encodeSubmission(TRANSFER));
    expect(isLedgerApiError(e) && e.status).toBe(503);
    expect(stub.seen.length).toBe(1);
    expect(stub.seen[0]!.method).toBe('POST');
    expect(stub.seen[0]!.headers['content-type']).toBe('application/json');
    expect(JSON.parse(stub.seen[0]!.body)).toEqual(TRANSFER);
  });

  it('a dropped connection is retried for GETs', async () => {
    stub = await startStub((_, n) => (n < 2 ? { destroy: true } : OK));
    const r = await createLedgerClient({ baseUrl: stub.url, retries: 1, ...FAST }).healthy();
    expect(r.data.message).toBe('aptos-node:ok');
    expect(stub.seen.length).toBe(2);
  });

  it('backoff is exponential with full jitter, capped', () => {
    const p = validRetryPolicy(5, 100, 1000);
    expect([0, 1, 2, 3, 4].map((i) => backoffMs(p, i, () => 0.999999))).toEqual([99, 199, 399, 799, 999]);
    expect(backoffMs(p, 3, () => 0)).toBe(0);
    expect(() => validRetryPolicy(-1, undefined, undefined)).toThrow(/retries/);
    expect(() => validRetryPolicy(1.5, undefined, undefined)).toThrow(/retries/);
  });
});

describe('network errors and timeouts', () => {
  it('connection refused is a LedgerNetworkError of kind network', async () => {
    const url = await deadUrl();
    const e = await rejection(createLedgerClient({ baseUrl: url }).getAccount(SENDER));
    expect(e).toBeInstanceOf(LedgerNetworkError);
    expect(isLedgerNetworkError(e) && e.kind).toBe('network');
    expect((e as LedgerNetworkError).url).toBe(`${url}/v1/accounts/${SENDER}`);
  });

  it('connection refused is retried, then reported', async () => {
    let calls = 0;
    const url = await deadUrl();
    const counting = (input: string, init: RequestInit) => {
      calls++;
      return fetch(input, init);
    };
    const e = await rejection(createLedgerClient({ baseUrl: url, fetch: counting, retries: 2, ...FAST }).healthy());
    expect(isLedgerNetworkError(e) && e.kind).toBe('network');
    expect(calls).toBe(3);
  });

  it('no answer within timeoutMs is a LedgerNetworkError of kind timeout', async () => {
    stub = await startStub(() => ({ hang: true }));
    const e = await rejection(createLedgerClient({ baseUrl: stub.url, timeoutMs: 50 }).getBalance(SENDER, '0xa'));
    expect(isLedgerNetworkError(e) && e.kind).toBe('timeout');
  });

  it("the caller's AbortSignal rejects with its reason, not a network error", async () => {
    stub = await startStub(() => ({ hang: true }));
    const ac = new AbortController();
    const p = createLedgerClient({ baseUrl: stub.url }).healthy({ signal: ac.signal });
    const reason = new Error('stop');
    ac.abort(reason);
    expect(await rejection(p)).toBe(reason);
  });

  it('a fetch that throws a TypeError synchronously-ish is still a network error', async () => {
    const broken = () => Promise.reject(new TypeError('fetch failed'));
    const e = await rejection(createLedgerClient({ baseUrl: 'http://127.0.0.1:1', fetch: broken }).healthy());
    expect(isLedgerNetworkError(e) && e.kind).toBe('network');
  });
});

describe('request headers', () => {
  it("configured headers cannot replace or join the client's Accept and Content-Type, whatever their case", async () => {
    stub = await startStub(() => OK);
    const c = createLedgerClient({ baseUrl: stub.url, headers: { Accept: 'text/html', 'CONTENT-TYPE': 'text/plain', 'X-Api-Key': 'k1' } });
    await c.healthy();
    expect(stub.seen[0]!.headers.accept).toBe('application/json');
    expect(stub.seen[0]!.headers['content-type']).toBeUndefined();
    expect(stub.seen[0]!.headers['x-api-key']).toBe('k1');
    await c.encodeSubmission(TRANSFER, { verify: false }).catch(() => undefined);
    expect(stub.seen[1]!.method).toBe('POST');
    expect(stub.seen[1]!.headers.accept).toBe('application/json');
    expect(stub.seen[1]!.headers['content-type']).toBe('application/json');
  });
});

describe('timeouts abort the exchange', () => {
  it('a body that stops arriving after the headers is a timeout too (the limit covers the body)', async () => {
    const { createServer } = await import('node:http');
    const server = createServer((_req, res) => {
      res.writeHead(200, { 'content-type': 'application/x-bcs' });
      res.write(Buffer.from([1, 2, 3])); // and never ends
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as import('node:net').AddressInfo;
    try {
      const e = await rejection(createLedgerClient({ baseUrl: `http://127.0.0.1:${port}`, timeoutMs: 100 }).getAccount(SENDER));
      expect(isLedgerNetworkError(e) && e.kind).toBe('timeout');
    } finally {
      server.closeAllConnections();
      server.close();
    }
  });

  it('the fetch itself is aborted at the timeout (its signal fires), not merely abandoned', async () => {
    stub = await startStub(() => ({ hang: true }));
    const signals: AbortSignal[] = [];
    const watching = (input: string, init: RequestInit) => {
      signals.push(init.signal!);
      return fetch(input, init);
    };
    const e = await rejection(createLedgerClient({ baseUrl: stub.url, fetch: watching, timeoutMs: 50 }).healthy());
    expect(isLedgerNetworkError(e) && e.kind).toBe('timeout');
    expect(signals).toHaveLength(1);
    expect(signals[0]!.aborted).toBe(true);
  });

  it('a timed-out POST is not sent again, even with retries', async () => {
    stub = await startStub(() => ({ hang: true }));
    const e = await rejection(createLedgerClient({ baseUrl: stub.url, timeoutMs: 50, retries: 3, ...FAST }).encodeSubmission(TRANSFER));
    expect(isLedgerNetworkError(e) && e.kind).toBe('timeout');
    expect(stub.seen).toHaveLength(1);
  });

  it('a timed-out GET is retried when retries are on', async () => {
    stub = await startStub((_, n) => (n < 2 ? { hang: true } : OK));
    const r = await createLedgerClient({ baseUrl: stub.url, timeoutMs: 100, retries: 1, ...FAST }).healthy();
    expect(r.data.message).toBe('aptos-node:ok');
    expect(stub.seen).toHaveLength(2);
  });
});

describe('a fetch that ignores its signal', () => {
  const deaf = () => new Promise<Response>(() => {}); // never settles, whatever the signal says

  it('still times out: timeoutMs bounds the call, not only what the fetch honours', async () => {
    const e = await rejection(createLedgerClient({ baseUrl: 'http://127.0.0.1:1', fetch: deaf, timeoutMs: 50 }).healthy());
    expect(isLedgerNetworkError(e) && e.kind).toBe('timeout');
  });

  it("still rejects with the caller's abort reason", async () => {
    const ac = new AbortController();
    const p = createLedgerClient({ baseUrl: 'http://127.0.0.1:1', fetch: deaf }).healthy({ signal: ac.signal });
    const reason = new Error('stop');
    setTimeout(() => ac.abort(reason), 10);
    expect(await rejection(p)).toBe(reason);
  });
});
