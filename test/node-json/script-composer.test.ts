import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { nodeJsonText, parseNodeJsonText, parseTransactionJson, transactionJson } from '../../src/node-json/index.js';
import type { TransactionArgument } from '../../src/transactions/index.js';

// A script built by the script composer stores its arguments as
// TransactionArgument::Serialized(bcs(value)) (aptos-core types/src/transaction/script.rs); the
// node's JSON shows the values, exactly as for the typed variants, so the reader offers both and the
// transaction hash picks. Mainnet version 3556737304 (block 456015808) is such a script: its u64
// arguments are Serialized. Source: fixtures/real-node/PROVENANCE.md.

const block = parseNodeJsonText(readFileSync('fixtures/real-node/mainnet/block-456015808.json', 'utf8')) as { transactions: { version: string }[] };
const composed = block.transactions.find((t) => t.version === '3556737304')!;

describe('script arguments written by the script composer', () => {
  it('reads the mainnet composed script with its hash checked: every argument Serialized', () => {
    const { data, timestamp } = parseTransactionJson(composed, { chainId: 1 });
    const tx = data.$kind === 'OnChain' ? data.value.transaction : undefined;
    if (tx?.$kind !== 'UserTransaction') throw new Error('expected a user transaction');
    const payload = tx.value.rawTxn.payload;
    const script = payload.$kind === 'Script' ? payload.value : payload.$kind === 'Payload' && payload.value.value.executable.$kind === 'Script' ? payload.value.value.executable.value : undefined;
    expect(script?.args.map((a: TransactionArgument) => a.$kind)).toEqual(Array(8).fill('Serialized'));
    expect(nodeJsonText(transactionJson(data, { timestamp }))).toBe(nodeJsonText(composed));
  });

  it('still refuses the JSON when an argument is changed (no candidate hashes to it)', () => {
    const args = (composed as unknown as { payload: { arguments: unknown[] } }).payload.arguments;
    const changed = { ...composed, payload: { ...(composed as unknown as { payload: object }).payload, arguments: ['15', ...args.slice(1)] } };
    expect(() => parseTransactionJson(changed, { chainId: 1 })).toThrow(/hash does not match/);
  });
});
