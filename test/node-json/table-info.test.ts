import { describe, expect, it } from 'vitest';
import { address, u64 } from '../../src/bcs/index.js';
import { parseTypeTag } from '../../src/move/index.js';
import type { TransactionData } from '../../src/records/index.js';
import { hashes } from '../../src/node-json/hashes.js';
import { nodeJsonText, parseTransactionJson, transactionJson } from '../../src/node-json/index.js';

// With a table-info lookup (the node's indexer), table items carry their decoded data; without one
// the node's null. The reader reads the raw key and value either way.

const handle = `0x${'ab'.repeat(32)}`;
const h = hashes();
const tx = { $kind: 'StateCheckpoint', value: new Uint8Array(32).fill(1) } as const;
const data = {
  $kind: 'OnChain',
  value: {
    version: 9n,
    transaction: tx,
    info: { $kind: 'V0', value: { gasUsed: 0n, status: { $kind: 'Success' }, transactionHash: h.transaction(tx as never), eventRootHash: new Uint8Array(32), stateChangeHash: new Uint8Array(32), stateCheckpointHash: null, auxiliaryInfoHash: null } },
    events: [],
    accumulatorRootHash: new Uint8Array(32),
    changes: {
      $kind: 'V0',
      value: [
        { key: { $kind: 'TableItem', value: { handle, key: u64.encode(5n) } }, value: { $kind: 'Modification', value: address.encode('0xb0b') } },
        { key: { $kind: 'TableItem', value: { handle, key: u64.encode(6n) } }, value: { $kind: 'Deletion' } },
      ],
    },
  },
} as unknown as TransactionData;

describe('table items with table info', () => {
  it('writes the decoded key and value by the table types, and reads the item back', () => {
    const tableInfo = (hd: string) => (hd === handle ? { keyType: parseTypeTag('u64'), valueType: parseTypeTag('address') } : undefined);
    const json = transactionJson(data, { timestamp: 1n, tableInfo }) as { changes: { data: unknown; type: string }[] };
    expect(json.changes.map((c) => c.data)).toEqual([{ key: '5', key_type: 'u64', value: '0xb0b', value_type: 'address' }, { key: '6', key_type: 'u64' }]);
    const back = parseTransactionJson(nodeJsonText(json), { blockId: new Uint8Array(32).fill(1) });
    expect(nodeJsonText(transactionJson(back.data, { timestamp: 1n, tableInfo }))).toBe(nodeJsonText(json));
    expect((transactionJson(data, { timestamp: 1n }) as { changes: { data: unknown }[] }).changes.map((c) => c.data)).toEqual([null, null]);
  });
});
