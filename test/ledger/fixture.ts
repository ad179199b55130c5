import { readFileSync } from 'node:fs';
import { loadMemoryLedger, type MemoryLedger, type MemoryLedgerOptions } from '../../src/ledger/index.js';
import { decodeLedgerFile } from '../../src/ledger/ledger-file.js';

// The example ledger (fixtures/example-ledger.bin, made by scripts/make-example-ledger.mjs) and the
// accounts it holds (fixtures/example-ledger.json).

export const FIXTURE_BYTES = new Uint8Array(readFileSync('fixtures/example-ledger.bin'));
export const FIXTURE = JSON.parse(readFileSync('fixtures/example-ledger.json', 'utf8')) as {
  accounts: { faucet: string; legacy: string; issuer: string; users: string[] };
  fungibleAsset: string;
};
/** The fixture's BcsBlock records, in order (block 0 is genesis). */
export const FIXTURE_BLOCKS = decodeLedgerFile(FIXTURE_BYTES).blocks;

export function exampleLedger(options?: MemoryLedgerOptions): MemoryLedger {
  return loadMemoryLedger(FIXTURE_BYTES, options);
}
