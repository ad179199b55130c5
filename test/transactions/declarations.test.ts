// The hand-specialised hot paths against their declarations: every type is declared once with the
// core's combinators (field order, variant order, JSON shape); the hot paths keep a hand-written
// schema for speed. Built from the declaration, the core's generic schema must give the same bytes
// and the same values, level by level, so a hot path cannot drift from its declaration.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { fromHex, toHex, type AnySchema } from '../../src/bcs/index.js';
import { BcsReader } from '../../src/bcs/reader.js';
import { BcsWriter } from '../../src/bcs/writer.js';
import { readOptionTag, readVariant, variantIndex, variantTable, writeVariant } from '../../src/bcs/variants.js';
import { entryFunction, entryFunctionFields } from '../../src/transactions/entry-function.js';
import { multisig, multisigFields } from '../../src/transactions/multisig.js';
import { EXECUTABLE_VARIANTS, transactionPayloadInner, transactionPayloadInnerFields } from '../../src/transactions/payload-inner.js';
import { PAYLOAD_VARIANTS, transactionPayload, transactionPayloadFields } from '../../src/transactions/payload.js';
import {
  RAW_TRANSACTION_WITH_DATA_VARIANTS,
  rawTransaction,
  rawTransactionFields,
  rawTransactionWithData,
  rawTransactionWithDataFields,
} from '../../src/transactions/raw-transaction.js';
import { script, scriptFields } from '../../src/transactions/script.js';
import { signedTransaction, signedTransactionFields } from '../../src/transactions/signed-transaction.js';
import { MULTISIG_PAYLOAD_VARIANTS } from '../../src/transactions/multisig.js';
import { transactionCodecs } from '../../src/transactions/codecs.js';
import signedFixtures from '../../fixtures/transactions/signed-transactions.json' with { type: 'json' };
import { transactionArbitraries } from './arbitraries.js';

const arb = transactionArbitraries({ typeTags: 'all' });
const RUNS = { numRuns: 150 };

function agrees(name: string, hand: AnySchema, declared: AnySchema, values: fc.Arbitrary<unknown>) {
  it(`${name}: the hand-specialised schema and the declaration's give the same bytes and values`, () => {
    fc.assert(
      fc.property(values, (v) => {
        const bytes = hand.encode(v);
        expect(toHex(declared.encode(v))).toBe(toHex(bytes));
        expect(declared.decode(bytes)).toEqual(hand.decode(bytes));
      }),
      RUNS,
    );
  });
}

describe('hot paths agree with their declarations', () => {
  const multisigValue = arb.payload.filter((p) => p.$kind === 'Multisig').map((p) => p.value);
  const innerValue = arb.payload.filter((p) => p.$kind === 'Payload').map((p) => p.value);
  agrees('EntryFunction', entryFunction, entryFunctionFields.schema, arb.entryFunction);
  agrees('Script', script, scriptFields.schema, arb.script);
  agrees('Multisig', multisig, multisigFields.schema, multisigValue);
  agrees('TransactionPayloadInner', transactionPayloadInner, transactionPayloadInnerFields.schema, innerValue);
  agrees('TransactionPayload', transactionPayload, transactionPayloadFields.schema, arb.payload);
  agrees('RawTransaction', rawTransaction, rawTransactionFields.schema, arb.raw);
  agrees(
    'RawTransactionWithData',
    rawTransactionWithData,
    rawTransactionWithDataFields.schema,
    fc.record({ rawTxn: arb.raw, secondarySignerAddresses: fc.array(arb.address, { maxLength: 2 }) }).map((value) => ({ $kind: 'MultiAgent', value })),
  );

  it('SignedTransaction: the fixture decodes alike both ways', () => {
    for (const v of signedFixtures.vectors) {
      const bytes = fromHex(v.bcs);
      expect(signedTransactionFields.schema.decode(bytes)).toEqual(signedTransaction.decode(bytes));
      expect(toHex(signedTransactionFields.schema.encode(signedTransaction.decode(bytes)))).toBe(toHex(bytes));
    }
  });

  it('ModuleBundle: decoded alike, encoded by neither hot path (the VM rejects it)', () => {
    const bytes = fromHex('01' + '2a00000000000000');
    expect(transactionPayloadFields.schema.decode(bytes)).toEqual(transactionPayload.decode(bytes));
    expect(() => transactionPayload.encode(transactionPayload.decode(bytes))).toThrowError(expect.objectContaining({ code: 'not_supported' }));
  });

  it('each variant table lists the JSON shape variants of its declaration, in order', () => {
    const shapes = transactionCodecs();
    const enumKeys = (shape: unknown) => Object.keys((shape as { enum: object }).enum);
    expect(PAYLOAD_VARIANTS.kinds).toEqual(enumKeys(shapes.TransactionPayload.shape));
    expect(RAW_TRANSACTION_WITH_DATA_VARIANTS.kinds).toEqual(enumKeys(shapes.RawTransactionWithData.shape));
    const multisigShape = (shapes.TransactionPayload.shape as { enum: { Multisig: { struct: { transactionPayload: { option: unknown } } } } }).enum.Multisig;
    expect(MULTISIG_PAYLOAD_VARIANTS.kinds).toEqual(enumKeys(multisigShape.struct.transactionPayload.option));
    expect(EXECUTABLE_VARIANTS.kinds).toEqual(['Script', 'EntryFunction', 'Empty']);
  });
});

describe('variant tables (src/bcs/variants.ts)', () => {
  const t = variantTable('T', ['A', 'B']);
  const read = (hex: string) => readVariant(new BcsReader(fromHex(hex)), t, ['not supported: C']);

  it('reads and writes indices by kind, the same table both ways', () => {
    const w = new BcsWriter(8);
    expect(writeVariant(w, t, 'B')).toBe(1);
    expect(toHex(w.buf.subarray(0, w.off))).toBe('0x01');
    expect(read('00')).toBe(0);
    expect(read('01')).toBe(1);
    expect(t.index.B).toBe(1);
  });

  it('refuses unknown kinds, including non-strings and prototype names', () => {
    for (const kind of ['C', 'toString', '__proto__', 5n, null, undefined, { a: 1 }]) {
      expect(() => variantIndex(t, kind)).toThrowError(expect.objectContaining({ code: 'invalid_variant' }));
    }
    expect(() => variantIndex(t, 'x'.repeat(1000))).toThrowError(expect.objectContaining({ message: expect.stringMatching(/^unknown variant "x{64}…" of T$/) }));
  });

  it('an index past the table: the reason for a known unsupported variant, else invalid_variant at its offset', () => {
    expect(() => read('02')).toThrowError(expect.objectContaining({ code: 'not_supported', offset: 0, message: 'not supported: C at offset 0' }));
    expect(() => read('03')).toThrowError(expect.objectContaining({ code: 'invalid_variant', offset: 0, message: 'invalid variant index 3 for T (expected 0 <= i < 3) at offset 0' }));
    expect(() => read('8000')).toThrowError(expect.objectContaining({ code: 'non_canonical_uleb128', offset: 0 }));
  });

  it('option tags: 00 None, 01 Some, anything else expected_option at the tag', () => {
    expect(readOptionTag(new BcsReader(fromHex('00')))).toBe(false);
    expect(readOptionTag(new BcsReader(fromHex('01')))).toBe(true);
    expect(() => readOptionTag(new BcsReader(fromHex('02')))).toThrowError(expect.objectContaining({ code: 'expected_option', offset: 0 }));
  });
});
