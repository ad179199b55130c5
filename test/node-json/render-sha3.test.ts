import { describe, expect, it } from 'vitest';
import { nodeBlockJson, nodeJsonText } from '../../src/node-json/index.js';
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
