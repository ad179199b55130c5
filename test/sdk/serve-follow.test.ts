import { Account, Ed25519PrivateKey } from '@aptos-labs/ts-sdk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startUpstream, type Upstream } from '../replica/upstream-stand-in.js';
import { removeCliBundle, startCli, type CliServer } from './cli-server.js';
import { aptosFor, sdkReadSuite } from './sdk-reads.js';

// Stock ts-sdk against `ledger-bcs serve --follow URL` (the CLI in a child process) following an
// upstream stand-in over the example ledger: the same reads as against serve --ledger, then a
// transaction the SDK signs, submitted through the replica (forwarded to the upstream, which commits
// it), and awaited on the replica once it has ingested the block.

let upstream: Upstream;
let replica: CliServer;

async function caughtUp(): Promise<void> {
  const want = String(upstream.ledger.ledgerInfo().ledgerVersion);
  for (let i = 0; i < 600; i++) {
    const r = await fetch(`${replica.url}/v1`).catch(() => undefined);
    if (r?.ok && ((await r.json()) as { ledger_version: string }).ledger_version === want) return;
    await new Promise((d) => setTimeout(d, 100));
  }
  throw new Error(`the replica did not reach version ${want}:\n${replica.stderr()}`);
}

beforeAll(async () => {
  upstream = await startUpstream();
  replica = await startCli(['serve', '--follow', upstream.url]);
  await caughtUp();
}, 120_000);
afterAll(async () => {
  expect(await replica.stop()).toBe(0);
  await upstream.close();
  removeCliBundle();
});

describe('ts-sdk 7.3 against serve --follow', () => {
  sdkReadSuite(() => replica.url, () => upstream.ledger);

  it('a transaction the SDK signs: submitted through the replica, committed upstream, awaited on the replica', { timeout: 60_000 }, async () => {
    const aptos = aptosFor(replica.url);
    const sender = Account.fromPrivateKey({ privateKey: new Ed25519PrivateKey(`0x${'11'.repeat(32)}`) });
    const transaction = await aptos.transaction.build.simple({
      sender: sender.accountAddress,
      data: { function: '0x1::aptos_account::transfer', functionArguments: [`0x${'b0'.padStart(64, '0')}`, 1000] },
      options: { accountSequenceNumber: 0, gasUnitPrice: 100, maxGasAmount: 2000 },
    });
    const pending = await aptos.signAndSubmitTransaction({ signer: sender, transaction });
    expect(pending.hash).toMatch(/^0x[0-9a-f]{64}$/);
    expect(upstream.submitted).toHaveLength(1);
    const done = await aptos.waitForTransaction({ transactionHash: pending.hash, options: { timeoutSecs: 30 } });
    expect(done).toMatchObject({ type: 'user_transaction', hash: pending.hash, success: true });
    expect(await aptos.isPendingTransaction({ transactionHash: pending.hash })).toBe(false);
    const byHash = await aptos.getTransactionByHash({ transactionHash: pending.hash });
    expect((byHash as { version: string }).version).toBe(String(upstream.ledger.ledgerInfo().ledgerVersion - 1n));
  });
});
