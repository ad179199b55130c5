import { describe, expect, it } from 'vitest';
import { createRouter } from '../../src/http/handler.js';
import { ROUTE_HANDLERS } from '../../src/http/routes.js';
import { ENDPOINTS, decodeResponse, endpointSpec, type Endpoint } from '../../src/records/index.js';
import { isBcsError } from '../../src/bcs/index.js';

// The router is built from the endpoint table (records' ENDPOINTS) for the endpoints that have a
// route handler; its patterns, methods and parameters come from the table only.

const all = Object.keys(ENDPOINTS) as Endpoint[];

describe('router from the endpoint table', () => {
  const route = createRouter('/api/', ENDPOINTS, all);

  it('matches every endpoint at its pattern, with its path parameters as sent', () => {
    expect(route('POST', '/api/v1/transactions/encode_submission')).toEqual({ kind: 'route', name: 'encode_submission', spec: ENDPOINTS.encode_submission, params: {} });
    expect(route('GET', '/api/v1/accounts/0x1')).toEqual({ kind: 'route', name: 'account', spec: ENDPOINTS.account, params: { address: '0x1' } });
    expect(route('GET', '/api/v1/accounts/0x1/balance/0x1%3A%3Aaptos_coin%3A%3AAptosCoin')).toEqual({
      kind: 'route',
      name: 'balance',
      spec: ENDPOINTS.balance,
      params: { address: '0x1', asset_type: '0x1%3A%3Aaptos_coin%3A%3AAptosCoin' },
    });
    expect(route('GET', '/api/v1/accounts/0xa/transaction_summaries')).toEqual({ kind: 'route', name: 'transaction_summaries', spec: ENDPOINTS.transaction_summaries, params: { address: '0xa' } });
    expect(route('HEAD', '/api/v1/blocks/by_height/7')).toEqual({ kind: 'route', name: 'block', spec: ENDPOINTS.block, params: { block_height: '7' } });
    expect(route('GET', '/api/v1/-/healthy')).toEqual({ kind: 'route', name: 'healthy', spec: ENDPOINTS.healthy, params: {} });
  });

  it('answers method-not-allowed with the table method, and not-found for anything else', () => {
    expect(route('GET', '/api/v1/transactions/encode_submission')).toEqual({ kind: 'method_not_allowed', allow: 'POST' });
    expect(route('POST', '/api/v1/accounts/0x1')).toEqual({ kind: 'method_not_allowed', allow: 'GET, HEAD' });
    for (const p of ['/api/v1/accounts/', '/api/v1/accounts//balance/x', '/api/v1/accounts/0x1/', '/v1/accounts/0x1', '/api/v1/blocks/by_height', '/api/v1/-/healthy/']) {
      expect(route('GET', p), p).toEqual({ kind: 'not_found' });
    }
  });

  it('routes only the endpoints given (the handler gives those it has a route handler for)', () => {
    const served = createRouter('', ENDPOINTS, Object.keys(ROUTE_HANDLERS));
    for (const name of Object.keys(ROUTE_HANDLERS)) expect(all).toContain(name);
    if (!('account' in ROUTE_HANDLERS)) expect(served('GET', '/v1/accounts/0x1')).toEqual({ kind: 'not_found' });
    expect(served('GET', '/v1/-/healthy')).toMatchObject({ kind: 'route', name: 'healthy' });
  });
});

describe('endpoint table', () => {
  it('every path parameter of a pattern is declared, and every declared path parameter is in the pattern', () => {
    for (const [name, spec] of Object.entries(ENDPOINTS)) {
      const inPattern = [...spec.path.matchAll(/\{(\w+)\}/g)].map((m) => m[1]);
      expect(spec.params.filter((p) => p.in === 'path').map((p) => p.name), name).toEqual(inPattern);
    }
  });

  it("every parameter's node type fits its client type, so both sides read the same values", () => {
    const fits: Record<string, readonly string[]> = {
      address: ['string(Address)'],
      asset_type: ['string(AssetType)'],
      struct_tag: ['string(MoveStructTag)'],
      u64: ['string(U64)', 'integer(uint64)'],
      u32: ['integer(uint32)'],
      u16: ['integer(uint16)'],
      bool: ['boolean'],
      hash: ['string(HashValue)'],
      identifier: ['string(IdentifierWrapper)'],
      state_key: ['string(StateKeyWrapper)'],
    };
    for (const [name, spec] of Object.entries(ENDPOINTS)) {
      for (const p of spec.params) expect(fits[p.type], `${name}.${p.name}`).toContain(p.apiType);
    }
  });

  it('looks up own entries only', () => {
    expect(endpointSpec('balance')).toBe(ENDPOINTS.balance);
    expect(endpointSpec('toString')).toBeUndefined();
    expect(endpointSpec(1)).toBeUndefined();
    const code = (f: () => unknown) => {
      try {
        f();
      } catch (e) {
        return isBcsError(e) ? e.code : String(e);
      }
      return 'no error';
    };
    expect(code(() => decodeResponse('toString' as never, new Uint8Array()))).toBe('invalid_variant');
    expect(code(() => decodeResponse('healthy', new Uint8Array()))).toBe('not_supported');
    expect(decodeResponse('balance', new Uint8Array([1, 0, 0, 0, 0, 0, 0, 0]))).toBe(1n);
  });
});
