import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cliBundle, removeCliBundle, startCli, type CliServer } from '../sdk/cli-server.js';
import { startUpstream, type Upstream } from './upstream-stand-in.js';
import { offlineRecipe, RECIPE_KEY, runRecipe } from '../cli/readme-recipe.js';

// The README's offline recipe (the sh block after `<!-- offline-recipe -->`) run as written by bash,
// with `ledger-bcs` the CLI, against `ledger-bcs serve --follow` whose upstream stand-in accepts the
// submission and commits it: `submit --url REPLICA --wait` is forwarded upstream and then waits on
// the replica until it has ingested the block.

let upstream: Upstream;
let replica: CliServer;
let dir: string;

beforeAll(async () => {
  upstream = await startUpstream();
  replica = await startCli(['serve', '--follow', upstream.url]);
  dir = mkdtempSync(join(tmpdir(), 'ledger-bcs-recipe-follow-'));
  writeFileSync(join(dir, 'sender.key'), `${RECIPE_KEY}\n`, { mode: 0o644 });
}, 120_000);
afterAll(async () => {
  await replica.stop();
  await upstream.close();
  rmSync(dir, { recursive: true, force: true });
  removeCliBundle();
});

describe('README offline recipe through serve --follow', () => {
  it('sign, then submit --wait to the replica: forwarded, committed upstream, awaited on the replica', { timeout: 90_000 }, async () => {
    const r = await runRecipe(cliBundle(), offlineRecipe(), dir, { NODE_URL: replica.url });
    expect(r.code, r.err).toBe(0);
    const signed = JSON.parse(readFileSync(join(dir, 'signed.json'), 'utf8')) as { signed_transaction: string; hash: string };
    expect(Buffer.from(upstream.submitted[0]!).toString('hex')).toBe(signed.signed_transaction.slice(2));
    const committed = JSON.parse(r.out.trim().split('\n').at(-1)!) as Record<string, unknown>;
    expect(committed).toMatchObject({ type: 'user_transaction', hash: signed.hash, success: true, sender: '0x978c213990c4833df71548df7ce49d54c759d6b6d932de22b24d56060b7af2aa' });
    // The replica answers it from its own ledger.
    const res = await fetch(`${replica.url}/v1/transactions/by_hash/${signed.hash}`);
    expect(res.status).toBe(200);
    expect(replica.stderr()).toMatch(/POST \/v1\/transactions 202|ingested blocks/);
  });
});
