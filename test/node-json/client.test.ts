import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { toHex } from '../../src/bcs/index.js';
import { bcsBlock, type BcsBlock } from '../../src/records/index.js';
import { createLedgerClient, isLedgerResponseError } from '../../src/client/index.js';
import { nodeBlockJson, nodeJsonReader, nodeJsonText } from '../../src/node-json/index.js';
import { bcsReply, jsonReply, startStub, type Stub } from '../client/helpers.js';
import { nodeJsonArbitraries } from './arbitraries.js';

// The client reads a node's JSON block into the typed block, every transaction hash-verified, and
// the same block asked in BCS and in JSON gives equal typed values (a loopback node started here).

const BLOCK_ID = new Uint8Array(32).fill(5);
const a = nodeJsonArbitraries();
const [txs] = fc.sample(fc.array(a.onChain(BLOCK_ID), { minLength: 6, maxLength: 6 }), { numRuns: 1, seed: 42 });
const block = { blockHeight: 5555n, blockHash: BLOCK_ID, blockTimestamp: 1234n, firstVersion: 10n, lastVersion: 15n, transactions: txs! } as unknown as BcsBlock;
const bytes = bcsBlock.schema.encode(block as never);
const jsonText = nodeJsonText(nodeBlockJson(bcsBlock.schema.decode(bytes)));
let tamper = false;

let node: Stub;
beforeAll(async () => {
  node = await startStub((req) => {
    if (!req.url.startsWith('/v1/blocks/by_height/5555')) return { status: 404 };
    if (req.headers.accept === 'application/x-bcs') return bcsReply(bytes);
    const text = tamper ? jsonText.replace(/"gas_unit_price":"(\d+)"/, (_, n) => `"gas_unit_price":"${BigInt(n) + 1n}"`) : jsonText;
    return jsonReply(text);
  });
});
afterAll(() => node.close());

describe('client: the node JSON block, typed and verified', () => {
  it('the same block asked in BCS and in JSON gives equal typed values', async () => {
    const c = createLedgerClient({ baseUrl: node.url, nodeJson: nodeJsonReader() });
    const fromBcs = await c.getBlockByHeight(5555, { withTransactions: true });
    const fromJson = await c.getBlockByHeight(5555, { withTransactions: true, format: 'json', typed: true });
    expect(fromJson.data.transactions).toHaveLength(6);
    expect(toHex(bcsBlock.schema.encode(fromJson.data as never))).toBe(toHex(bcsBlock.schema.encode(fromBcs.data as never)));
    expect(fromJson.ledgerInfo.chainId).toBe(4);
    // Untyped JSON stays the node's JSON, checked against the block's JSON form.
    const raw = await c.getBlockByHeight(5555, { withTransactions: true, format: 'json' });
    expect(raw.data.block_hash).toBe(toHex(BLOCK_ID));
  });

  it('a JSON block whose transaction does not match its hash is a malformed_body error naming the field', async () => {
    if (!jsonText.includes('"gas_unit_price"')) return;
    tamper = true;
    try {
      const c = createLedgerClient({ baseUrl: node.url, nodeJson: nodeJsonReader() });
      const err = await c.getBlockByHeight(5555, { withTransactions: true, format: 'json', typed: true }).catch((e: unknown) => e);
      expect(isLedgerResponseError(err)).toBe(true);
      expect((err as { code: string }).code).toBe('malformed_body');
      expect((err as Error).message).toMatch(/transactions\[\d+\]\.hash/);
    } finally {
      tamper = false;
    }
  });

  it('typed JSON without a reader is refused before any request', async () => {
    const c = createLedgerClient({ baseUrl: node.url });
    const before = node.seen.length;
    await expect(c.getBlockByHeight(5555, { format: 'json', typed: true })).rejects.toThrow(/nodeJson/);
    expect(node.seen.length).toBe(before);
  });
});
