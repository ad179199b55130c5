import { describe, expect, it } from 'vitest';
import { serveCommand } from '../../src/cli/commands/serve.js';
import { runCommand } from '../../src/cli/run.js';
import { capturedIo } from './captured-io.js';
import { exampleLedger, serveSource } from '../replica/helpers.js';

// `--log request|error|off` for serve and serve --follow: each level against one request answered
// 200 and one answered 5xx (a body past a tiny --max-buffered-bytes: 503; a replica of an old
// ledger asked for a fresh one: 503 health_check_failed).

const commands = { serve: serveCommand };
const LOGGED = /^(GET|POST) \/\S* \d{3}( aborted)? (json|bcs|-|\S+) \d+\.\dms$/;

/** Runs serve with `args`, sends an OK request and a failing one, stops it; the request lines logged. */
async function logged(args: string[], ok: (url: string) => Promise<Response>, failing: (url: string) => Promise<Response>): Promise<string[]> {
  const x = capturedIo();
  const run = runCommand(commands, ['serve', '--port', '0', ...args], x.io);
  const url = (await x.waitFor(/^listening on (http:\/\/127\.0\.0\.1:\d+)/, 20_000))[1]!;
  expect((await ok(url)).status).toBe(200);
  expect((await failing(url)).status).toBe(503);
  // The line is written once the response is; give it a turn.
  await new Promise((r) => setTimeout(r, 50));
  process.emit('SIGTERM');
  expect(await run).toBe(0);
  return x.lines.filter((l) => LOGGED.test(l));
}

describe('serve --log', () => {
  const healthy = (url: string) => fetch(`${url}/v1/-/healthy`);
  const tooMuch = (url: string) =>
    fetch(`${url}/v1/transactions/encode_submission`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: ' '.repeat(200_000) });
  const args = ['--max-buffered-bytes', '100000'];

  it('request (the default): every request', async () => {
    const lines = await logged(args, healthy, tooMuch);
    expect(lines).toEqual([expect.stringMatching(/^GET \/v1\/-\/healthy 200 /), expect.stringMatching(/^POST \/v1\/transactions\/encode_submission 503 /)]);
    expect(await logged([...args, '--log', 'request'], healthy, tooMuch)).toHaveLength(2);
  });

  it('error: only requests answered 5xx', async () => {
    const lines = await logged([...args, '--log=error'], healthy, tooMuch);
    expect(lines).toEqual([expect.stringMatching(/^POST \/v1\/transactions\/encode_submission 503 /)]);
  });

  it('off: none', async () => {
    expect(await logged([...args, '--log', 'off'], healthy, tooMuch)).toEqual([]);
  });

  it('anything else is refused with the levels named', async () => {
    const x = capturedIo();
    expect(await runCommand(commands, ['serve', '--log', 'debug'], x.io)).toBe(1);
    expect(x.lines.join('\n')).toMatch(/--log must be request, error or off, got "debug"/);
  });
});

describe('serve --follow --log', () => {
  // The example ledger's blocks are years old: a health check asking for the last 10 s fails.
  const healthy = (url: string) => fetch(`${url}/v1/-/healthy`);
  const stale = (url: string) => fetch(`${url}/v1/-/healthy?duration_secs=10`);

  it('request, error and off', async () => {
    const upstream = await serveSource(exampleLedger());
    try {
      const follow = ['--follow', upstream.url, '--from-oldest'];
      const all = await logged(follow, healthy, stale);
      expect(all).toEqual([expect.stringMatching(/^GET \/v1\/-\/healthy 200 /), expect.stringMatching(/^GET \/v1\/-\/healthy\?duration_secs=10 503 /)]);
      expect(await logged([...follow, '--log', 'error'], healthy, stale)).toEqual([expect.stringMatching(/^GET \/v1\/-\/healthy\?duration_secs=10 503 /)]);
      expect(await logged([...follow, '--log', 'off'], healthy, stale)).toEqual([]);
      const x = capturedIo();
      expect(await runCommand(commands, ['serve', ...follow, '--log', 'all'], x.io)).toBe(1);
      expect(x.lines.join('\n')).toMatch(/--log must be request, error or off/);
    } finally {
      await upstream.close();
    }
  });
});
