import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { fromHex } from '../../src/bcs/index.js';
import { moduleBytecodeJson, nodeBlockJson, nodeJsonText, parseNodeBlockJson } from '../../src/node-json/index.js';
import { abiRegistry } from '../../src/submission/index.js';
import { nodeSha3 } from '../../src/ledger/node.js';
import type { Sha3 } from '../../src/ledger/index.js';
import { bcsBlock } from '../../src/records/index.js';
import { FIXTURE_BLOCKS } from '../ledger/fixture.js';

const BLOCKS = FIXTURE_BLOCKS.slice(0, 40).map((b) => bcsBlock.schema.decode(b));

// The render takes its state-key hashes from the sha3 it is given (a Node server passes node:crypto's,
// issue 32); the layer itself keeps @noble/hashes as its default, so it stays browser-safe.

describe('rendering with a given sha3', () => {
  it('gives the same text as the default, and hashes the state keys with it', () => {
    let calls = 0;
    const counting: Sha3 = (chunks) => {
      calls++;
      return nodeSha3(chunks);
    };
    let changes = 0;
    for (const block of BLOCKS) {
      const plain = nodeJsonText(nodeBlockJson(block));
      expect(nodeJsonText(nodeBlockJson(block, { sha3: counting }))).toBe(plain);
      changes += (plain.match(/"state_key_hash"/g) ?? []).length;
    }
    // One hash a state key; a resource group's key stands on each of its members' changes.
    expect(calls).toBeGreaterThan(100);
    expect(calls).toBeLessThanOrEqual(changes);
  });

  it('a wrong sha3 shows in the state-key hashes, so the option is not ignored', () => {
    const block = BLOCKS[1]!;
    const zero: Sha3 = () => new Uint8Array(32);
    const text = nodeJsonText(nodeBlockJson(block, { sha3: zero }));
    expect(text).toContain(`"state_key_hash":"0x${'00'.repeat(32)}"`);
    expect(nodeJsonText(nodeBlockJson(block))).not.toContain(`"state_key_hash":"0x${'00'.repeat(32)}"`);
  });
});

// Reading takes the same option: every hash it checks (transaction, event root, state keys) is the
// given sha3's. Mainnet block 57347454 (fixtures/real-node/PROVENANCE.md), as bench/workloads/node-json.mjs reads it.
describe('reading with a given sha3', () => {
  const fixture = (f: string) => readFileSync(`fixtures/real-node/mainnet/${f}`, 'utf8');
  const modules = JSON.parse(fixture('modules-f22bed.json')) as { bytecode: string }[];
  const abis = abiRegistry(modules.map((m) => moduleBytecodeJson(fromHex(m.bytecode)).abi!));
  const text = fixture('block-57347454.json');

  it('reads the same block, every hash through it', () => {
    let calls = 0;
    const counting: Sha3 = (chunks) => {
      calls++;
      return nodeSha3(chunks);
    };
    const plain = parseNodeBlockJson(text, { abis, chainId: 1 });
    expect(bcsBlock.schema.encode(parseNodeBlockJson(text, { abis, chainId: 1, sha3: counting }))).toEqual(bcsBlock.schema.encode(plain));
    // 3 transaction hashes, 10 state keys, 4 event leaves and 3 accumulator nodes (1 event, then 3).
    expect(calls).toBe(20);
  });

  it('a wrong sha3 fails the read, so the option is not ignored', () => {
    const zero: Sha3 = () => new Uint8Array(32);
    expect(() => parseNodeBlockJson(text, { abis, chainId: 1, sha3: zero })).toThrow(/hash/);
  });
});
