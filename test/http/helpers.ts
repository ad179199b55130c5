import { expect } from 'vitest';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createLedgerHandler, type LedgerHandlerOptions } from '../../src/http/handler.js';
import { createNodeServer, type NodeAdapterOptions, type WebHandler } from '../../src/http/node.js';
import type { LedgerInfo } from '../../src/records/ledger-info.js';

export const V2_REQUEST = {
  sender: '0x1234567890abcdef1234567890abcdef1234567890abcdef1234567890abcdef',
  sequence_number: '7',
  max_gas_amount: '200000',
  gas_unit_price: '100',
  expiration_timestamp_secs: '1700000000',
  payload: { type: 'entry_function_payload', function: '0x1::aptos_account::transfer', type_arguments: [], arguments: ['0xb0', '1000'] },
};

// Vector V2 of fixtures/submission/requests.json (computed with @aptos-labs/ts-sdk 7.3): the signing
// message encode_submission answers for V2_REQUEST on chain 4.
export const V2_SIGNING_MESSAGE =
  '0xb5e97db07fa0bd0e5598aa3643a9bc6f6693bddc1a9fec9e674a461eaa00b193' +
  '1234567890abcdef1234567890abcdef1234567890abcdef1234567890abcdef0700000000000000' +
  '0200000000000000000000000000000000000000000000000000000000000000010d6170746f735f6163636f756e74087472616e73666572' +
  '00022000000000000000000000000000000000000000000000000000000000000000b008e803000000000000' +
  '400d030000000000640000000000000000f153650000000004';

export const NOW_MS = 1_700_000_000_000;

export function ledger(overrides: Partial<LedgerInfo> = {}): LedgerInfo {
  return {
    chainId: 4,
    ledgerVersion: 123456789n,
    oldestLedgerVersion: 1000n,
    ledgerTimestampUsec: BigInt(NOW_MS) * 1000n,
    epoch: 42n,
    blockHeight: 5555n,
    oldestBlockHeight: 10n,
    ...overrides,
  };
}

export const LEDGER_HEADERS = {
  'x-svc-chain-id': '4',
  'x-svc-ledger-version': '123456789',
  'x-svc-ledger-oldest-version': '1000',
  'x-svc-ledger-timestampusec': String(BigInt(NOW_MS) * 1000n),
  'x-svc-epoch': '42',
  'x-svc-block-height': '5555',
  'x-svc-oldest-block-height': '10',
};

export function expectLedgerHeaders(res: Response, expected: Record<string, string> = LEDGER_HEADERS): void {
  const got: Record<string, string> = {};
  for (const k of Object.keys(expected)) got[k] = res.headers.get(k) ?? '(missing)';
  if (JSON.stringify(got) !== JSON.stringify(expected)) {
    throw new Error(`ledger headers differ on ${res.status}: ${JSON.stringify(got)}`);
  }
}

export interface Running {
  url: string;
  port: number;
  server: Server;
  close(): Promise<void>;
}

export async function listen(handler: WebHandler, adapter: NodeAdapterOptions = {}): Promise<Running> {
  const server = createNodeServer(handler, adapter);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', 2048, resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    port,
    server,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

export function startLedgerServer(options: Partial<LedgerHandlerOptions> = {}, adapter: NodeAdapterOptions = {}): Promise<Running> {
  return listen(createLedgerHandler({ ledgerInfo: () => ledger(), now: () => NOW_MS, ...options }), adapter);
}

export const JSON_HEADERS = { 'content-type': 'application/json' };

export function post(base: string, body: BodyInit, headers: Record<string, string> = JSON_HEADERS, path = '/v1/transactions/encode_submission'): Promise<Response> {
  return fetch(base + path, { method: 'POST', headers, body });
}

export async function errorBody(res: Response): Promise<{ message: string; error_code: string; vm_error_code: number | null }> {
  expect(res.headers.get('content-type')).toBe('application/json; charset=utf-8');
  const body = await res.json();
  expect(Object.keys(body).sort()).toEqual(['error_code', 'message', 'vm_error_code']);
  return body;
}
