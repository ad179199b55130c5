// The README's offline recipe (the sh block after `<!-- offline-recipe -->`), run as written by
// bash with the built CLI as `ledger-bcs`, against the loopback node stand-in: accepted and
// committed; then against a stand-in that refuses it, with the node's error body on stderr.
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { startStandIn, type StandIn } from '../client/node-stand-in.js';
import { offlineRecipe, RECIPE_KEY, runRecipe } from './readme-recipe.js';

const CLI = resolve('dist/cli/main.js');

let node: StandIn | undefined;
let dir: string | undefined;
afterEach(async () => {
  await node?.close();
  node = undefined;
  if (dir) rmSync(dir, { recursive: true, force: true });
});

function workdir(): string {
  dir = mkdtempSync(join(tmpdir(), 'ledger-bcs-recipe-'));
  // Created as a user would, before chmod 600 in the recipe tightens it.
  writeFileSync(join(dir, 'sender.key'), `${RECIPE_KEY}\n`, { mode: 0o644 });
  return dir;
}

describe.skipIf(!existsSync(CLI))('README offline recipe (needs the build: npm run build)', () => {
  it('encode, sign, submit and wait: the committed transaction is the one signed', { timeout: 90_000 }, async () => {
    node = await startStandIn({ pendingPolls: 1 });
    const cwd = workdir();
    const r = await runRecipe(CLI, offlineRecipe(), cwd, { NODE_URL: node.url });
    expect(r.err).not.toContain(RECIPE_KEY.slice(-64));
    expect(r.code, r.err).toBe(0);
    const lines = r.out.trim().split('\n');
    expect(lines[0]).toMatch(/^"0xb5e97db07fa0bd0e5598aa3643a9bc6f6693bddc1a9fec9e674a461eaa00b193978c2139/);
    const signed = JSON.parse(readFileSync(join(cwd, 'signed.json'), 'utf8')) as { signed_transaction: string; hash: string };
    const committed = JSON.parse(lines.at(-1)!) as Record<string, unknown>;
    expect(committed).toMatchObject({ type: 'user_transaction', hash: signed.hash, success: true, sender: '0x978c213990c4833df71548df7ce49d54c759d6b6d932de22b24d56060b7af2aa' });
    expect(Buffer.from(node.submitted[0]!).toString('hex')).toBe(signed.signed_transaction.slice(2));
    expect(node.seen[0]).toBe('POST /v1/transactions');
  });

  it("a node that refuses the transaction: its error body on stderr, exit 1", { timeout: 90_000 }, async () => {
    node = await startStandIn({ minSequenceNumber: 8n });
    const r = await runRecipe(CLI, offlineRecipe(), workdir(), { NODE_URL: node.url });
    expect(r.code).toBe(1);
    const body = JSON.parse(r.err.trim().split('\n').at(-1)!) as Record<string, unknown>;
    expect(body).toEqual({ message: 'Invalid transaction: Type: Validation Code: SEQUENCE_NUMBER_TOO_OLD', error_code: 'vm_error', vm_error_code: 3 });
  });
});
