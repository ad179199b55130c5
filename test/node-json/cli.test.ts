import fc from 'fast-check';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { toHex } from '../../src/bcs/index.js';
import { bcsBlock, transaction, transactionOnChainData } from '../../src/records/index.js';
import { renderCommand, verifyJsonCommand } from '../../src/cli/commands/node-json.js';
import { runCommands } from '../cli/run-commands.js';
import { parseNodeBlockJson } from '../../src/node-json/index.js';
import { nodeJsonArbitraries } from './arbitraries.js';

const commands = { render: renderCommand, 'verify-json': verifyJsonCommand };

const run = (argv: string[], stdin = '') => runCommands(commands, argv, stdin);

const BLOCK_ID = new Uint8Array(32).fill(9);
const a = nodeJsonArbitraries();
const [txs] = fc.sample(fc.array(a.onChain(BLOCK_ID), { minLength: 3, maxLength: 3 }), { numRuns: 1, seed: 7 });
const blockBytes = bcsBlock.schema.encode({ blockHeight: 12n, blockHash: BLOCK_ID, blockTimestamp: 5000n, firstVersion: 1n, lastVersion: 3n, transactions: txs! } as never);
const dir = mkdtempSync(join(tmpdir(), 'i19b-cli-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('ledger-bcs render and verify-json', () => {
  it('verify-json --lenient reads a real mainnet block with an unknown module, naming what it could not check', async () => {
    const file = 'fixtures/real-node/mainnet/block-57347454.json';
    const strict = await run(['verify-json', file]);
    expect(strict.code).toBe(1);
    expect(JSON.parse(strict.err).error.code).toBe('not_supported');
    const r = await run(['verify-json', '--lenient', file]);
    expect(r.code, r.err).toBe(0);
    const s = JSON.parse(r.out);
    expect(s).toMatchObject({ ok: true, block_height: '57347454', hashes_checked: true });
    expect(s.opaque_values).toBeGreaterThan(0);
    expect(Array.isArray(s.hashes_unchecked)).toBe(true);
    for (const u of s.hashes_unchecked) expect(u.path).toMatch(/^transactions\[\d+\]\./);
  });

  it('render BcsBlock prints the node JSON, which verify-json accepts with every hash checked', async () => {
    const r = await run(['render', 'BcsBlock', toHex(blockBytes)]);
    expect(r.code, r.err).toBe(0);
    const block = JSON.parse(r.out);
    expect(block.block_height).toBe('12');
    expect(toHex(bcsBlock.schema.encode(parseNodeBlockJson(r.out, { chainId: 4 }) as never))).toBe(toHex(blockBytes));
    const file = join(dir, 'block.json');
    writeFileSync(file, r.out);
    const v = await run(['verify-json', file, '--chain-id=4']);
    expect(v.code, v.err).toBe(0);
    expect(JSON.parse(v.out)).toMatchObject({ ok: true, block_height: '12', hashes_checked: true });
  });

  it('render TransactionOnChainData from stdin with --timestamp=; a bare user Transaction renders as pending', async () => {
    const d = txs![0]!;
    const r = await run(['render', 'TransactionOnChainData', '-', '--timestamp=77'], toHex(transactionOnChainData.schema.encode(d as never)));
    expect(r.code, r.err).toBe(0);
    expect(JSON.parse(r.out).version).toBe(d.version.toString());
    const [signed] = fc.sample(a.signed, { numRuns: 1, seed: 3 });
    const p = await run(['render', 'Transaction', toHex(transaction.schema.encode({ $kind: 'UserTransaction', value: signed } as never))]);
    expect(p.code, p.err).toBe(0);
    expect(JSON.parse(p.out).type).toBe('pending_transaction');
    const v = await run(['verify-json', '-'], p.out);
    expect(v.code, v.err).toBe(0);
    expect(JSON.parse(v.out).transactions).toEqual({ Pending: 1 });
  });

  it('a tampered transaction fails with exit 1 and the error body naming the field on stderr', async () => {
    const r = await run(['render', 'BcsBlock', toHex(blockBytes)]);
    const block = JSON.parse(r.out);
    block.transactions[1].version = String(BigInt(block.transactions[1].version) + 1n);
    const user = block.transactions.findIndex((t: { type: string }) => t.type === 'user_transaction');
    if (user >= 0) block.transactions[user].gas_unit_price = '1';
    const v = await run(['verify-json', '-', '--chain-id', '4'], JSON.stringify(user >= 0 ? block.transactions[user] : { ...block.transactions[0], type: 'nope' }));
    expect(v.code).toBe(1);
    expect(v.out).toBe('');
    const body = JSON.parse(v.err.trim().split('\n').at(-1)!);
    expect(body.error.path).toBe(user >= 0 ? 'hash' : 'type');
  });

  it('usage errors and bad input are exit 1 without a stack trace', async () => {
    for (const argv of [['render'], ['render', 'Nope', '00'], ['render', 'BcsBlock', 'zz'], ['render', 'BcsBlock', '00', '--abi'], ['verify-json'], ['verify-json', join(dir, 'missing.json')], ['verify-json', '-', '--bogus=1']]) {
      const r = await run(argv, '{');
      expect(r.code, argv.join(' ')).toBe(1);
      expect(r.err).not.toMatch(/\n\s+at /);
    }
    const bad = await run(['verify-json', '-'], '{"version":');
    expect(bad.code).toBe(1);
    expect(bad.err).toContain('invalid_json');
  });
});
