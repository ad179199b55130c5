import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createLedgerHandler, type LedgerHandlerOptions } from '../../src/http/handler.js';
import { createNodeServer } from '../../src/http/node.js';
import { ledgerInfoHeaders, type LedgerInfo } from '../../src/records/ledger-info.js';

export const SENDER = '0x1234567890abcdef1234567890abcdef1234567890abcdef1234567890abcdef';

// A plain APT transfer of 1000 octas to 0xb0 on chain 4 (vector V2 of fixtures/submission/requests.json).
export const TRANSFER = {
  sender: SENDER,
  sequence_number: '7',
  max_gas_amount: '200000',
  gas_unit_price: '100',
  expiration_timestamp_secs: '1700000000',
  payload: { type: 'entry_function_payload', function: '0x1::aptos_account::transfer', type_arguments: [], arguments: ['0xb0', '1000'] },
};

export const TRANSFER_SIGNING_MESSAGE =
  '0xb5e97db07fa0bd0e5598aa3643a9bc6f6693bddc1a9fec9e674a461eaa00b193' +
  '1234567890abcdef1234567890abcdef1234567890abcdef1234567890abcdef0700000000000000' +
  '0200000000000000000000000000000000000000000000000000000000000000010d6170746f735f6163636f756e74087472616e73666572' +
  '00022000000000000000000000000000000000000000000000000000000000000000b008e803000000000000' +
  '400d030000000000640000000000000000f153650000000004';

/** A module beyond the framework: `0xcafe::m::f(&signer, u64)`. */
export const CAFE_ABI = {
  address: '0xcafe',
  name: 'm',
  friends: [],
  exposed_functions: [{ name: 'f', visibility: 'public', is_entry: true, is_view: false, generic_type_params: [], params: ['&signer', 'u64'], return: [] }],
  structs: [],
};

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

export interface Running {
  url: string;
  close(): Promise<void>;
}

async function start(server: Server): Promise<Running> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

/** The library's own handler behind the node:http adapter. */
export function startLedgerServer(options: Partial<LedgerHandlerOptions> = {}): Promise<Running> {
  return start(createNodeServer(createLedgerHandler({ ledgerInfo: () => ledger(), now: () => NOW_MS, ...options })));
}

export interface Seen {
  method: string;
  url: string;
  headers: IncomingMessage['headers'];
  body: string;
}

export interface Reply {
  status?: number;
  headers?: Record<string, string>;
  body?: Uint8Array | string;
  /** Never answer (for timeouts). */
  hang?: boolean;
  /** Drop the connection without an answer. */
  destroy?: boolean;
}

export interface Stub extends Running {
  seen: Seen[];
}

/** A test node: `answer` decides each reply from the request; every request is recorded. */
export async function startStub(answer: (req: Seen, n: number) => Reply): Promise<Stub> {
  const seen: Seen[] = [];
  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const s: Seen = { method: req.method ?? '', url: req.url ?? '', headers: req.headers, body: Buffer.concat(chunks).toString('utf8') };
      seen.push(s);
      const r = answer(s, seen.length);
      if (r.hang) return;
      if (r.destroy) return void res.destroy();
      res.writeHead(r.status ?? 200, r.headers ?? {});
      res.end(r.body ?? '');
    });
  });
  return Object.assign(await start(server), { seen });
}

export const HEADERS = ledgerInfoHeaders(ledger());

export const bcsReply = (body: Uint8Array, extra: Record<string, string> = {}): Reply => ({
  headers: { ...HEADERS, 'content-type': 'application/x-bcs', ...extra },
  body,
});

export const jsonReply = (body: string, status = 200, extra: Record<string, string> = {}): Reply => ({
  status,
  headers: { ...HEADERS, 'content-type': 'application/json; charset=utf-8', ...extra },
  body,
});

export const errorReply = (status: number, error_code: string, message: string, vm_error_code: number | null = null): Reply =>
  jsonReply(JSON.stringify({ message, error_code, vm_error_code }), status);

/** A port with nothing listening on it (a server opened and closed). */
export async function deadUrl(): Promise<string> {
  const r = await start(createServer());
  await r.close();
  return r.url;
}
