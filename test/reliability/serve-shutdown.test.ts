import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { connect, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildSync } from 'esbuild';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

// `serve` as a real child process, stopped by a real SIGTERM while a peer holds a half-sent
// request: before the shutdown deadline it never exited (still running after 100 s).

let dir: string;
let main: string;
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'ledger-bcs-shutdown-'));
  main = join(dir, 'main.mjs');
  buildSync({ entryPoints: ['src/cli/main.ts'], bundle: true, platform: 'node', format: 'esm', target: 'node20', outfile: main, logLevel: 'error' });
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

async function start(args: string[]): Promise<{ child: ChildProcess; port: number; stderr: () => string; exited: Promise<number | null> }> {
  const child = spawn(process.execPath, [main, 'serve', '--port', '0', ...args], { stdio: ['ignore', 'ignore', 'pipe'] });
  let err = '';
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const port = await new Promise<number>((resolve, reject) => {
    child.stderr!.setEncoding('utf8');
    child.stderr!.on('data', (d: string) => {
      err += d;
      const m = err.match(/listening on http:\/\/127\.0\.0\.1:(\d+)/);
      if (m) resolve(Number(m[1]));
    });
    void exited.then((code) => reject(new Error(`exited ${code}: ${err}`)));
  });
  return { child, port, stderr: () => err, exited };
}

/**
 * A connection that has had one answer (so the server surely holds it), then sends `bytes`: half a
 * request, which keeps it from being idle.
 */
function holdOpen(port: number, bytes: string): Promise<Socket> {
  return new Promise((resolve) => {
    const s = connect(port, '127.0.0.1', () => s.write('GET /v1/-/healthy HTTP/1.1\r\nHost: x\r\n\r\n'));
    let seen = '';
    s.setEncoding('latin1');
    s.on('data', (d: string) => {
      seen += d;
      if (seen.includes('aptos-node:ok') && bytes !== '') {
        s.write(bytes);
        bytes = '';
        setTimeout(() => resolve(s), 200);
      }
    });
    s.on('error', () => {});
  });
}

const waitFor = async (stderr: () => string, re: RegExp) => {
  while (!re.test(stderr())) await new Promise((r) => setTimeout(r, 10));
};

describe('serve shutdown', () => {
  it('a half-sent request cannot hold SIGTERM past --shutdown-timeout-ms: connections closed, exit 1', async () => {
    const { child, port, stderr, exited } = await start(['--shutdown-timeout-ms', '300']);
    const half = await holdOpen(port, 'POST /v1/trans');
    const closed = new Promise<void>((resolve) => half.once('close', () => resolve()));
    child.kill('SIGTERM');
    expect(await exited).toBe(1);
    await closed;
    expect(stderr()).toMatch(/SIGTERM: shutting down[\s\S]*shutdown deadline of 300 ms passed: closing the connections still open[\s\S]*stopped\n$/);
  });

  it('a second signal closes them at once', async () => {
    const { child, port, stderr, exited } = await start(['--shutdown-timeout-ms', '600000']);
    const half = await holdOpen(port, 'POST /v1/transactions/encode_submission HTTP/1.1\r\nHost: x\r\nContent-Length: 10\r\n\r\n{');
    child.kill('SIGTERM');
    await waitFor(stderr, /SIGTERM: shutting down/);
    child.kill('SIGINT');
    expect(await exited).toBe(1);
    half.destroy();
    expect(stderr()).toMatch(/SIGINT again: closing the connections still open/);
  });

  it('nothing open: exit 0 at once', async () => {
    const { child, exited } = await start([]);
    child.kill('SIGTERM');
    expect(await exited).toBe(0);
  });

  it('limit flags are checked', async () => {
    const child = spawn(process.execPath, [main, 'serve', '--max-connections', '0'], { stdio: ['ignore', 'ignore', 'pipe'] });
    let err = '';
    child.stderr!.setEncoding('utf8');
    child.stderr!.on('data', (d: string) => (err += d));
    expect(await new Promise((resolve) => child.once('exit', resolve))).toBe(1);
    expect(err).toMatch(/--max-connections must be an integer from 1/);
  });
});
