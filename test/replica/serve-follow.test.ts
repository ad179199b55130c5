import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { serveCommand } from '../../src/cli/commands/serve.js';
import { runCommand } from '../../src/cli/run.js';
import { capturedIo } from '../cli/captured-io.js';
import { loadMemoryLedger } from '../../src/ledger/index.js';
import { exampleLedger, get, growingLedger, serveSource } from './helpers.js';

// `serve --follow` in-process (the serve command alone): it starts, serves, logs its batches on
// stderr, saves its ledger on SIGTERM, and resumes from that file.

const commands = { serve: serveCommand };
const dir = mkdtempSync(join(tmpdir(), 'ledger-bcs-follow-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('ledger-bcs serve --follow', () => {
  it('follows, saves its ledger on SIGTERM, and resumes from it', async () => {
    const full = exampleLedger();
    const up = await growingLedger(full, 120);
    const upstream = await serveSource(up.ledger);
    const file = join(dir, 'replica.ledger');
    try {
      const a = capturedIo();
      const run = runCommand(commands, ['serve', `--follow=${upstream.url}`, '--from-oldest', '--ledger', file, '--port', '0'], a.io);
      const port = (await a.waitFor(/^listening on http:\/\/127\.0\.0\.1:(\d+) \(replica of /))[1];
      await a.waitFor(/^ingested blocks \d+\.\.=120 /);
      expect((await get(`http://127.0.0.1:${port}`, '/blocks/by_height/120?with_transactions=true')).status).toBe(200);
      // The follower logs each request as serve does: path and query, status, format, time.
      await a.waitFor(/^GET \/v1\/blocks\/by_height\/120\?with_transactions=true 200 bcs \d+\.\dms$/);
      process.emit('SIGTERM');
      expect(await run).toBe(0);
      expect(a.lines.join('\n')).toMatch(/SIGTERM: shutting down \(\d+ in flight\)\nsaved .* \(block 120, version \d+\)\nstopped$/);
      expect(loadMemoryLedger(new Uint8Array(readFileSync(file))).ledgerInfo().blockHeight).toBe(120n);

      await up.append(1000);
      const b = capturedIo();
      const again = runCommand(commands, ['serve', '--follow', upstream.url, '--ledger', file, '--port=0'], b.io);
      await b.waitFor(/^listening on .* from block 120, verifying from genesis, alone\)$/);
      await b.waitFor(/^ingested blocks \d+\.\.=306 /);
      process.emit('SIGINT');
      expect(await again).toBe(0);
      expect(loadMemoryLedger(new Uint8Array(readFileSync(file))).ledgerInfo().blockHeight).toBe(306n);
    } finally {
      await upstream.close();
    }
  });

  it('refuses what it cannot do, with exit 1 and no stack', async () => {
    const upstream = await serveSource(exampleLedger());
    try {
      const cases: [string[], RegExp][] = [
        [['--follow'], /--follow needs a value/],
        [['--follow', 'not a url'], /--follow: baseUrl must be an absolute URL/],
        [['--follow', upstream.url, '--from-height', '999'], /unavailable_start: the upstream cannot serve block 999/],
        [['--follow', upstream.url, '--bogus'], /^error: unknown option "--bogus"; see ledger-bcs serve --help$/],
        [['--follow', upstream.url, '--chain-id', '4'], /with --follow the chain is the upstream node's/],
        [['--from-oldest'], /--from-oldest needs --follow URL/],
        [['--follow', 'http://127.0.0.1:9', '--port', '0'], /cannot start following/],
        [['--follow', 'http://node.example/'], /--follow http:\/\/node\.example\/: plain http to another host .*--allow-insecure/],
        [['--follow', upstream.url, '--witness', 'http://10.0.0.7:8080'], /--witness http:\/\/10\.0\.0\.7:8080: plain http/],
        [['--follow', upstream.url, '--trust', '12:abc'], /--trust must be VERSION:ROOT/],
        [['--follow', upstream.url, '--from-height', '5', '--trust', `12:${'ab'.repeat(32)}`], /invalid_option: trusted accumulator roots need a replica that verifies from genesis/],
      ];
      for (const [args, re] of cases) {
        const x = capturedIo();
        expect(await runCommand(commands, ['serve', ...args], x.io), args.join(' ')).toBe(1);
        expect(x.lines.join('\n')).toMatch(re);
        expect(x.lines.join('\n')).not.toMatch(/\n\s+at /);
      }
      expect(existsSync(join(dir, 'none'))).toBe(false);
    } finally {
      await upstream.close();
    }
  });

  it('serve --help names every flag it takes (docs/replica.md lists the same)', async () => {
    let usage = '';
    expect(await runCommand(commands, ['serve', '--help'], { out: (t) => void (usage += t), err: () => {}, readStdin: async () => '' })).toBe(0);
    const docs = readFileSync(new URL('../../docs/replica.md', import.meta.url), 'utf8');
    for (const flag of ['--follow', '--from-height', '--from-oldest', '--witness', '--trust', '--allow-insecure', '--ledger', '--prune-window', '--concurrency', '--port', '--host']) {
      expect(usage, flag).toContain(flag);
      expect(docs, flag).toContain(flag);
    }
  });
});

describe('serve --follow: where the hash checks run', () => {
  it('in a worker thread with three cores or more, in the main thread on two or fewer', async () => {
    const { hashWhere } = await import('../../src/cli/commands/serve-follow.js');
    const { hashInWorker } = await import('../../src/replica/node.js');
    expect(hashWhere(1)).toBeUndefined();
    expect(hashWhere(2)).toBeUndefined();
    expect(hashWhere(3)).toBe(hashInWorker);
    expect(hashWhere(16)).toBe(hashInWorker);
  });
});
