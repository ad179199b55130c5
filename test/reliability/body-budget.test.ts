import { readFileSync } from 'node:fs';
import type { Server } from 'node:http';
import { connect, type Socket } from 'node:net';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createLedgerHandler } from '../../src/http/handler.js';
import { bodyBudget, type BudgetOwner } from '../../src/http/nodejs/budget.js';
import { createNodeServer, type NodeAdapterOptions } from '../../src/http/node.js';
import { ledger, NOW_MS } from '../client/helpers.js';

// The server's one budget for buffered request bodies (src/http/nodejs/budget.ts), and bodies whose
// connection closed: dropped, never parsed. Before, 500 peers slowly sending 8 MiB held 6.9 GB,
// and 50 hostile bodies whose peers had gone kept a core busy for a minute.

type Logged = { method: string; path: string; status: number; aborted: boolean };
let server: Server | undefined;
let log: Logged[] = [];
// A budget holder's owner that only counts its shedding.
const owner = (shed: () => unknown): BudgetOwner => ({ shedByBudget: () => void shed() });

const sockets: Socket[] = [];
afterEach(async () => {
  for (const s of sockets.splice(0)) s.destroy();
  if (server) {
    server.closeAllConnections();
    await new Promise((r) => server!.close(r));
  }
  server = undefined;
  log = [];
});

async function listen(options: NodeAdapterOptions = {}): Promise<number> {
  server = createNodeServer(createLedgerHandler({ ledgerInfo: () => ledger(), now: () => NOW_MS }), {
    ...options,
    onResponse: ({ method, path, status, aborted }) => log.push({ method, path, status, aborted }),
  });
  await new Promise<void>((r) => server!.listen(0, '127.0.0.1', r));
  return (server.address() as { port: number }).port;
}

const VALID = readFileSync(new URL('../../fixtures/example-requests.jsonl', import.meta.url), 'utf8').split('\n')[0]!;
const head = (length: number) => `POST /v1/transactions/encode_submission HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: ${length}\r\n\r\n`;

/** A raw connection: what the server wrote, and a promise of it all once the server closes. */
function open(port: number): { socket: Socket; out: () => string; closed: Promise<string> } {
  const socket = connect(port, '127.0.0.1');
  sockets.push(socket);
  let out = '';
  socket.setEncoding('latin1');
  socket.on('data', (d: string) => (out += d));
  socket.on('error', () => {});
  const closed = new Promise<string>((r) => socket.on('close', () => r(out)));
  return { socket, out: () => out, closed };
}

const until = async (f: () => boolean, ms = 10_000): Promise<void> => {
  const end = Date.now() + ms;
  while (!f()) {
    if (Date.now() > end) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 10));
  }
};

const BUSY_BODY = '{"message":"server busy: the request bodies it holds are at their limit; retry later","error_code":"web_framework_error","vm_error_code":null}';

describe('the budget for buffered request bodies', () => {
  it('sheds the largest holders first, and refuses a claimant that is itself the largest', () => {
    const budget = bodyBudget(100);
    const shed: string[] = [];
    const a = budget.hold(owner(() => shed.push('a')));
    const b = budget.hold(owner(() => shed.push('b')));
    const c = budget.hold(owner(() => shed.push('c')));
    expect(a.grow(60)).toBe(true);
    expect(b.grow(30)).toBe(true);
    expect(budget.used()).toBe(90);
    // c needs 20: a (60 > 20) goes, b (30) stays.
    expect(c.grow(20)).toBe(true);
    expect(shed).toEqual(['a']);
    expect(budget.used()).toBe(50);
    // b grows to 80: nobody is larger than 80, and 80 + 20 fits.
    expect(b.grow(80)).toBe(true);
    // b to 90 does not fit beside c, and nobody is larger: refused, nothing shed.
    expect(b.grow(90)).toBe(false);
    expect(shed).toEqual(['a']);
    b.release();
    c.release();
    c.release();
    expect(budget.used()).toBe(0);
  });

  it('after a load (past a quarter of the limit, then back to zero for a second) calls afterLoad once', async () => {
    vi.useFakeTimers();
    try {
      let calls = 0;
      const budget = bodyBudget(100, () => calls++);
      const small = budget.hold(owner(() => {}));
      small.grow(20);
      small.release();
      await vi.advanceTimersByTimeAsync(2000);
      expect(calls).toBe(0); // 20 of 100: no load
      const a = budget.hold(owner(() => {}));
      const b = budget.hold(owner(() => {}));
      a.grow(30);
      b.grow(30);
      a.release();
      await vi.advanceTimersByTimeAsync(2000);
      expect(calls).toBe(0); // not back at zero
      b.release();
      await vi.advanceTimersByTimeAsync(500);
      expect(calls).toBe(0); // not yet a second
      await vi.advanceTimersByTimeAsync(600);
      expect(calls).toBe(1);
      await vi.advanceTimersByTimeAsync(5000);
      expect(calls).toBe(1);
    } finally {
      vi.useRealTimers();
    }
  });

  it('full: the largest body being received is answered 503 with the error body and its connection closed; the small request is served', async () => {
    const port = await listen({ maxBufferedBytes: 1 << 20 });
    // A declares 1 MB and sends 990 KB: it is charged what it holds (990 KB in 16 KiB blocks).
    const a = open(port);
    a.socket.write(head(1_000_000) + ' '.repeat(990_000));
    await new Promise((r) => setTimeout(r, 300));
    // B, a valid request padded to 100 KB, does not fit beside it: A is shed, B served.
    const body = VALID + ' '.repeat(100_000 - VALID.length);
    const b = open(port);
    b.socket.write(head(body.length) + body);
    const aOut = await a.closed;
    expect(aOut).toMatch(/^HTTP\/1\.1 503 Service Unavailable\r\n/);
    expect(aOut).toMatch(/\r\nconnection: close\r\n/i);
    expect(aOut.slice(aOut.indexOf('\r\n\r\n') + 4)).toBe(BUSY_BODY);
    await until(() => b.out().includes('\r\n\r\n"0x'));
    expect(b.out()).toMatch(/^HTTP\/1\.1 200 OK\r\n/);
  });

  it('a single body larger than the whole budget is refused with the 503 at once', async () => {
    const port = await listen({ maxBufferedBytes: 256 * 1024 });
    const a = open(port);
    const t0 = Date.now();
    a.socket.write(head(1_000_000) + ' '.repeat(600_000));
    const out = await a.closed;
    expect(Date.now() - t0).toBeLessThan(5000);
    expect(out).toMatch(/^HTTP\/1\.1 503 /);
    expect(out.slice(out.indexOf('\r\n\r\n') + 4)).toBe(BUSY_BODY);
  });

  it('a body whose connection closed is dropped unparsed', async () => {
    const port = await listen();
    // A long parse holds the turn: 8 MB of empty objects.
    const slow = `[${'{},'.repeat(2_700_000)}{}]`;
    const first = open(port);
    first.socket.write(head(slow.length) + slow);
    await new Promise((r) => setTimeout(r, 300));
    // A large body that would fail to parse (400) arrives whole, waits its turn, and its peer leaves.
    const bad = `[${'1,'.repeat(100_000)}x]`;
    const second = open(port);
    second.socket.write(head(bad.length) + bad);
    await new Promise((r) => setTimeout(r, 100));
    second.socket.destroy();
    await until(() => log.length >= 2, 60_000);
    const entry = log.find((e) => e.aborted)!;
    // Not parsed: a parse would have answered 400 (invalid JSON); the dropped request ends as the
    // internal 500 nobody receives.
    expect(entry).toMatchObject({ status: 500, aborted: true });
    expect(log.find((e) => !e.aborted)).toMatchObject({ status: 400 });
  });
});
