import { readFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createLedgerClient } from '../../src/client/index.js';
import { createLedgerHandler, type LedgerHandlerOptions } from '../../src/http/index.js';
import { createNodeServer } from '../../src/http/node.js';
import { createMemoryLedger, loadMemoryLedger, type LedgerSource, type MemoryLedger } from '../../src/ledger/index.js';
import { createFollower, type Follower, type FollowerOptions } from '../../src/replica/index.js';

// Upstreams and followers on loopback for the replica's tests: the example ledger (fixtures/, built
// by scripts/example-ledger) served by the handler, a proxy that can delay or alter its answers, and
// a follower served by the handler over its source.

export const EXAMPLE = JSON.parse(readFileSync('fixtures/example-ledger.json', 'utf8')) as {
  accounts: { faucet: string; legacy: string; issuer: string; users: string[] };
  fungibleAsset: string;
};
export const ACCOUNTS = [EXAMPLE.accounts.faucet, EXAMPLE.accounts.legacy, EXAMPLE.accounts.issuer, ...EXAMPLE.accounts.users];

const FILE = readFileSync('fixtures/example-ledger.bin');
export const exampleLedger = (): MemoryLedger => loadMemoryLedger(new Uint8Array(FILE.buffer, FILE.byteOffset, FILE.byteLength));

const handlers = new WeakMap<MemoryLedger, ReturnType<typeof createLedgerHandler>>();

/** Block `h` of `l` as the node's BcsBlock with all its transactions (the handler's own answer). */
export async function blockBytes(l: MemoryLedger, h: number): Promise<Uint8Array> {
  let handler = handlers.get(l);
  if (handler === undefined) handlers.set(l, (handler = createLedgerHandler({ source: l })));
  const r = await handler(new Request(`http://ledger.test/v1/blocks/by_height/${h}?with_transactions=true`, { headers: { accept: 'application/x-bcs' } }));
  return new Uint8Array(await r.arrayBuffer());
}

/** A growing copy of `full`: blocks 0..=upTo now, `append(n)` adds the next n. */
export async function growingLedger(full: MemoryLedger, upTo: number) {
  const ledger = createMemoryLedger();
  let next = 0;
  const append = async (n: number) => {
    const last = Math.min(next + n, Number(full.ledgerInfo().blockHeight) + 1);
    const blocks: Uint8Array[] = [];
    for (; next < last; next++) blocks.push(await blockBytes(full, next));
    if (blocks.length > 0) ledger.ingest(blocks);
  };
  await append(upTo + 1);
  return { ledger, append };
}

export interface Running {
  url: string;
  port: number;
  close(): Promise<void>;
}

async function listen(server: Server, port = 0): Promise<Running> {
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve());
  });
  const p = (server.address() as AddressInfo).port;
  return {
    url: `http://127.0.0.1:${p}`,
    port: p,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** The handler over `source` on loopback (port 0, or `port` to come back where it was). */
export function serveSource(source: LedgerSource, options: Partial<LedgerHandlerOptions> = {}, port = 0): Promise<Running> {
  return listen(createNodeServer(createLedgerHandler({ ...options, source })), port);
}

export interface Exchanged {
  path: string;
  status: number;
  headers: Record<string, string>;
  body: Uint8Array;
}

/** A proxy to `target` that lets `alter` change (or delay) each answer. */
export function startProxy(target: () => string, alter: (x: Exchanged) => Exchanged | Promise<Exchanged>): Promise<Running> {
  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    void (async () => {
      try {
        const r = await fetch(target() + req.url, { headers: { accept: req.headers.accept ?? '*/*' } });
        const headers: Record<string, string> = {};
        r.headers.forEach((v, k) => (headers[k] = v));
        delete headers['content-length'];
        delete headers['transfer-encoding'];
        delete headers['connection'];
        delete headers['keep-alive'];
        const x = await alter({ path: req.url!, status: r.status, headers, body: new Uint8Array(await r.arrayBuffer()) });
        res.writeHead(x.status, x.headers);
        res.end(x.body);
      } catch {
        res.destroy();
      }
    })();
  });
  return listen(server);
}

/** A follower of `url` served on loopback; `stop()` ends both. */
export async function startFollower(url: string, options: Partial<FollowerOptions> = {}, handler: Partial<LedgerHandlerOptions> = {}) {
  const client = createLedgerClient({ baseUrl: url, timeoutMs: 5000 });
  const lines: string[] = [];
  const follower: Follower = createFollower({ client, pollMs: 20, maxBackoffMs: 200, log: (l) => lines.push(l), ...options });
  await follower.start();
  const served = await serveSource(follower.source, {
    ...handler,
    unhealthy: () => (follower.status().state === 'failed' ? `refused: ${follower.status().error?.message}` : undefined),
    healthNote: () => follower.status().verification.description,
  });
  return {
    follower,
    lines,
    url: served.url,
    async stop() {
      await follower.stop();
      await served.close();
    },
  };
}

/** Resolves once `test()` holds, polling every 10 ms for up to `ms`. */
export async function until(test: () => boolean, ms = 10_000): Promise<void> {
  const end = Date.now() + ms;
  while (!test()) {
    if (Date.now() > end) throw new Error('condition not reached in time');
    await new Promise((r) => setTimeout(r, 10));
  }
}

/** One GET as bytes, with the status and content type. */
export async function get(base: string, path: string, accept = 'application/x-bcs') {
  const r = await fetch(base + '/v1' + path, { headers: { accept } });
  return { status: r.status, type: r.headers.get('content-type'), body: new Uint8Array(await r.arrayBuffer()), headers: r.headers };
}
