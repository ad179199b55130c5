import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { fromHex } from '../../src/bcs/index.js';
import { nodeJsonText, parseNodeBlockJson, parseNodeBlockJsonAsync, parseTransactionJson, parseTransactionJsonAsync, transactionJson, type ReadVerification } from '../../src/node-json/index.js';
import { parseNodeJsonText } from '../../src/node-json/json-text.js';
import { abiRegistry } from '../../src/submission/index.js';
import { hashes } from '../../src/node-json/hashes.js';

// Mainnet block 456015808 as a real node answered it (fixtures/real-node/PROVENANCE.md): lone
// transactions of it read with what could not be checked reported, a module outside the framework
// read leniently or through an ABI resolver, and the older nodes' shapes of the same transactions.

const TEXT = readFileSync('fixtures/real-node/mainnet/block-456015808.json', 'utf8');
type Tx = Record<string, unknown> & { version: string; type: string };
const BLOCK = parseNodeJsonText(TEXT) as { block_hash: string; transactions: Tx[] };
const tx = (version: string) => structuredClone(BLOCK.transactions.find((t) => t.version === version)!);

/**
 * 0x8d13…::batch_mint as far as versions 3556737305..7 use it. Its module is not in any public source
 * we hold, so this ABI is reconstructed: send_message's parameter types are the ones the transaction
 * hash accepts, MessageReceived's field order the one event_root_hash accepts (the JSON sorts fields).
 */
const BATCH_MINT = {
  address: '0x8d1309464d087b58d8e4463fa3a60c4e1f11509e83babf8583af8f2094889070',
  name: 'batch_mint',
  friends: [],
  exposed_functions: [{ name: 'send_message', visibility: 'public', is_entry: true, generic_type_params: [], params: ['&signer', '0x1::string::String', '0x1::string::String', 'address'], return: [] }],
  structs: [
    {
      name: 'MessageReceived',
      is_native: false,
      abilities: ['drop', 'store'],
      generic_type_params: [],
      fields: [
        { name: 'sender', type: 'address' },
        { name: 'message', type: '0x1::string::String' },
        { name: 'timestamp', type: 'u64' },
        { name: 'token_id', type: '0x1::option::Option<address>' },
        { name: 'category', type: '0x1::string::String' },
      ],
    },
  ],
};

describe('lone block epilogue and state checkpoint (by-version or by-hash answers)', () => {
  it('reads the epilogue without the block id, reporting the transaction hash unchecked; with it, checked', () => {
    const epilogue = tx('3556737309');
    const lone = parseTransactionJson(epilogue);
    expect(lone.verification.checked).toEqual([]);
    expect(lone.verification.unchecked).toEqual([{ path: 'hash', reason: expect.stringMatching(/block id .* not in the JSON/) }]);
    const withId = parseTransactionJson(epilogue, { blockId: fromHex(BLOCK.block_hash) });
    expect(withId.verification).toEqual({ checked: ['hash'], unchecked: [], opaque: [] });
    expect(nodeJsonText(transactionJson(withId.data, { timestamp: withId.timestamp }))).toBe(nodeJsonText(epilogue));
    expect(() => parseTransactionJson(epilogue, { blockId: new Uint8Array(32) })).toThrow(/hash does not match/);
  });

  it('reads a lone state checkpoint the same way', () => {
    const id = new Uint8Array(32).fill(7);
    const transaction = { $kind: 'StateCheckpoint', value: id } as const;
    const data = parseTransactionJson(tx('3556737309'), { blockId: fromHex(BLOCK.block_hash) }).data as { $kind: 'OnChain'; value: { info: { value: object } } };
    const info = { ...data.value.info, value: { ...data.value.info.value, transactionHash: hashes().transaction(transaction as never) } };
    const checkpoint = transactionJson({ ...data, value: { ...data.value, transaction, info } } as never, { timestamp: 5n }) as Tx;
    expect(checkpoint.type).toBe('state_checkpoint_transaction');
    expect(parseTransactionJson(checkpoint).verification.unchecked.map((u) => u.path)).toEqual(['hash']);
    expect(parseTransactionJson(checkpoint, { blockId: id }).verification.checked).toEqual(['hash']);
  });
});

describe('a module outside the framework', () => {
  it('strict (the default) refuses the transaction, naming the path', () => {
    expect(() => parseTransactionJson(tx('3556737305'), { chainId: 1 })).toThrow(/payload\.arguments/);
  });

  it('lenient keeps the values without a layout as JSON and says what it could not check', () => {
    const r = parseTransactionJson(tx('3556737305'), { chainId: 1, lenient: true });
    expect(r.verification.unchecked.map((u) => u.path)).toEqual(['hash', 'event_root_hash']);
    expect(r.verification.opaque.map((o) => o.path)).toEqual(['payload.arguments', 'events[0].data']);
    expect(r.verification.opaque[1]!.json).toEqual((tx('3556737305').events as { data: unknown }[])[0]!.data);
    // Every state_key_hash is still checked (the keys do not depend on the values).
    expect(r.verification.checked).toEqual(Array.from({ length: 9 }, (_, i) => `changes[${i}].state_key_hash`));
  });

  it('lenient reads the whole block, every transaction, and the block collects the verification', () => {
    const verification: ReadVerification = { checked: [], unchecked: [], opaque: [] };
    const block = parseNodeBlockJson(TEXT, { chainId: 1, lenient: true, verification });
    expect(block.transactions).toHaveLength(7);
    expect(verification.checked).toContain('transactions[6].hash'); // the epilogue, by the block hash
    expect(verification.unchecked.map((u) => u.path)).toContain('transactions[2].hash');
    expect(() => parseNodeBlockJson(TEXT, { chainId: 1 })).toThrow(/transactions\[2\]\.payload\.arguments/);
  });

  it('with a resolver each missing module is fetched once, cached, and every hash checked', async () => {
    const asked: string[] = [];
    const abis = abiRegistry([], {
      resolve: async (id) => {
        asked.push(id);
        return id.endsWith('::batch_mint') ? (BATCH_MINT as never) : undefined; // an older node's ABI: no is_view
      },
    });
    const r = await parseTransactionJsonAsync(tx('3556737305'), { chainId: 1, abis });
    expect(r.verification.unchecked).toEqual([]);
    expect(r.verification.checked).toEqual([...Array.from({ length: 9 }, (_, i) => `changes[${i}].state_key_hash`), 'hash', 'event_root_hash']);
    expect(nodeJsonText(transactionJson(r.data, { timestamp: r.timestamp, abis }))).toBe(nodeJsonText(tx('3556737305')));
    const once = asked.length;
    expect(asked.filter((id) => id.endsWith('::batch_mint'))).toHaveLength(1);
    const verification: ReadVerification = { checked: [], unchecked: [], opaque: [] };
    await parseNodeBlockJsonAsync(TEXT, { chainId: 1, abis, lenient: true, verification });
    // 3556737306/7 need nothing new; 3556737308's module is missing and asked once, then remembered.
    await parseNodeBlockJsonAsync(TEXT, { chainId: 1, abis, lenient: true });
    expect(new Set(asked).size).toBe(asked.length);
    expect(asked.length).toBeGreaterThan(once);
    expect(verification.unchecked.map((u) => u.path)).toEqual(['transactions[5].hash']);
  });
});

describe('shapes of older nodes', () => {
  it('no replay_protection_nonce: read, hash checked, rendered in the current shape', () => {
    const current = tx('3556737304');
    const older = { ...current };
    delete older.replay_protection_nonce;
    const r = parseTransactionJson(older, { chainId: 1 });
    expect(r.verification.checked).toContain('hash');
    expect(nodeJsonText(transactionJson(r.data, { timestamp: r.timestamp }))).toBe(nodeJsonText(current));
  });

  it('any key order, at every level', () => {
    const shuffle = (v: unknown): unknown =>
      Array.isArray(v) ? v.map(shuffle) : typeof v === 'object' && v !== null ? Object.fromEntries(Object.entries(v).reverse().map(([k, x]) => [k, shuffle(x)])) : v;
    for (const version of ['3556737303', '3556737304', '3556737309']) {
      const r = parseTransactionJson(shuffle(tx(version)), { chainId: 1, blockId: fromHex(BLOCK.block_hash) });
      expect(r.verification.unchecked).toEqual([]);
      expect(nodeJsonText(transactionJson(r.data, { timestamp: r.timestamp }))).toBe(nodeJsonText(tx(version)));
    }
  });

  it('an ABI without is_view (older nodes) serves the resolver', async () => {
    expect('is_view' in BATCH_MINT.exposed_functions[0]!).toBe(false);
    expect(() => abiRegistry([BATCH_MINT])).not.toThrow();
  });

  it('a validator transaction from before validator_transaction_type: strict says why; lenient reads its info, events and changes', () => {
    const epilogue = tx('3556737309');
    const older: Record<string, unknown> = { ...epilogue, type: 'validator_transaction', events: [] };
    delete older.block_end_info;
    older.event_root_hash = '0x414343554d554c41544f525f504c414345484f4c4445525f4841534800000000'; // no events: the placeholder hash
    expect(() => parseTransactionJson(older)).toThrow(/before validator_transaction_type/);
    const r = parseTransactionJson(older, { lenient: true });
    expect(r.verification.unchecked).toEqual([{ path: 'hash', reason: expect.stringMatching(/placeholder/) }]);
    expect(r.verification.checked).toEqual(['event_root_hash']);
  });
});
