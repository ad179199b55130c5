#!/usr/bin/env node
// Writes fixtures/example-ledger.bin: the example ledger (scripts/example-ledger/) as a ledger file of
// the node's records. Deterministic: running it again writes the same bytes. Run through
// `npm run example-ledger` (it reads the built package in dist/). Its last epoch is four full blocks
// and a small head block, for GET /estimate_gas_price.
import { writeFileSync } from 'node:fs';
import { createMemoryLedger } from '../dist/ledger/index.js';
import { makeExampleLedger } from './example-ledger/index.mjs';

const out = process.argv[2] ?? 'fixtures/example-ledger.bin';
const example = makeExampleLedger({ fullBlocks: 4 });
const ledger = createMemoryLedger();
const { transactions, blocks } = ledger.ingest(example.blocks);
const bytes = ledger.save();
writeFileSync(out, bytes);
process.stderr.write(`${out}: ${blocks} blocks, ${transactions} transactions, ${bytes.length} bytes\n`);
process.stdout.write(`${JSON.stringify({ accounts: example.accounts, fungibleAsset: example.fungibleAsset, notesTable: example.notesTable }, null, 2)}\n`);
