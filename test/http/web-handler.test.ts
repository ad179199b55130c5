import { describe, expect, it } from 'vitest';
import { createLedgerHandler } from '../../src/http/handler.js';
import { acceptKind, isJsonContentType } from '../../src/http/params.js';
import { abiRegistry, type MoveModuleJson } from '../../src/submission/index.js';
import vectors from '../../fixtures/submission/requests.json' with { type: 'json' };
import { errorBody, expectLedgerHeaders, ledger, NOW_MS, V2_REQUEST, V2_SIGNING_MESSAGE } from './helpers.js';

// The web-standard handler on its own, as Deno, Bun, workers or Hono would call it.

const handler = createLedgerHandler({ ledgerInfo: () => ledger(), now: () => NOW_MS, basePath: '/api/', maxBodyBytes: 2048 });
const ENCODE = 'http://h/api/v1/transactions/encode_submission';

function encodeRequest(body: BodyInit, headers: Record<string, string> = { 'content-type': 'application/json' }): Request {
  return new Request(ENCODE, { method: 'POST', headers, body, duplex: 'half' } as RequestInit);
}

describe('createLedgerHandler (Request → Response)', () => {
  it('serves under basePath/v1 with the V2 fixture bytes', async () => {
    const res = await handler(encodeRequest(JSON.stringify(V2_REQUEST)));
    expect(res.status).toBe(200);
    expectLedgerHeaders(res);
    expect(await res.json()).toBe(V2_SIGNING_MESSAGE);
    expect((await handler(new Request('http://h/api/v1/-/healthy'))).status).toBe(200);
    expect((await handler(new Request('http://h/v1/-/healthy'))).status).toBe(404);
  });

  it('HEAD has no body', async () => {
    const res = await handler(new Request('http://h/api/v1/-/healthy', { method: 'HEAD' }));
    expect(res.status).toBe(200);
    expect(res.body).toBeNull();
  });

  it('counts a streamed body and cancels it past the limit', async () => {
    let cancelled = false;
    let sent = 0;
    const body = new ReadableStream<Uint8Array>({
      pull(c) {
        sent += 512;
        c.enqueue(new Uint8Array(512).fill(0x20));
      },
      cancel() {
        cancelled = true;
      },
    });
    const res = await handler(encodeRequest(body));
    expect(res.status).toBe(413);
    expect((await errorBody(res)).message).toBe('payload too large');
    expect(cancelled).toBe(true);
    expect(sent).toBeLessThanOrEqual(2048 + 512 * 4);
  });

  it('uses the ABIs it is given (the framework is only the default)', async () => {
    const empty = createLedgerHandler({ ledgerInfo: () => ledger(), abis: abiRegistry([], { framework: false }) });
    const res = await empty(new Request('http://h/v1/transactions/encode_submission', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(V2_REQUEST),
    }));
    expect(res.status).toBe(400);
    const body = await errorBody(res);
    expect(body.error_code).toBe('invalid_input');
    expect(body.message).toContain('aptos_account');
  });

  it('asks the host\'s resolver for a module once, then answers from the cache', async () => {
    const asked: string[] = [];
    const v4 = vectors.vectors.find((v) => v.name.startsWith('V4 '))!;
    const resolve = async (id: string) => {
      asked.push(id);
      return (vectors.abis as MoveModuleJson[]).find((m) => id === `${m.address}::${m.name}` || id.endsWith(`cafe::${m.name}`));
    };
    const h = createLedgerHandler({ ledgerInfo: () => ledger(), abis: abiRegistry([], { resolve }) });
    for (let i = 0; i < 3; i++) {
      const res = await h(new Request('http://h/v1/transactions/encode_submission', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(v4.request),
      }));
      expect(res.status).toBe(200);
      expect(await res.json()).toBe(v4.signing_message);
    }
    expect(asked).toEqual([`0x${'0'.repeat(60)}cafe::mixed`]);
  });

  it('an encoder failure that is not an ApiError is a 500, not a rejection', async () => {
    const broken = createLedgerHandler({
      ledgerInfo: () => ledger(),
      // Not a registry at all: reading it throws a TypeError inside the encoder.
      abis: {
        get kind(): string {
          throw new TypeError('boom');
        },
      } as never,
    });
    const res = await broken(new Request('http://h/v1/transactions/encode_submission', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(V2_REQUEST),
    }));
    expect(res.status).toBe(500);
    expectLedgerHeaders(res);
    expect(await errorBody(res)).toEqual({ message: 'Internal error', error_code: 'internal_error', vm_error_code: null });
  });

  it('a cursor from the provider is kept on 200 and dropped from errors', async () => {
    const h = createLedgerHandler({ ledgerInfo: () => ledger({ cursor: 'abc', gasUsed: 9n }) });
    const ok = await h(new Request('http://h/v1/-/healthy'));
    expect(ok.headers.get('x-svc-cursor')).toBe('abc');
    const missing = await h(new Request('http://h/v1/nope'));
    expect(missing.status).toBe(404);
    expect(missing.headers.get('x-svc-cursor')).toBeNull();
    expect(missing.headers.get('x-svc-chain-id')).toBe('4');
  });
});

describe('media types', () => {
  it('Content-Type: what poem-openapi Json accepts', () => {
    for (const t of ['application/json', 'Application/JSON', 'application/json; charset=utf-8', 'application/problem+json', ' application/json ']) expect(isJsonContentType(t), t).toBe(true);
    for (const t of ['text/plain', 'application/jsonx', 'application/x-json', 'json', 'application/+json', 'text/json', 'application/ld+json/x', '']) expect(isJsonContentType(t), t).toBe(false);
  });

  it('Accept: the first of JSON or BCS by descending q, JSON by default', () => {
    expect(acceptKind(undefined)).toBe('json');
    expect(acceptKind('*/*')).toBe('json');
    expect(acceptKind('application/x-bcs')).toBe('bcs');
    expect(acceptKind('application/json, application/x-bcs')).toBe('json');
    expect(acceptKind('application/x-bcs, application/json')).toBe('bcs');
    expect(acceptKind('application/json;q=0.9, application/x-bcs')).toBe('bcs');
    expect(acceptKind('application/x-bcs;q=0.2, application/json;q=0.3')).toBe('json');
    expect(acceptKind('text/html, Application/X-BCS')).toBe('bcs');
  });
});
