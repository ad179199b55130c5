import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { toHex } from '../../src/bcs/index.js';
import { bcsBlock, transactionData, transactionOnChainData, type TransactionData } from '../../src/records/index.js';
import { signedTransaction } from '../../src/transactions/index.js';
import { abiRegistry } from '../../src/submission/index.js';
import { nodeBlockJson, nodeJsonText, parseNodeBlockJson, parseTransactionJson, transactionJson } from '../../src/node-json/index.js';
import { nodeJsonArbitraries } from './arbitraries.js';

// Round trips through the node's JSON, hash checks on: JSON → typed → JSON is the identity on the
// JSON text, and BCS → JSON → typed → BCS the identity on the bytes, for every transaction kind
// (within what the JSON carries: test/node-json/arbitraries.ts).

const abis = abiRegistry();
const BLOCK_ID = new Uint8Array(32).fill(7);
const a = nodeJsonArbitraries();
const RUNS = { numRuns: Number(process.env.NODE_JSON_RUNS ?? 150) };

describe('node JSON round trips', () => {
  it('committed: BCS → JSON text → typed → BCS, and the JSON text again', () => {
    fc.assert(
      fc.property(a.onChain(BLOCK_ID), a.u64, (d, ts) => {
        const bytes = transactionOnChainData.schema.encode(d as never);
        const decoded = transactionOnChainData.schema.decode(bytes);
        const text = nodeJsonText(transactionJson({ $kind: 'OnChain', value: decoded } as TransactionData, { abis, timestamp: ts }));
        const back = parseTransactionJson(text, { abis, chainId: 4, blockId: BLOCK_ID });
        expect(back.data.$kind).toBe('OnChain');
        expect(toHex(transactionOnChainData.schema.encode(back.data.value as never))).toBe(toHex(bytes));
        // The JSON's timestamp is the one given, except a block metadata transaction's own and a genesis's none.
        const k = decoded.transaction.$kind;
        if (k !== 'GenesisTransaction' && !k.startsWith('BlockMetadata')) expect(back.timestamp).toBe(ts);
        expect(nodeJsonText(transactionJson(back.data, { abis, timestamp: back.timestamp }))).toBe(text);
      }),
      RUNS,
    );
  });

  it('a multisig payload as older nodes wrote it (its entry function untagged) reads to the same bytes', () => {
    let seen = 0;
    fc.assert(
      fc.property(a.onChain(BLOCK_ID), a.u64, (d, ts) => {
        const bytes = transactionOnChainData.schema.encode(d as never);
        const decoded = transactionOnChainData.schema.decode(bytes);
        const json = transactionJson({ $kind: 'OnChain', value: decoded } as TransactionData, { abis, timestamp: ts }) as { payload?: { type?: string; transaction_payload?: Record<string, unknown> | null } };
        const inner = json.payload?.type === 'multisig_payload' ? json.payload.transaction_payload : null;
        if (!inner) return;
        seen++;
        expect(inner.type).toBe('entry_function_payload');
        delete inner.type;
        const back = parseTransactionJson(nodeJsonText(json), { abis, chainId: 4, blockId: BLOCK_ID });
        expect(toHex(transactionOnChainData.schema.encode(back.data.value as never))).toBe(toHex(bytes));
      }),
      { numRuns: RUNS.numRuns * 4 },
    );
    expect(seen).toBeGreaterThan(0);
  });

  it('pending: BCS → JSON → typed → BCS, the hash checked', () => {
    fc.assert(
      fc.property(a.signed, (s) => {
        const bytes = signedTransaction.encode(s as never);
        const text = nodeJsonText(transactionJson({ $kind: 'Pending', value: signedTransaction.decode(bytes) } as TransactionData, { abis }));
        const back = parseTransactionJson(text, { abis, chainId: 4 });
        expect(toHex(transactionData.schema.encode(back.data as never))).toBe(toHex(transactionData.schema.encode({ $kind: 'Pending', value: s } as never)));
        expect(nodeJsonText(transactionJson(back.data, { abis }))).toBe(text);
      }),
      RUNS,
    );
  });

  it('blocks: BCS → JSON → typed → BCS', () => {
    const block = fc.record({
      blockHeight: a.u64,
      blockTimestamp: a.u64,
      firstVersion: a.u64,
      lastVersion: a.u64,
      transactions: fc.option(fc.array(a.onChain(BLOCK_ID), { maxLength: 3 }), { nil: null }),
    });
    fc.assert(
      fc.property(block, (b) => {
        const bytes = bcsBlock.schema.encode({ ...b, blockHash: BLOCK_ID } as never);
        const text = nodeJsonText(nodeBlockJson(bcsBlock.schema.decode(bytes), { abis }));
        const back = parseNodeBlockJson(text, { abis, chainId: 4 });
        expect(toHex(bcsBlock.schema.encode(back as never))).toBe(toHex(bytes));
      }),
      { numRuns: 40 },
    );
  });
});
