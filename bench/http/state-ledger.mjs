// The state and read-API benches' ledgers and workloads, shared by state.mjs and read-api.mjs (req/s
// and CPU time beside the floor) and state-instructions.mjs (instructions per request beside the
// floor, under callgrind). The state bench's: the example ledger's opening, then blocks of 100
// transactions (block 16 is one), saved to a file the server children load.
import { readFileSync, writeFileSync } from 'node:fs';
import { toHex } from '../../dist/bcs/index.js';
import { createMemoryLedger, loadMemoryLedger } from '../../dist/ledger/index.js';
import { nodeSha3 } from '../../dist/ledger/node.js';
import { transactionOnChainData } from '../../dist/records/index.js';
import { makeExampleLedger } from '../../scripts/example-ledger/index.mjs';

const BCS = 'application/x-bcs';

/** Builds the ledger, writes it to a temporary file; answers the file, the ledger and the workloads ({ name, path, accept? }). */
export function stateBench() {
  const example = makeExampleLedger({ blocks: 20, transfersPerBlock: 98 });
  const ledger = createMemoryLedger({ sha3: nodeSha3 });
  ledger.ingest(example.blocks);
  const file = `/tmp/ledger-bcs-bench-${process.pid}.bin`;
  writeFileSync(file, ledger.save());
  const user = example.accounts.users[0];
  for (const h of [16n, 17n]) {
    const b = ledger.blockByHeight(h);
    if (b.lastVersion - b.firstVersion + 1n !== 100n) throw new Error(`block ${h} is not 100 transactions`);
  }
  const workloads = [
    { name: 'account', path: `/v1/accounts/${user}` },
    { name: 'balance', path: `/v1/accounts/${user}/balance/0x1::aptos_coin::AptosCoin` },
    { name: 'summaries (25)', path: `/v1/accounts/${user}/transaction_summaries?limit=25` },
    { name: 'block 100 txns, BCS', path: '/v1/blocks/by_height/16?with_transactions=true', accept: BCS },
    { name: 'block 100 txns, JSON', path: '/v1/blocks/by_height/16?with_transactions=true' },
  ];
  return { file, ledger, workloads };
}

/** The read-API bench's (read-api.mjs): fixtures/example-ledger.bin and its workloads. */
export function readApiBench() {
  const file = new URL('../../fixtures/example-ledger.bin', import.meta.url).pathname;
  const ledger = loadMemoryLedger(new Uint8Array(readFileSync(file)));
  const hash = toHex(transactionOnChainData.schema.decode(ledger.transactions(100n, 1)[0].bytes).info.value.transactionHash);
  const workloads = [
    { name: 'by_hash', path: `/v1/transactions/by_hash/${hash}` },
    { name: 'by_version', path: '/v1/transactions/by_version/100' },
    { name: 'resources (page of 5)', path: '/v1/accounts/0x1/resources?limit=5' },
    { name: 'module', path: '/v1/accounts/0x1/module/aptos_account' },
    { name: 'gas estimate', path: '/v1/estimate_gas_price' },
  ];
  return { file, ledger, workloads };
}
