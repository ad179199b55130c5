import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { BcsReader, type DecodeOptions } from '../../src/bcs/index.js';
import { transaction } from '../../src/records/index.js';
import { summaryOf } from '../../src/ledger/transaction-record.js';
import { steppedSummary, stepUserTransaction } from '../../src/ledger/user-summary.js';
import { recordArbitraries } from '../records/arbitraries.js';

// The summary read that steps over a user transaction (ledger/user-summary.ts) against the full decode
// (records' `transaction`), as write-set-reader.test.ts checks the write-set readers: wherever the
// stepper takes a transaction, the full decode takes it too, stops at the same byte, leaves the
// reader's budget and depth as the stepper does, and gives the same summary; wherever it declines, the
// reader is untouched (the full decode then reads it, and refuses what it always refused).

const arb = recordArbitraries();
const hash = new Uint8Array(32).fill(7);

// Names the encoder takes (identifiers); a mutated byte makes others (non-ASCII, empty runs cut short).
const names = fc.oneof(fc.stringMatching(/^[a-zA-Z][a-zA-Z0-9_]{0,20}$/), fc.constant('x'.repeat(200)));
const bytesArg = fc.oneof(fc.uint8Array({ maxLength: 40 }), fc.uint8Array({ minLength: 128, maxLength: 300 }));
const ed25519 = fc.record({ publicKey: fc.uint8Array({ minLength: 32, maxLength: 32 }), signature: fc.uint8Array({ minLength: 64, maxLength: 64 }) });
/** The stepped shape (and its near misses: long names, a type argument, long or many arguments). */
const steppedShape = fc
  .record({
    sender: fc.uint8Array({ minLength: 32, maxLength: 32 }),
    sequenceNumber: fc.bigInt({ min: 0n, max: (1n << 64n) - 1n }),
    moduleAddress: fc.uint8Array({ minLength: 32, maxLength: 32 }),
    module: names,
    fn: names,
    typeArgs: fc.oneof({ weight: 4, arbitrary: fc.constant([]) }, { weight: 1, arbitrary: fc.constant([{ $kind: 'u8' }]) }),
    args: fc.oneof(fc.array(bytesArg, { maxLength: 4 }), fc.array(fc.constant(new Uint8Array(0)), { minLength: 100, maxLength: 200 })),
    pair: ed25519,
    single: fc.boolean(),
  })
  .map((t) => ({
    $kind: 'UserTransaction',
    value: {
      rawTxn: {
        sender: t.sender,
        sequenceNumber: t.sequenceNumber,
        payload: { $kind: 'EntryFunction', value: { module: { address: t.moduleAddress, name: t.module }, function: t.fn, typeArgs: t.typeArgs, args: t.args } },
        maxGasAmount: 2000n,
        gasUnitPrice: 100n,
        expirationTimestampSecs: 1n << 40n,
        chainId: 4,
      },
      authenticator: t.single ? { $kind: 'SingleSender', value: { sender: { $kind: 'Ed25519', value: t.pair } } } : { $kind: 'Ed25519', value: t.pair },
    },
  }));
const encoded = fc.oneof(steppedShape, arb.Transaction!).map((t) => transaction.schema.encode(t as never));
/** A valid transaction, cut, extended, or with a byte changed: the stepper's every branch, taken and not. */
const input = fc.tuple(encoded, fc.nat(), fc.integer({ min: 0, max: 255 }), fc.integer({ min: 0, max: 3 })).map(([b, at, byte, how]) => {
  const i = b.length === 0 ? 0 : at % b.length;
  if (how === 0) return b;
  if (how === 1) return b.subarray(0, i);
  if (how === 2) return Uint8Array.of(...b, byte);
  const c = b.slice();
  c[i] = byte;
  return c;
});
/** The defaults (a block's reader's), or limits near what the shape needs. */
const options: fc.Arbitrary<DecodeOptions> = fc.oneof(
  fc.constant({ zeroCopy: true }),
  fc.constant({}),
  fc.record(
    { zeroCopy: fc.boolean(), maxLength: fc.integer({ min: 0, max: 300 }), maxAllocation: fc.integer({ min: 0, max: 8000 }), maxDepth: fc.integer({ min: 1, max: 12 }) },
    { requiredKeys: [] },
  ),
);

describe('the user transaction summary read', () => {
  it('takes only what the full decode takes, to the same byte, budget and summary; declines untouched', () => {
    let stepped = 0;
    fc.assert(
      fc.property(input, options, (bytes, o) => {
        const r = new BcsReader(bytes, o);
        const budget = r.budgetLeft;
        const head = stepUserTransaction(r);
        if (head === undefined) {
          expect([r.off, r.budgetLeft, r.depth]).toEqual([0, budget, 0]);
          return;
        }
        stepped++;
        const full = new BcsReader(bytes, o);
        const txn = transaction.schema.read(full);
        expect([r.off, r.budgetLeft, r.depth]).toEqual([full.off, full.budgetLeft, full.depth]);
        const summary = summaryOf(txn, bytes.subarray(0, full.off), hash);
        const ours = steppedSummary(head, hash);
        const fields = (x: typeof summary) => x && { sender: x.sender, senderBytes: x.senderBytes, hash: x.hash, replayProtector: x.replayProtector };
        expect(fields(ours)).toEqual(fields(summary));
      }),
      { numRuns: 3000 },
    );
    expect(stepped).toBeGreaterThan(150);
  });

  it('steps over the common shape under the default limits', () => {
    fc.assert(
      fc.property(steppedShape, (t) => {
        const value = t.value.rawTxn.payload.value;
        fc.pre(value.typeArgs.length === 0);
        const bytes = transaction.schema.encode(t as never);
        const r = new BcsReader(bytes, { zeroCopy: true });
        expect(stepUserTransaction(r)?.sequenceNumber).toBe(t.value.rawTxn.sequenceNumber);
        expect(r.off).toBe(bytes.length);
      }),
      { numRuns: 300 },
    );
  });
});
