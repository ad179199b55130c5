import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { commands } from '../../src/cli/commands/index.js';
import { runCommand } from '../../src/cli/run.js';
import { capturedIo } from '../cli/captured-io.js';
import { exampleLedger, get, growingLedger, serveSource } from './helpers.js';

// The CLI over a ledger store, in-process: `serve --follow URL --store DIR` commits as it goes (nothing
// to save at SIGTERM), resumes where the store ends, and restarted with its upstream away serves what
// it has while its health check names the lag; `serve --store`, `import` and `export` round-trip.

const dir = mkdtempSync(join(tmpdir(), 'ledger-bcs-follow-store-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('ledger-bcs serve --follow --store', () => {
  it('commits as it follows, resumes from the store, and serves with the upstream away', async () => {
    const full = exampleLedger();
    const up = await growingLedger(full, 120);
    let upstream = await serveSource(up.ledger);
    const url = upstream.url;
    const store = join(dir, 'replica');
    try {
      const a = capturedIo();
      const run = runCommand(commands, ['serve', `--follow=${url}`, '--from-oldest', '--store', store, '--port', '0', '--shutdown-timeout-ms', '2000'], a.io);
      await a.waitFor(/^listening on http:\/\/127\.0\.0\.1:(\d+) \(replica of /);
      await a.waitFor(/^ingested blocks \d+\.\.=120 /);
      process.emit('SIGTERM');
      expect(await run).toBe(0);
      expect(a.lines.join('\n')).toMatch(/store .* at block 120, version \d+: nothing to save\nstopped$/);

      // The upstream goes away; restarted, the replica serves block 120 and says why it is unhealthy.
      await upstream.close();
      const b = capturedIo();
      const again = runCommand(commands, ['serve', '--follow', url, '--store', store, '--port=0'], b.io);
      const port = (await b.waitFor(/^listening on http:\/\/127\.0\.0\.1:(\d+) .* from block 120, verifying from genesis, alone\)$/))[1];
      expect(b.lines.join('\n')).toMatch(/upstream unavailable/);
      expect((await get(`http://127.0.0.1:${port}`, '/blocks/by_height/120')).status).toBe(200);
      const health = await get(`http://127.0.0.1:${port}`, '/-/healthy', 'application/json');
      expect(health.status).toBe(503);
      expect(new TextDecoder().decode(health.body)).toMatch(/cannot reach its upstream .* serves up to block 120/);

      // It comes back (same port) with more blocks: the replica catches up on its own.
      await up.append(1000);
      upstream = await serveSource(up.ledger, {}, Number(new URL(url).port));
      await b.waitFor(/^ingested blocks \d+\.\.=306 /, 30_000);
      expect((await get(`http://127.0.0.1:${port}`, '/-/healthy', 'application/json')).status).toBe(200);
      process.emit('SIGINT');
      expect(await again).toBe(0);

      // The store serves on its own, and exports the ledger the upstream holds.
      const c = capturedIo();
      const served = runCommand(commands, ['serve', '--store', store, '--port', '0'], c.io);
      const p2 = (await c.waitFor(/^listening on http:\/\/127\.0\.0\.1:(\d+)/))[1];
      expect(c.lines[0]).toMatch(/^store .*: versions 0\.\.=2241, blocks 0\.\.=306$/);
      const [x, y] = await Promise.all([get(url, '/blocks/by_height/305?with_transactions=true'), get(`http://127.0.0.1:${p2}`, '/blocks/by_height/305?with_transactions=true')]);
      expect(Buffer.compare(Buffer.from(x.body), Buffer.from(y.body))).toBe(0);
      process.emit('SIGTERM');
      expect(await served).toBe(0);
    } finally {
      await upstream.close();
    }
  });

  it('follow mode has a shutdown deadline, and a second signal ends it at once', async () => {
    const upstream = await serveSource(exampleLedger());
    const { connect } = await import('node:net');
    try {
      for (const second of [false, true]) {
        const a = capturedIo();
        const file = join(dir, `deadline-${second}.ledger`);
        const run = runCommand(commands, ['serve', '--follow', upstream.url, '--ledger', file, '--port', '0', '--shutdown-timeout-ms', second ? '60000' : '300'], a.io);
        const port = Number((await a.waitFor(/^listening on http:\/\/127\.0\.0\.1:(\d+)/))[1]);
        // A peer that sends half a request and holds on.
        const peer = connect(port, '127.0.0.1');
        await new Promise((r) => peer.once('connect', r));
        peer.write('GET /v1/ HTTP/1.1\r\nhost: x\r\n');
        await new Promise((r) => setTimeout(r, 50));
        const t0 = Date.now();
        process.emit('SIGTERM');
        if (second) {
          await new Promise((r) => setTimeout(r, 100));
          process.emit('SIGTERM');
        }
        expect(await run).toBe(1);
        expect(Date.now() - t0).toBeLessThan(5000);
        expect(a.lines.join('\n')).toMatch(second ? /SIGTERM again: closing the connections still open/ : /shutdown deadline of 300 ms passed/);
        peer.destroy();
      }
    } finally {
      await upstream.close();
    }
  });

  it('import and export round-trip a ledger file; refusals are one line', async () => {
    const store = join(dir, 'imported');
    const a = capturedIo();
    expect(await runCommand(commands, ['import', 'fixtures/example-ledger.bin', '--store', store], a.io)).toBe(0);
    expect(JSON.parse(a.out[0]!)).toMatchObject({ imported: { blocks: 307, transactions: 2242 }, blockHeight: '306', ledgerVersion: '2241' });
    const file = join(dir, 'out.ledger');
    const b = capturedIo();
    expect(await runCommand(commands, ['export', '--store', store, file], b.io)).toBe(0);
    expect(JSON.parse(b.out[0]!)).toMatchObject({ exported: { blocks: 307 }, file });
    const { readFileSync } = await import('node:fs');
    expect(Buffer.compare(readFileSync(file), readFileSync('fixtures/example-ledger.bin'))).toBe(0);
    const cases: [string[], RegExp][] = [
      [['import', 'fixtures/example-ledger.json', '--store', join(dir, 'x')], /fixtures\/example-ledger\.json: unknown_format: not a ledger-bcs ledger file/],
      [['import', '--store', store], /usage: ledger-bcs import \[options\] FILE/],
      [['import', file], /--store DIR is required/],
      [['export', '--store', join(dir, 'empty'), file], /holds no block yet/],
      [['serve', '--store', join(dir, 'empty2'), '--port', '0'], /holds no block yet: put a ledger file in it/],
      [['serve', '--store', store, '--ledger', file], /one or the other/],
    ];
    for (const [args, re] of cases) {
      const x = capturedIo();
      expect(await runCommand(commands, args, x.io), args.join(' ')).toBe(1);
      expect(x.lines.join('\n')).toMatch(re);
      expect(x.lines.join('\n')).not.toMatch(/\n\s+at /);
    }
  });
});
