import { describe, expect, it } from 'vitest';
import { fromHex, toHex } from '../../src/bcs/index.js';
import { nodeSha3 } from '../../src/ledger/internal.js';
import { nobleSha3 } from '../../src/hash/internal.js';
import { bcsBlock, transactionInfo, type BcsBlock } from '../../src/records/index.js';
import type { ReplicaError } from '../../src/replica/index.js';
import { appendLeaf, emptyAccumulator, eventRoot, hashers, infoHash, rootHash } from '../../src/replica/verify/hashers.js';
import { INITIAL_STATE, verifyBlock, verifyContext, type VerifierState } from '../../src/replica/verify/verify-block.js';
import { blockBytes, exampleLedger } from './helpers.js';

// The verifier's hashers against real node values, and the example ledger verified from genesis.

const h = hashers(nodeSha3);
const hx = (s: string) => fromHex(s);

describe('hashers (REAL vectors, docs/replica.md provenance)', () => {
  it('the genesis TransactionInfo of aptos-go-sdk api/transactions_test.go hashes to its accumulator_root_hash (1 leaf)', () => {
    const info = transactionInfo.schema.encode({
      $kind: 'V0',
      value: {
        gasUsed: 0n,
        status: { $kind: 'Success' },
        transactionHash: hx('cf5b7e186572be74741f81e2015146e6df15263082c2660690eccbd66a194043'),
        eventRootHash: hx('87862d624eb74dbdaeed74d0f6b9dc9f6eddc6ee1d167f9cc02c895524ad5a90'),
        stateChangeHash: hx('f5b27d111c2e8ce1de621031f456c8c8539b3a02822533f421692f041e586da7'),
        stateCheckpointHash: hx('638a52558edcfef9bd0e327c90f8d1c079a6305d64130128ed09b08b45bd63c7'),
        auxiliaryInfoHash: null,
      },
    });
    const acc = emptyAccumulator();
    appendLeaf(h, h.transactionNode, acc, infoHash(h, info));
    expect(toHex(rootHash(h, h.transactionNode, acc))).toBe('0xd57ebc779d5f764459dc6e618224f465313433b5a8615d8aa4864106e098b395');
  });

  it('the empty write set hashes to the state_change_hash of every real checkpoint', () => {
    expect(toHex(h.sha3([h.writeSet, new Uint8Array([0, 0])]))).toBe('0xafb6e14fe47d850fd0a7395bcfb997ffacf4715e0f895cc162c218e4a7564bc6');
  });

  it('no events: the placeholder; accumulator nodes over two and three leaves', () => {
    expect(toHex(eventRoot(h, []))).toBe('0x414343554d554c41544f525f504c414345484f4c4445525f4841534800000000');
    // Two event leaves of mainnet version 1010733903 (go-sdk TestTransaction_UserTransaction): their
    // root is the event_root_hash the node served.
    const a = hx('b0c242fede03395e63ee0d00af9802498c4b8b8ceccffc1727c089a02837b370');
    const b = hx('605e80bbd9860adabaad7d118a77f622841fbe40666bcc3afd4f87457ac470ef');
    const ev = emptyAccumulator();
    appendLeaf(h, h.eventNode, ev, a);
    appendLeaf(h, h.eventNode, ev, b);
    expect(toHex(rootHash(h, h.eventNode, ev))).toBe('0xe6e2ae41a57d9ab1c7dc58851d7beb4d5be43797ba7225d3e2a3b69c35fe7c2d');
    // Three transaction leaves (derived from the algorithm): node(node(A,B), node(C, placeholder)).
    const tx = emptyAccumulator();
    for (const l of [a, b, hx('d57ebc779d5f764459dc6e618224f465313433b5a8615d8aa4864106e098b395')]) appendLeaf(h, h.transactionNode, tx, l);
    expect(toHex(rootHash(h, h.transactionNode, tx))).toBe('0x5cf3b9b97a13626083298d5d7be8924a535f465ef4a3074ae9f109be14728cea');
    expect(tx.frozen.length).toBe(2);
  });
});

describe('the root computed in place', () => {
  it('is rootHash for 0..300 leaves and eventRoot for 0..70 events, with nodeSha3 (into) and with @noble/hashes', () => {
    for (const h of [hashers(nodeSha3), hashers(nobleSha3)]) {
      const a = emptyAccumulator();
      for (let n = 0; n <= 300; n++) {
        expect(toHex(h.rootScratch(h.transactionNode, a))).toBe(toHex(rootHash(h, h.transactionNode, a)));
        appendLeaf(h, h.transactionNode, a, nodeSha3([new Uint8Array([n & 0xff, n >> 8])]));
      }
      // The event root in reused slots: eventRoot's accumulator for 0..70 events, each size on its own.
      const events: Uint8Array[] = [];
      for (let n = 0; n <= 70; n++) {
        expect(toHex(h.eventRootScratch(events))).toBe(toHex(eventRoot(h, events)));
        events.push(new Uint8Array(n % 5 === 0 ? 70000 + n : n).fill(n));
      }
      const changes = new Uint8Array([0, 0]);
      expect(h.seededIs(h.writeSet, changes, h.seeded(h.writeSet, changes))).toBe(true);
      expect(h.seededIs(h.writeSet, changes, new Uint8Array(32))).toBe(false);
    }
  });
});

describe('the example ledger', () => {
  it('verifies from genesis: every hash, every accumulator root, every block', async () => {
    const l = exampleLedger();
    const ctx = verifyContext(nodeSha3, l.ledgerInfo().chainId);
    let state: VerifierState = INITIAL_STATE;
    const tip = Number(l.ledgerInfo().blockHeight);
    for (let i = 0; i <= tip; i++) state = verifyBlock(ctx, state, await blockBytes(l, i)).state;
    expect(state.tip!.height).toBe(BigInt(tip));
    expect(state.accumulator!.leaves).toBe(Number(l.ledgerInfo().ledgerVersion) + 1);
  });
});

describe('each check names its field (hashes not recomputed, so the first check that sees the edit fails)', () => {
  const l = exampleLedger();
  const BAD = 33;
  async function refusedWith(edit: (b: BcsBlock) => void) {
    const ctx = verifyContext(nodeSha3, l.ledgerInfo().chainId);
    let state: VerifierState = INITIAL_STATE;
    for (let i = 0; i < BAD; i++) state = verifyBlock(ctx, state, await blockBytes(l, i)).state;
    const b = bcsBlock.schema.decode(await blockBytes(l, BAD));
    edit(b);
    try {
      verifyBlock(ctx, state, bcsBlock.schema.encode(b));
    } catch (e) {
      return e as ReplicaError;
    }
    throw new Error('not refused');
  }
  const tx = (b: BcsBlock, i: number) => b.transactions![i]!;

  it('event_root_hash, state_change_hash, transaction_hash, accumulator_root_hash', async () => {
    expect(await refusedWith((b) => (tx(b, 1).events[0]!.value.eventData = new Uint8Array(3)))).toMatchObject({ field: 'event_root_hash', block: 33n, version: tx(bcsBlock.schema.decode(await blockBytes(l, BAD)), 1).version });
    expect(await refusedWith((b) => (tx(b, 1).changes.value[0]!.value = { $kind: 'Deletion' }))).toMatchObject({ field: 'state_change_hash' });
    expect(await refusedWith((b) => (tx(b, 1).info.value.transactionHash = new Uint8Array(32)))).toMatchObject({ field: 'transaction_hash' });
    expect(await refusedWith((b) => (tx(b, 2).info.value.gasUsed += 1n))).toMatchObject({ field: 'accumulator_root_hash' });
  });

  it('block_height, first_version, last_version', async () => {
    expect(await refusedWith((b) => (b.blockHeight += 1n))).toMatchObject({ field: 'block_height', block: 33n });
    expect(await refusedWith((b) => (b.firstVersion += 1n))).toMatchObject({ field: 'first_version' });
    expect(await refusedWith((b) => (b.lastVersion += 1n))).toMatchObject({ field: 'last_version' });
  });

  it('messages say block, version and field', async () => {
    const e = await refusedWith((b) => (tx(b, 1).events[0]!.value.eventData = new Uint8Array(3)));
    expect(e.code).toBe('verification_failed');
    expect(e.message).toMatch(/^block 33, version \d+: the events do not hash to the info's event_root_hash .* \(event_root_hash\)$/);
  });
});
