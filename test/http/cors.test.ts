// createLedgerHandler({ cors }) as the Fetch standard's CORS protocol reads it (the browser run is
// cors-browser.test.ts).
import { describe, expect, it } from 'vitest';
import { createLedgerHandler } from '../../src/http/handler.js';
import { ledger, NOW_MS, V2_REQUEST, V2_SIGNING_MESSAGE } from './helpers.js';

const ENCODE = 'http://h/v1/transactions/encode_submission';
const PAGE = 'https://app.example';
const preflight = (origin: string) =>
  new Request(ENCODE, { method: 'OPTIONS', headers: { origin, 'access-control-request-method': 'POST', 'access-control-request-headers': 'content-type' } });

describe('cors', () => {
  const handler = createLedgerHandler({ ledgerInfo: () => ledger(), now: () => NOW_MS, cors: { origin: [PAGE] } });

  it('answers a preflight from an allowed origin', async () => {
    const res = await handler(preflight(PAGE));
    expect(res.status).toBe(204);
    expect(res.headers.get('access-control-allow-origin')).toBe(PAGE);
    expect(res.headers.get('access-control-allow-methods')).toBe('GET, HEAD, POST');
    expect(res.headers.get('access-control-allow-headers')).toBe('content-type');
    expect(res.headers.get('vary')).toBe('origin');
    expect(await res.text()).toBe('');
  });

  it('allows the answer and exposes its X-SVC-* headers', async () => {
    const res = await handler(new Request(ENCODE, { method: 'POST', headers: { origin: PAGE, 'content-type': 'application/json' }, body: JSON.stringify(V2_REQUEST) }));
    expect(res.status).toBe(200);
    expect(await res.json()).toBe(V2_SIGNING_MESSAGE);
    expect(res.headers.get('access-control-allow-origin')).toBe(PAGE);
    const exposed = res.headers.get('access-control-expose-headers')!.toLowerCase().split(', ');
    expect(exposed).toEqual(expect.arrayContaining(['x-svc-chain-id', 'x-svc-ledger-version', 'x-svc-ledger-timestampusec', 'x-svc-epoch', 'x-svc-block-height']));
    // Errors too: a page reads the node's error body and ledger position.
    const err = await handler(new Request('http://h/v1/nope', { headers: { origin: PAGE } }));
    expect([err.status, err.headers.get('access-control-allow-origin')]).toEqual([404, PAGE]);
  });

  it('another origin gets no CORS headers (the browser then refuses the answer to its page)', async () => {
    const res = await handler(preflight('https://evil.example'));
    expect(res.headers.get('access-control-allow-origin')).toBeNull();
    const get = await handler(new Request('http://h/v1/-/healthy', { headers: { origin: 'https://evil.example' } }));
    expect(get.status).toBe(200);
    expect(get.headers.get('access-control-allow-origin')).toBeNull();
  });

  it('"*" allows any page; without cors an OPTIONS is the node\'s 405', async () => {
    const any = createLedgerHandler({ ledgerInfo: () => ledger(), cors: { origin: '*' } });
    expect((await any(preflight('http://localhost:3000'))).headers.get('access-control-allow-origin')).toBe('*');
    const none = createLedgerHandler({ ledgerInfo: () => ledger() });
    expect((await none(preflight(PAGE))).status).toBe(405);
  });

  it('"*" in a list of origins allows any page; a configured origin matches in any case, as browsers send it lowercased', async () => {
    const listed = createLedgerHandler({ ledgerInfo: () => ledger(), cors: { origin: [PAGE, '*'] } });
    expect((await listed(preflight('http://localhost:3000'))).headers.get('access-control-allow-origin')).toBe('*');
    const mixed = createLedgerHandler({ ledgerInfo: () => ledger(), cors: { origin: 'https://App.Example' } });
    expect((await mixed(preflight(PAGE))).headers.get('access-control-allow-origin')).toBe(PAGE);
  });

  it('bad options are refused when the handler is built', () => {
    expect(() => createLedgerHandler({ ledgerInfo: () => ledger(), cors: { origin: 'app.example' } })).toThrow(/cors.origin/);
    expect(() => createLedgerHandler({ ledgerInfo: () => ledger(), cors: { origin: [] } })).toThrow(/cors.origin/);
  });
});
