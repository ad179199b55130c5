// `ledger-bcs serve --cors ORIGIN` called from a real headless Chromium page: the page (served from
// another loopback origin) posts a request, which the browser preflights, then reads the answer and
// an exposed X-SVC-* header; a serve allowing another origin is refused by the browser. The page
// reports back to its own server. Needs a Chromium binary (Debian/Ubuntu:
// `apt-get update && apt-get install -y chromium`; or set CHROMIUM_PATH); skipped, saying so, without.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { serveCommand } from '../../src/cli/commands/serve.js';
import { runCommand, type Io } from '../../src/cli/run.js';
import { V2_REQUEST, V2_SIGNING_MESSAGE } from './helpers.js';

function findChromium(): string | undefined {
  const candidates = [process.env.CHROMIUM_PATH, 'chromium', 'chromium-browser', 'google-chrome', 'google-chrome-stable'];
  for (const c of candidates) {
    if (!c) continue;
    const r = spawnSync(c, ['--version'], { encoding: 'utf8', timeout: 10_000 });
    if (r.status === 0 && /chrom/i.test(r.stdout)) return c;
  }
  return undefined;
}

const chromium = findChromium();
if (!chromium) {
  console.warn('cors-browser.test.ts: skipped, no Chromium found (apt-get update && apt-get install -y chromium, or set CHROMIUM_PATH)');
}

/** `serve` in process on port 0; resolves with its URL and a stop function. */
async function startServe(args: string[]): Promise<{ url: string; stop: () => Promise<number> }> {
  let resolveUrl!: (u: string) => void;
  const urlP = new Promise<string>((r) => (resolveUrl = r));
  const io: Io = {
    out: () => {},
    err: (t) => {
      const m = /^listening on (http:\/\/\S+)/.exec(t);
      if (m) resolveUrl(m[1]!);
    },
    readStdin: async () => '',
  };
  const exit = runCommand({ serve: serveCommand }, ['serve', '--port=0', ...args], io);
  const url = await urlP;
  return {
    url,
    // serve stops on SIGTERM; the signal goes to this process, whose handler serve installed.
    stop: () => {
      process.emit('SIGTERM', 'SIGTERM');
      return exit;
    },
  };
}

const PAGE = (allowed: string, refused: string) => `<!doctype html><meta charset="utf-8"><script type="module">
const report = (r) => fetch('/result', { method: 'POST', body: JSON.stringify(r) });
const body = JSON.stringify(${JSON.stringify(V2_REQUEST)});
const out = {};
try {
  const res = await fetch(${JSON.stringify(allowed)} + '/v1/transactions/encode_submission', { method: 'POST', headers: { 'content-type': 'application/json' }, body });
  out.status = res.status;
  out.chainId = res.headers.get('x-svc-chain-id');
  out.ledgerVersion = res.headers.get('x-svc-ledger-version');
  out.body = await res.json();
} catch (e) { out.error = String(e); }
try {
  await fetch(${JSON.stringify(refused)} + '/v1/transactions/encode_submission', { method: 'POST', headers: { 'content-type': 'application/json' }, body });
  out.refused = 'not refused';
} catch (e) { out.refused = e.name; }
await report(out);
</script>`;

describe.skipIf(!chromium)('serve --cors from a headless Chromium page', () => {
  it('preflight answered, answer and X-SVC-* headers readable; another origin refused', { timeout: 60_000 }, async () => {
    let page: Server | undefined;
    let browser: ChildProcess | undefined;
    const profile = mkdtempSync(join(tmpdir(), 'ledger-bcs-chromium-'));
    const serves: { url: string; stop: () => Promise<number> }[] = [];
    try {
      let gotResult!: (r: Record<string, unknown>) => void;
      const result = new Promise<Record<string, unknown>>((r) => (gotResult = r));
      let html = '';
      page = createServer((req, res) => {
        if (req.method === 'POST' && req.url === '/result') {
          let b = '';
          req.on('data', (c: Buffer) => (b += c));
          req.on('end', () => {
            res.end('ok');
            gotResult(JSON.parse(b) as Record<string, unknown>);
          });
          return;
        }
        res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
        res.end(html);
      });
      await new Promise<void>((r) => page!.listen(0, '127.0.0.1', r));
      const pageOrigin = `http://127.0.0.1:${(page.address() as AddressInfo).port}`;
      serves.push(await startServe(['--cors', pageOrigin]));
      serves.push(await startServe(['--cors=https://other.example']));
      html = PAGE(serves[0]!.url, serves[1]!.url);
      browser = spawn(chromium!, ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage', '--no-first-run', `--user-data-dir=${profile}`, `${pageOrigin}/`], {
        stdio: 'ignore',
        // Its own process group, so its helper processes (renderer, GPU, zygote) end with it.
        detached: true,
      });
      let timer: NodeJS.Timeout | undefined;
      const r = await Promise.race([result, new Promise<never>((_, reject) => (timer = setTimeout(() => reject(new Error('the page did not report within 45 s')), 45_000)))]);
      clearTimeout(timer);
      expect(r).toEqual({ status: 200, chainId: '4', ledgerVersion: '0', body: V2_SIGNING_MESSAGE, refused: 'TypeError' });
    } finally {
      if (browser?.pid !== undefined && browser.exitCode === null) {
        const exited = new Promise((r) => browser!.once('exit', r));
        try {
          process.kill(-browser.pid, 'SIGKILL');
        } catch {
          browser.kill('SIGKILL');
        }
        await exited;
      }
      for (const s of serves.reverse()) await s.stop();
      await new Promise<void>((r) => (page ? (page.closeAllConnections(), page.close(() => r())) : r()));
      rmSync(profile, { recursive: true, force: true, maxRetries: 5, retryDelay: 200 });
    }
  });
});
