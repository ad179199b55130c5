// The client against `ledger-bcs serve` itself (the command, run in process as test/http/serve-cli.test.ts
// runs it), not only against the handler it wraps: encode_submission verified and the health check,
// over loopback, with the ledger headers the command writes.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serveCommand } from '../../src/cli/commands/serve.js';
import { runCommand, type Io } from '../../src/cli/run.js';
import { createLedgerClient, isLedgerApiError, type LedgerClient } from '../../src/client/index.js';
import { abiRegistry, encodeSubmission } from '../../src/submission/index.js';
import { CAFE_ABI, SENDER, TRANSFER, TRANSFER_SIGNING_MESSAGE } from './helpers.js';

const CAFE = CAFE_ABI;

let dir: string;
let exit: Promise<number>;
let url: string;
let client: LedgerClient;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'ledger-bcs-client-serve-'));
  const abiFile = join(dir, 'cafe.json');
  writeFileSync(abiFile, JSON.stringify([CAFE]));
  let listening!: (u: string) => void;
  const ready = new Promise<string>((resolve) => (listening = resolve));
  const io: Io = {
    out: () => {},
    err: (t) => {
      const m = t.match(/^listening on (http:\/\/127\.0\.0\.1:\d+)/);
      if (m) listening(m[1]!);
    },
    readStdin: async () => '',
  };
  exit = runCommand({ serve: serveCommand }, ['serve', '--port', '0', '--chain-id', '4', '--abi', abiFile], io);
  url = await ready;
  client = createLedgerClient({ baseUrl: url, timeoutMs: 10_000 });
});

afterAll(async () => {
  process.emit('SIGTERM');
  expect(await exit).toBe(0);
  rmSync(dir, { recursive: true, force: true });
});

describe('the client against ledger-bcs serve', () => {
  it('encodeSubmission: the signing message, verified against the request, with the ledger info', async () => {
    const r = await client.encodeSubmission(TRANSFER);
    expect(r.data).toMatchObject({ hex: TRANSFER_SIGNING_MESSAGE, verified: true });
    expect(r.ledgerInfo.chainId).toBe(4);
    expect(r.cursor).toBeUndefined();
  });

  it('encodeSubmission for a module of an --abi file, verified with the same ABI on the client', async () => {
    const abis = abiRegistry([CAFE]);
    const request = { ...TRANSFER, sender: SENDER, payload: { type: 'entry_function_payload', function: '0xcafe::m::f', type_arguments: [], arguments: ['5'] } };
    const r = await client.encodeSubmission(request, { abis });
    expect(r.data).toMatchObject({ hex: encodeSubmission(request, { chainId: 4, abis }).hex, verified: true });
  });

  it("the node's refusal is a LedgerApiError with its ledger info", async () => {
    const bad = { ...TRANSFER, payload: { ...TRANSFER.payload, arguments: ['0xb0', 'x'] } };
    const e = await client.encodeSubmission(bad).then(() => undefined, (x: unknown) => x);
    expect(isLedgerApiError(e) && [e.status, e.errorCode, e.method, e.ledgerInfo?.chainId]).toEqual([400, 'invalid_input', 'POST', 4]);
  });

  it('healthy, with and without duration_secs', async () => {
    expect((await client.healthy()).data).toEqual({ message: 'aptos-node:ok' });
    const r = await client.healthy({ durationSecs: 60 });
    expect(r.data.message).toBe('aptos-node:ok');
    expect(r.ledgerInfo.chainId).toBe(4);
  });
});
