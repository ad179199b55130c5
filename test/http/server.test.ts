import { connect, type Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { encodeSubmission } from '../../src/submission/index.js';
import {
  errorBody,
  expectLedgerHeaders,
  JSON_HEADERS,
  ledger,
  LEDGER_HEADERS,
  NOW_MS,
  post,
  startLedgerServer,
  V2_REQUEST,
  V2_SIGNING_MESSAGE,
  type Running,
} from './helpers.js';

const ENCODE = '/v1/transactions/encode_submission';
const LIMIT = 4096;

let srv: Running;
beforeAll(async () => {
  srv = await startLedgerServer({ maxBodyBytes: LIMIT });
});
afterAll(() => srv.close());

describe('POST /v1/transactions/encode_submission', () => {
  it('answers V2 with the fixture signing message, as a JSON string, with the ledger headers', async () => {
    const res = await post(srv.url, JSON.stringify(V2_REQUEST));
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/json; charset=utf-8');
    expectLedgerHeaders(res);
    const text = await res.text();
    expect(text).toBe(`"${V2_SIGNING_MESSAGE}"`);
    expect(JSON.parse(text)).toBe(encodeSubmission(V2_REQUEST, { chainId: 4 }).hex);
  });

  it('signs with the chain id of the ledger-info provider', async () => {
    const s = await startLedgerServer({ ledgerInfo: () => Promise.resolve(ledger({ chainId: 2 })) });
    try {
      const res = await post(s.url, JSON.stringify(V2_REQUEST));
      expect(res.status).toBe(200);
      expect(res.headers.get('x-svc-chain-id')).toBe('2');
      expect(await res.json()).toBe(`${V2_SIGNING_MESSAGE.slice(0, -2)}02`);
    } finally {
      await s.close();
    }
  });

  it('accepts application/*+json and charset parameters, and a chunked body under the limit', async () => {
    const res = await post(srv.url, JSON.stringify(V2_REQUEST), { 'content-type': 'application/vnd.api+json; charset=UTF-8' });
    expect(await res.json()).toBe(V2_SIGNING_MESSAGE);
    const bytes = new TextEncoder().encode(JSON.stringify(V2_REQUEST));
    const chunked = await fetch(srv.url + ENCODE, {
      method: 'POST',
      headers: JSON_HEADERS,
      body: chunks([bytes.slice(0, 10), bytes.slice(10, 100), bytes.slice(100)]),
      duplex: 'half',
    } as RequestInit);
    expect(chunked.status).toBe(200);
    expect(await chunked.json()).toBe(V2_SIGNING_MESSAGE);
  });

  it('malformed JSON: 400 web_framework_error with serde_json text', async () => {
    const res = await post(srv.url, '{"sender": ');
    expect(res.status).toBe(400);
    expectLedgerHeaders(res);
    const body = await errorBody(res);
    expect(body.error_code).toBe('web_framework_error');
    expect(body.message).toMatch(/^parse request payload error: EOF while parsing a value at line 1 column 11/);
  });

  it('bytes that are not UTF-8: 400 web_framework_error', async () => {
    const res = await post(srv.url, new Uint8Array([0x7b, 0x22, 0xff, 0x22, 0x7d]));
    expect(res.status).toBe(400);
    const body = await errorBody(res);
    // serde_json's from_slice checks a string's UTF-8 once it has read the closing quote.
    expect(body).toEqual({ message: 'parse request payload error: invalid unicode code point at line 1 column 4', error_code: 'web_framework_error', vm_error_code: null });
  });

  it('bytes that are not UTF-8 fail where serde_json\'s from_slice fails on them', async () => {
    const message = async (parts: (string | number[])[]) => {
      const bytes = parts.flatMap((p) => (typeof p === 'string' ? [...new TextEncoder().encode(p)] : p));
      return (await errorBody(await post(srv.url, new Uint8Array(bytes)))).message.replace('parse request payload error: ', '');
    };
    expect(await message(['{"sender":"ab', [0xc3, 0x28], 'cd\\n","x":1}'])).toBe('invalid unicode code point at line 1 column 20');
    expect(await message(['{\n "a": "é",\n "b": "', [0xed, 0xa0, 0x80], '"}'])).toBe('invalid unicode code point at line 3 column 11');
    expect(await message(['[', [0xff], ']'])).toBe('expected value at line 1 column 2');
    expect(await message(['{"a":1 ', [0xfe], '}'])).toBe('expected `,` or `}` at line 1 column 8');
    expect(await message(['{"a":1,, "b":"', [0x80], '"}'])).toBe('key must be a string at line 1 column 8');
    expect(await message(['{"a":"', [0xff], '\\q"}'])).toBe('invalid escape at line 1 column 9');
    expect(await message(['{"a":"', [0xff]])).toBe('EOF while parsing a string at line 1 column 7');
  });

  it('an empty body reads as null, as poem does: 400 web_framework_error naming the request type', async () => {
    const res = await post(srv.url, '');
    expect(res.status).toBe(400);
    const body = await errorBody(res);
    expect(body.error_code).toBe('web_framework_error');
    expect(body.message).toContain('EncodeSubmissionRequest');
  });

  it('a conversion failure: 400 invalid_input with the node message', async () => {
    const request = { ...V2_REQUEST, payload: { ...V2_REQUEST.payload, arguments: ['0xb0'] } };
    const res = await post(srv.url, JSON.stringify(request));
    expect(res.status).toBe(400);
    expectLedgerHeaders(res);
    const body = await errorBody(res);
    expect(body.error_code).toBe('invalid_input');
    expect(body.message).toMatch(/^The given transaction is invalid: Failed to parse transaction payload: expected 2 arguments/);
  });

  it('Accept: application/x-bcs: 400 bcs_not_supported', async () => {
    for (const accept of ['application/x-bcs', 'text/html, application/x-bcs', 'application/json;q=0.5, application/x-bcs']) {
      const res = await post(srv.url, JSON.stringify(V2_REQUEST), { ...JSON_HEADERS, accept });
      expect(res.status).toBe(400);
      expectLedgerHeaders(res);
      expect(await errorBody(res)).toEqual({ message: 'BCS is not supported for encode submission', error_code: 'bcs_not_supported', vm_error_code: null });
    }
    const json = await post(srv.url, JSON.stringify(V2_REQUEST), { ...JSON_HEADERS, accept: 'application/x-bcs;q=0.1, application/json' });
    expect(json.status).toBe(200);
  });

  it('disabled: 403 api_disabled', async () => {
    const s = await startLedgerServer({ encodeSubmissionEnabled: false });
    try {
      const res = await post(s.url, JSON.stringify(V2_REQUEST));
      expect(res.status).toBe(403);
      expectLedgerHeaders(res);
      expect(await errorBody(res)).toEqual({
        message: 'Encode submission is not allowed. Only JSON is supported as an AcceptType.',
        error_code: 'api_disabled',
        vm_error_code: null,
      });
    } finally {
      await s.close();
    }
  });

  it("403 and bcs_not_supported come after poem's deserialization and verify(), before the conversion, as on the node", async () => {
    const s = await startLedgerServer({ encodeSubmissionEnabled: false });
    const badSender = JSON.stringify({ ...V2_REQUEST, sender: 'invalid' });
    const badTypeArg = JSON.stringify({ ...V2_REQUEST, payload: { ...V2_REQUEST.payload, type_arguments: ['T0'] } });
    const badArgs = JSON.stringify({ ...V2_REQUEST, payload: { ...V2_REQUEST.payload, arguments: [] } });
    const bcs = { ...JSON_HEADERS, accept: 'application/x-bcs' };
    try {
      for (const [url, headers] of [[s.url, JSON_HEADERS], [srv.url, bcs]] as const) {
        const field = await errorBody(await post(url, badSender, headers));
        expect(field.error_code).toBe('web_framework_error');
        expect(field.message).toMatch(/^parse request payload error: failed to parse "string\(Address\)"/);
        expect(await errorBody(await post(url, badTypeArg, headers))).toEqual({
          message: "'UserTransactionRequest' invalid: Unable to parse move type T0",
          error_code: 'invalid_input',
          vm_error_code: null,
        });
      }
      expect((await post(s.url, badArgs)).status).toBe(403);
      expect((await errorBody(await post(srv.url, badArgs, bcs))).error_code).toBe('bcs_not_supported');
    } finally {
      await s.close();
    }
  });

  it('no or another content type: 415 web_framework_error, as poem-openapi answers', async () => {
    const none = await fetch(srv.url + ENCODE, { method: 'POST', body: new Uint8Array(new TextEncoder().encode(JSON.stringify(V2_REQUEST))) });
    expect(none.status).toBe(415);
    expectLedgerHeaders(none);
    expect(await errorBody(none)).toEqual({ message: 'the client request does not include the `Content-Type` header', error_code: 'web_framework_error', vm_error_code: null });
    const text = await fetch(srv.url + ENCODE, { method: 'POST', body: JSON.stringify(V2_REQUEST) });
    expect(text.status).toBe(415);
    expect((await errorBody(text)).message).toBe('the `Content-Type` requested by the client is not supported: text/plain;charset=UTF-8');
  });

  it('wrong method: 405 with Allow', async () => {
    const res = await fetch(srv.url + ENCODE);
    expect(res.status).toBe(405);
    expect(res.headers.get('allow')).toBe('POST');
    expectLedgerHeaders(res);
    expect(await errorBody(res)).toEqual({ message: 'method not allowed', error_code: 'web_framework_error', vm_error_code: null });
  });

  it('a body over the limit by Content-Length: 413 without reading it', async () => {
    const res = await post(srv.url, 'x'.repeat(LIMIT + 1));
    expect(res.status).toBe(413);
    expectLedgerHeaders(res);
    expect(await errorBody(res)).toEqual({ message: 'payload too large', error_code: 'web_framework_error', vm_error_code: null });
    const big = await post(srv.url, new Uint8Array(LIMIT * 64));
    expect(big.status).toBe(413);
  });

  it('a chunked body that grows past the limit: 413 while streaming', async () => {
    let sent = 0;
    let pulls = 0;
    const body = new ReadableStream<Uint8Array>({
      // Client and server share this event loop: the client writes until the socket pushes back,
      // then the server reads, trips the limit and answers. Without the limit: 1.6 GB.
      pull(c) {
        pulls++;
        if (pulls > 100_000) return c.close();
        sent += 16384;
        c.enqueue(new Uint8Array(16384).fill(0x20));
      },
    });
    const res = await fetch(srv.url + ENCODE, { method: 'POST', headers: JSON_HEADERS, body, duplex: 'half' } as RequestInit);
    expect(res.status).toBe(413);
    expectLedgerHeaders(res);
    expect((await errorBody(res)).message).toBe('payload too large');
    expect(sent).toBeGreaterThan(LIMIT);
    expect(pulls).toBeLessThan(100_000);
  });

  it('exactly the limit is accepted', async () => {
    const text = JSON.stringify(V2_REQUEST);
    const res = await post(srv.url, text + ' '.repeat(LIMIT - text.length));
    expect(res.status).toBe(200);
    expect(await res.json()).toBe(V2_SIGNING_MESSAGE);
  });
});

describe('GET /v1/-/healthy', () => {
  it('200 aptos-node:ok with the ledger headers; HEAD too', async () => {
    const res = await fetch(`${srv.url}/v1/-/healthy`);
    expect(res.status).toBe(200);
    expectLedgerHeaders(res);
    expect(await res.json()).toEqual({ message: 'aptos-node:ok' });
    const head = await fetch(`${srv.url}/v1/-/healthy`, { method: 'HEAD' });
    expect(head.status).toBe(200);
    expect(await head.text()).toBe('');
  });

  it('duration_secs: 200 within the lag, 503 health_check_failed beyond it', async () => {
    // The ledger is 10 s behind the clock.
    const s = await startLedgerServer({ now: () => NOW_MS + 10_000 });
    try {
      expect((await fetch(`${s.url}/v1/-/healthy?duration_secs=10`)).status).toBe(200);
      expect((await fetch(`${s.url}/v1/-/healthy?duration_secs=11`)).status).toBe(200);
      const res = await fetch(`${s.url}/v1/-/healthy?duration_secs=9`);
      expect(res.status).toBe(503);
      expectLedgerHeaders(res);
      expect(await errorBody(res)).toEqual({
        message: 'The latest ledger info timestamp is less than the expected timestamp',
        error_code: 'health_check_failed',
        vm_error_code: null,
      });
    } finally {
      await s.close();
    }
  });

  it('a malformed duration_secs (u32): 400 web_framework_error', async () => {
    const cases: [string, string][] = [
      ['abc', 'invalid digit found in string'],
      ['-1', 'invalid digit found in string'],
      ['1.5', 'invalid digit found in string'],
      ['', 'cannot parse integer from empty string'],
      ['4294967296', 'number too large to fit in target type'],
      ['99999999999999999999999', 'number too large to fit in target type'],
    ];
    for (const [value, reason] of cases) {
      const res = await fetch(`${srv.url}/v1/-/healthy?duration_secs=${value}`);
      expect(res.status, value).toBe(400);
      expectLedgerHeaders(res);
      expect(await errorBody(res)).toEqual({
        message: `failed to parse parameter \`duration_secs\`: failed to parse "integer(uint32)": ${reason} (occurred while parsing "optional<integer(uint32)>")`,
        error_code: 'web_framework_error',
        vm_error_code: null,
      });
    }
    expect((await fetch(`${srv.url}/v1/-/healthy?duration_secs=4294967295`)).status).toBe(200);
    expect((await fetch(`${srv.url}/v1/-/healthy?duration_secs=%2B0`)).status).toBe(200);
  });

  it('wrong method: 405 with Allow', async () => {
    const res = await fetch(`${srv.url}/v1/-/healthy`, { method: 'POST', headers: JSON_HEADERS, body: '{}' });
    expect(res.status).toBe(405);
    expect(res.headers.get('allow')).toBe('GET, HEAD');
    expectLedgerHeaders(res);
  });
});

describe('every other answer', () => {
  it('unknown paths: 404 web_framework_error "not found" with the ledger headers', async () => {
    for (const path of ['/', '/v1/', '/v2/-/healthy', '/v1/-/healthy/', '/v1/transactions/by_hash', '/V1/-/healthy', '/v1/transactions/encode_submission/x', '/v1/info']) {
      const res = await fetch(srv.url + path);
      expect(res.status, path).toBe(404);
      expectLedgerHeaders(res);
      expect(await errorBody(res)).toEqual({ message: 'not found', error_code: 'web_framework_error', vm_error_code: null });
    }
  });

  it('a failing ledger-info provider: 500 internal_error, and the server stays up', async () => {
    let fail = true;
    const s = await startLedgerServer({
      ledgerInfo: () => {
        if (fail) throw new Error('db at /secret/path unavailable');
        return ledger();
      },
    });
    try {
      const res = await post(s.url, JSON.stringify(V2_REQUEST));
      expect(res.status).toBe(500);
      expect(await errorBody(res)).toEqual({ message: 'Failed to get the latest ledger info', error_code: 'internal_error', vm_error_code: null });
      const health = await fetch(`${s.url}/v1/-/healthy`);
      expect(health.status).toBe(500);
      const rejecting = await startLedgerServer({ ledgerInfo: () => Promise.reject(new Error('down')) });
      try {
        expect((await fetch(`${rejecting.url}/v1/-/healthy`)).status).toBe(500);
      } finally {
        await rejecting.close();
      }
      fail = false;
      const ok = await post(s.url, JSON.stringify(V2_REQUEST));
      expect(await ok.json()).toBe(V2_SIGNING_MESSAGE);
    } finally {
      await s.close();
    }
  });

  it('1,000 requests in flight are all answered with their own bytes', async () => {
    const requests = Array.from({ length: 1000 }, (_, i) => ({ ...V2_REQUEST, sequence_number: String(i), payload: { ...V2_REQUEST.payload, arguments: ['0xb0', String(i * 7)] } }));
    const expected = requests.map((r) => encodeSubmission(r, { chainId: 4 }).hex);
    const answers = await Promise.all(
      requests.map(async (r, i) => {
        if (i % 10 === 9) {
          const h = await fetch(`${srv.url}/v1/-/healthy`);
          return h.status === 200 ? expected[i] : `health ${h.status}`;
        }
        const res = await post(srv.url, JSON.stringify(r));
        expectLedgerHeaders(res);
        return res.status === 200 ? await res.json() : `${res.status} ${await res.text()}`;
      }),
    );
    expect(answers).toEqual(expected);
  });

  it('a slow client and an aborted one do not stall the others', async () => {
    const text = JSON.stringify(V2_REQUEST);
    const head = `POST ${ENCODE} HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: ${text.length}\r\n\r\n`;
    const slow = await rawConnect(srv.port);
    const slowReply = readAll(slow);
    slow.write(head + text.slice(0, 20));
    const aborted = await rawConnect(srv.port);
    aborted.write(head + text.slice(0, 20));
    aborted.destroy();
    const stalledChunked = new AbortController();
    const pending = fetch(srv.url + ENCODE, {
      method: 'POST',
      headers: JSON_HEADERS,
      body: new ReadableStream({ start: (c) => c.enqueue(new Uint8Array([0x7b])) }),
      duplex: 'half',
      signal: stalledChunked.signal,
    } as RequestInit).catch((e: Error) => e.name);
    // While those wait, others are served.
    for (let i = 0; i < 20; i++) {
      const res = await post(srv.url, text);
      expect(await res.json()).toBe(V2_SIGNING_MESSAGE);
    }
    expect((await fetch(`${srv.url}/v1/-/healthy`)).status).toBe(200);
    stalledChunked.abort();
    expect(await pending).toBe('AbortError');
    // The slow client finishes its body and gets its answer.
    slow.write(text.slice(20));
    const raw = await slowReply;
    expect(raw).toMatch(/^HTTP\/1\.1 200 OK\r\n/);
    expect(raw).toContain(`\r\n\r\n"${V2_SIGNING_MESSAGE}"`);
    expect((await fetch(`${srv.url}/v1/-/healthy`)).status).toBe(200);
  });

  it('stays up after every bad input, including raw protocol garbage', async () => {
    const bad: (() => Promise<unknown>)[] = [
      () => post(srv.url, '{'),
      () => post(srv.url, '[]'),
      () => post(srv.url, 'null'),
      () => post(srv.url, '"\\ud800"'),
      () => post(srv.url, '['.repeat(100_000).slice(0, LIMIT)),
      () => post(srv.url, JSON.stringify({ ...V2_REQUEST, payload: { type: 'entry_function_payload', function: '0x1::x::y', type_arguments: ['vector<'.repeat(500)], arguments: [] } })),
      () => post(srv.url, JSON.stringify({ ...V2_REQUEST, sequence_number: 1e400 })),
      () => post(srv.url, new Uint8Array([0xc0, 0x80])),
      () => fetch(`${srv.url}/v1/-/healthy?duration_secs=%ff%fe`),
      () => fetch(`${srv.url}/%2e%2e/%00`),
      () => rawExchange(srv.port, 'GARBAGE\r\n\r\n'),
      () => rawExchange(srv.port, `POST ${ENCODE} HTTP/1.1\r\nHost: x\r\nContent-Length: -5\r\n\r\n`),
      () => rawExchange(srv.port, `POST ${ENCODE} HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\nContent-Type: application/json\r\n\r\nzz\r\n`),
    ];
    for (const send of bad) {
      await send();
      const res = await fetch(`${srv.url}/v1/-/healthy`);
      expect(res.status).toBe(200);
    }
    expect(await (await post(srv.url, JSON.stringify(V2_REQUEST))).json()).toBe(V2_SIGNING_MESSAGE);
  });

  it('a request target in absolute form is routed by its path, as hyper routes it', async () => {
    const health = await rawExchange(srv.port, `GET http://127.0.0.1:${srv.port}/v1/-/healthy?duration_secs=5 HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n`);
    expect(health).toMatch(/^HTTP\/1\.1 200 OK\r\n/);
    const text = JSON.stringify(V2_REQUEST);
    const encoded = await rawExchange(
      srv.port,
      `POST http://x${ENCODE} HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: ${text.length}\r\nConnection: close\r\n\r\n${text}`,
    );
    expect(encoded).toContain(`\r\n\r\n"${V2_SIGNING_MESSAGE}"`);
  });

  it('headers come from the provider on every status', async () => {
    const responses = await Promise.all([
      post(srv.url, JSON.stringify(V2_REQUEST)),
      post(srv.url, '{'),
      fetch(srv.url + ENCODE),
      fetch(`${srv.url}/nope`),
      fetch(`${srv.url}/v1/-/healthy?duration_secs=x`),
    ]);
    expect(responses.map((r) => r.status)).toEqual([200, 400, 405, 404, 400]);
    for (const r of responses) expectLedgerHeaders(r, LEDGER_HEADERS);
  });
});

function chunks(parts: Uint8Array[]): ReadableStream<Uint8Array> {
  return new ReadableStream({
    pull(c) {
      const p = parts.shift();
      if (p === undefined) c.close();
      else c.enqueue(p);
    },
  });
}

function rawConnect(port: number): Promise<Socket> {
  return new Promise((resolve, reject) => {
    const s = connect(port, '127.0.0.1', () => resolve(s));
    s.once('error', reject);
  });
}

/** One raw HTTP response: resolves once its Content-Length bytes arrived, or on close. */
function readAll(s: Socket): Promise<string> {
  return new Promise((resolve) => {
    let out = '';
    s.setEncoding('utf8');
    s.on('data', (d: string) => {
      out += d;
      const end = out.indexOf('\r\n\r\n');
      const length = /\r\ncontent-length: (\d+)\r\n/i.exec(out);
      if (end >= 0 && length && out.length - end - 4 >= Number(length[1])) {
        resolve(out);
        s.destroy();
      }
    });
    s.on('error', () => resolve(out));
    s.on('close', () => resolve(out));
  });
}

async function rawExchange(port: number, text: string): Promise<string> {
  const s = await rawConnect(port);
  const reply = readAll(s);
  s.end(text);
  return reply;
}
