import { spawn } from 'node:child_process';
import { buildSync } from 'esbuild';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serveCommand } from '../../src/cli/commands/serve.js';
import { runCommand, type Io } from '../../src/cli/run.js';
import { V2_REQUEST, V2_SIGNING_MESSAGE } from './helpers.js';

// The serve command alone, so these tests do not depend on every other command loading.
const commands = { serve: serveCommand };

const ENCODE = '/v1/transactions/encode_submission';

/** An Io whose stderr lines can be awaited (the listening line carries the port). */
function watchedIo() {
  const stderr: string[] = [];
  const waiters: { re: RegExp; resolve: (m: RegExpMatchArray) => void }[] = [];
  const io: Io = {
    out: () => {},
    err: (t) => {
      stderr.push(t);
      for (const w of waiters.splice(0)) {
        const m = t.match(w.re);
        if (m) w.resolve(m);
        else waiters.push(w);
      }
    },
    readStdin: async () => '',
  };
  const waitFor = (re: RegExp) =>
    new Promise<RegExpMatchArray>((resolve) => {
      for (const line of stderr) {
        const m = line.match(re);
        if (m) return resolve(m);
      }
      waiters.push({ re, resolve });
    });
  return { io, stderr, waitFor };
}

const LISTENING = /^listening on (http:\/\/127\.0\.0\.1:(\d+))/;

let dir: string;
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'ledger-bcs-serve-'));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('ledger-bcs serve (in process)', () => {
  it('serves the V2 fixture bytes on a chosen port, logs each request, and stops on SIGTERM after the request in flight', async () => {
    const { io, stderr, waitFor } = watchedIo();
    const exit = runCommand(commands, ['serve', '--port', '0', '--chain-id', '4'], io);
    const [, url] = await waitFor(LISTENING);
    const res = await fetch(url + ENCODE, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(V2_REQUEST) });
    expect(res.status).toBe(200);
    expect(res.headers.get('x-svc-chain-id')).toBe('4');
    expect(await res.json()).toBe(V2_SIGNING_MESSAGE);
    // One log line per response: method, path and query, status, the format served, time.
    expect(await waitFor(/^POST \/v1\/transactions\/encode_submission 200 json \d+\.\dms$/)).toBeTruthy();
    const bcs = await fetch(url + ENCODE, { method: 'POST', headers: { 'content-type': 'application/json', accept: 'application/x-bcs' }, body: JSON.stringify(V2_REQUEST) });
    // The node answers encode_submission in JSON only: BCS asked for, its error body (JSON) is logged as such.
    expect(bcs.status).toBe(400);
    expect(await waitFor(/^POST \/v1\/transactions\/encode_submission 400 json \d+\.\dms$/)).toBeTruthy();
    expect((await fetch(`${url}/v1/-/healthy?duration_secs=5`)).status).toBe(200);
    expect(await waitFor(/^GET \/v1\/-\/healthy\?duration_secs=5 200 json \d+\.\dms$/)).toBeTruthy();

    // A request in flight (its body not yet complete) when SIGTERM arrives still gets its answer.
    const text = JSON.stringify(V2_REQUEST);
    let push!: (s: string) => void;
    let finish!: () => void;
    const body = new ReadableStream<Uint8Array>({
      start(c) {
        push = (s) => c.enqueue(new TextEncoder().encode(s));
        finish = () => c.close();
      },
    });
    const inFlight = fetch(url + ENCODE, { method: 'POST', headers: { 'content-type': 'application/json' }, body, duplex: 'half' } as RequestInit);
    push(text.slice(0, 10));
    // Another request answered after that one was sent: the server has read the first one's headers.
    expect((await fetch(`${url}/v1/-/healthy`)).status).toBe(200);
    process.emit('SIGTERM');
    await waitFor(/^SIGTERM: shutting down/);
    // New connections are refused once shutting down.
    await expect(fetch(`${url}/v1/-/healthy`, { headers: { connection: 'close' } })).rejects.toThrow();
    push(text.slice(10));
    finish();
    const late = await inFlight;
    expect(late.status).toBe(200);
    expect(late.headers.get('connection')).toBe('close');
    expect(await late.json()).toBe(V2_SIGNING_MESSAGE);
    expect(await exit).toBe(0);
    expect(stderr.at(-1)).toBe('stopped');
  });

  it('--chain-id signs and reports that chain; --abi files add modules', async () => {
    const abi = {
      address: '0xcafe',
      name: 'm',
      friends: [],
      exposed_functions: [{ name: 'f', visibility: 'public', is_entry: true, is_view: false, generic_type_params: [], params: ['&signer', 'u8'], return: [] }],
      structs: [],
    };
    const file = join(dir, 'abi.json');
    writeFileSync(file, JSON.stringify([abi]));
    const { io, waitFor } = watchedIo();
    const exit = runCommand(commands, ['serve', '--port=0', '--chain-id=2', '--abi', file], io);
    const [, url] = await waitFor(LISTENING);
    const post = (request: unknown) => fetch(url + ENCODE, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(request) });
    const v2 = await post(V2_REQUEST);
    expect(v2.headers.get('x-svc-chain-id')).toBe('2');
    expect(await v2.json()).toBe(`${V2_SIGNING_MESSAGE.slice(0, -2)}02`);
    const custom = await post({ ...V2_REQUEST, payload: { type: 'entry_function_payload', function: '0xcafe::m::f', type_arguments: [], arguments: [7] } });
    expect(custom.status).toBe(200);
    // EntryFunction 0xcafe::m::f, no type arguments, one argument: u8 7; then gas, price, expiry, chain 2.
    expect(await custom.json()).toMatch(/000000cafe016d016600010107400d030000000000640000000000000000f153650000000002$/);
    process.emit('SIGINT');
    expect(await exit).toBe(0);
  });

  it('--ledger serves all six endpoints over a ledger file; --prune-window prunes it', async () => {
    const { io, stderr, waitFor } = watchedIo();
    const exit = runCommand(commands, ['serve', '--port', '0', '--ledger', 'fixtures/example-ledger.bin', '--prune-window=300', '--transaction-cache-mib=1', '--answer-cache-mib', '2'], io);
    const [, url] = await waitFor(LISTENING);
    expect(stderr.join('\n')).toMatch(/ledger fixtures\/example-ledger\.bin: versions \d+\.\.=2241, blocks \d+\.\.=306/);
    const user = JSON.parse(readFileSync('fixtures/example-ledger.json', 'utf8')).accounts.users[0];
    const account = await fetch(`${url}/v1/accounts/${user}`);
    expect(account.status).toBe(200);
    expect(account.headers.get('x-svc-ledger-version')).toBe('2241');
    expect((await account.json()).authentication_key).toBe(user);
    // Blocks with their transactions in JSON, twice (the second from the kept texts): the same bytes.
    const block = async () => (await fetch(`${url}/v1/blocks/by_height/305?with_transactions=true`)).text();
    const first = await block();
    expect(JSON.parse(first).transactions.length).toBeGreaterThan(0);
    expect(await block()).toBe(first);
    const pruned = await fetch(`${url}/v1/blocks/by_height/1`);
    expect(pruned.status).toBe(410);
    expect((await pruned.json()).error_code).toBe('block_pruned');
    expect((await fetch(`${url}/v1/-/healthy`)).status).toBe(200);
    process.emit('SIGTERM');
    expect(await exit).toBe(0);
  });

  it('--ledger refuses what is not a ledger file, and --prune-window without it', async () => {
    const notLedger = join(dir, 'not-a-ledger.bin');
    writeFileSync(notLedger, 'hello');
    for (const [args, re] of [
      [['--ledger', notLedger], /unknown_format/],
      [['--ledger', join(dir, 'missing.bin')], /ENOENT|no such file/],
      [['--prune-window', '5'], /--prune-window needs --ledger/],
      [['--ledger', 'fixtures/example-ledger.bin', '--prune-window', '0'], /--prune-window must be an integer/],
      [['--ledger', 'fixtures/example-ledger.bin', '--transaction-cache-mib', '-1'], /--transaction-cache-mib must be an integer/],
      [['--ledger', 'fixtures/example-ledger.bin', '--transaction-cache-mib', '1.5'], /--transaction-cache-mib must be an integer/],
      [['--ledger', 'fixtures/example-ledger.bin', '--answer-cache-mib', '-1'], /--answer-cache-mib must be an integer/],
    ] as const) {
      const { io, stderr } = watchedIo();
      expect(await runCommand(commands, ['serve', ...args], io), args.join(' ')).toBe(1);
      expect(stderr.join('\n')).toMatch(re);
    }
  });

  it('bad flags exit 1 with a message', async () => {
    for (const args of [['--port', 'x'], ['--chain-id', '256'], ['--bogus'], ['--abi', join(dir, 'missing.json')], ['--port']]) {
      const { io, stderr } = watchedIo();
      expect(await runCommand(commands, ['serve', ...args], io), args.join(' ')).toBe(1);
      expect(stderr.join('\n')).toMatch(/^error: /);
    }
  });
});

describe('ledger-bcs serve (built CLI, real signal)', () => {
  let main: string;
  beforeAll(() => {
    main = join(dir, 'main.mjs');
    buildSync({ entryPoints: ['src/cli/main.ts'], bundle: true, platform: 'node', format: 'esm', target: 'node20', outfile: main, logLevel: 'error' });
  });

  it('prints the port, answers, and exits 0 on SIGTERM', async () => {
    const child = spawn(process.execPath, [main, 'serve', '--port', '0'], { stdio: ['ignore', 'ignore', 'pipe'] });
    let err = '';
    const url = await new Promise<string>((resolve, reject) => {
      child.stderr.setEncoding('utf8');
      child.stderr.on('data', (d: string) => {
        err += d;
        const m = err.match(/listening on (http:\/\/127\.0\.0\.1:\d+)/m);
        if (m) resolve(m[1]!);
      });
      child.once('exit', (code) => reject(new Error(`exited ${code}: ${err}`)));
    });
    expect(err.split('\n')[0]).toMatch(LISTENING);
    const res = await fetch(`${url}/v1/-/healthy?duration_secs=60`);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ message: 'aptos-node:ok' });
    const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
    child.kill('SIGTERM');
    expect(await exited).toBe(0);
    expect(err).toMatch(/\nGET \/v1\/-\/healthy\?duration_secs=60 200 json \d+\.\dms\n/);
    expect(err).toMatch(/SIGTERM: shutting down[\s\S]*stopped\n$/);
  });
});
