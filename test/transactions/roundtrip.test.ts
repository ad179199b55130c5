import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { expectBcsError } from '../bcs/helpers.js';
import {
  accountAuthenticator,
  anyPublicKey,
  anySignature,
  bitmapFromIndices,
  entryFunction,
  fromJsonSafe,
  indicesFromBitmap,
  keylessSignature,
  multiKey,
  parseDecimal,
  rawTransaction,
  rawTransactionWithData,
  script,
  signedTransaction,
  toJsonSafe,
  transactionArgument,
  transactionCodecs,
  transactionPayload,
  type Codec,
  type RawTransactionInput,
} from '../../src/transactions/index.js';
import { bcs, fromHex, isBcsError, toHex, type Schema } from '../../src/bcs/index.js';
import rawFixtures from '../../fixtures/transactions/raw-transactions.json' with { type: 'json' };
import { transactionArbitraries } from './arbitraries.js';

const arb = transactionArbitraries({ typeTags: 'all' });
const codecs = transactionCodecs();
const RUNS = { numRuns: 200 };

function roundTrips<T>(name: string, schema: Schema<T, never>, a: fc.Arbitrary<T>, codec?: Codec<unknown, never>) {
  it(`${name}: decode(encode(v)) = v, and the JSON-safe form converts back exactly`, () => {
    fc.assert(
      fc.property(a, (v) => {
        const bytes = schema.encode(v as never);
        expect(schema.decode(bytes)).toEqual(v);
        expect(schema.serializedSize(v as never)).toBe(bytes.length);
        if (codec) {
          const json = JSON.parse(JSON.stringify(codec.toJson(v as never)));
          const back = codec.fromJson(json);
          expect(back).toEqual(v);
          expect(schema.encode(back as never)).toEqual(bytes);
        }
      }),
      RUNS,
    );
  });
}

describe('property round trips', () => {
  roundTrips('TransactionArgument', transactionArgument as Schema<unknown, never>, arb.transactionArgument, codecs.TransactionArgument as Codec<unknown, never>);
  roundTrips('EntryFunction', entryFunction as Schema<unknown, never>, arb.entryFunction, codecs.EntryFunction as Codec<unknown, never>);
  roundTrips('Script', script as Schema<unknown, never>, arb.script, codecs.Script as Codec<unknown, never>);
  roundTrips('TransactionPayload', transactionPayload as Schema<unknown, never>, arb.payload, codecs.TransactionPayload as Codec<unknown, never>);
  roundTrips('RawTransaction', rawTransaction as Schema<unknown, never>, arb.raw, codecs.RawTransaction as Codec<unknown, never>);
  roundTrips(
    'RawTransactionWithData',
    rawTransactionWithData as Schema<unknown, never>,
    fc.oneof(
      fc.record({ rawTxn: arb.raw, secondarySignerAddresses: fc.array(arb.address, { maxLength: 3 }) }).map((value) => ({ $kind: 'MultiAgent', value })),
      fc
        .record({ rawTxn: arb.raw, secondarySignerAddresses: fc.array(arb.address, { maxLength: 3 }), feePayerAddress: arb.address })
        .map((value) => ({ $kind: 'MultiAgentWithFeePayer', value })),
    ),
    codecs.RawTransactionWithData as Codec<unknown, never>,
  );
  roundTrips('AnyPublicKey', anyPublicKey as Schema<unknown, never>, arb.anyPublicKey, codecs.AnyPublicKey as Codec<unknown, never>);
  roundTrips('AnySignature', anySignature as Schema<unknown, never>, arb.anySignature, codecs.AnySignature as Codec<unknown, never>);
  roundTrips('KeylessSignature', keylessSignature as Schema<unknown, never>, arb.keylessSignature);
  roundTrips(
    'MultiKey',
    multiKey as Schema<unknown, never>,
    fc
      .array(arb.anyPublicKey, { minLength: 1, maxLength: 4 })
      .chain((publicKeys) => fc.record({ publicKeys: fc.constant(publicKeys), signaturesRequired: fc.integer({ min: 1, max: publicKeys.length }) })),
    codecs.MultiKey as Codec<unknown, never>,
  );
  roundTrips('AccountAuthenticator', accountAuthenticator as Schema<unknown, never>, arb.accountAuthenticator, codecs.AccountAuthenticator as Codec<unknown, never>);
  roundTrips(
    'SignedTransaction',
    signedTransaction as Schema<unknown, never>,
    fc.record({
      rawTxn: arb.raw,
      authenticator: fc.oneof(
        arb.accountAuthenticator.map((sender) => ({ $kind: 'SingleSender', value: { sender } })),
        fc
          .record({
            sender: arb.accountAuthenticator,
            secondarySignerAddresses: fc.array(arb.address, { maxLength: 2 }),
            secondarySigners: fc.array(arb.accountAuthenticator, { maxLength: 2 }),
            feePayerAddress: arb.address,
            feePayerSigner: arb.accountAuthenticator,
          })
          .map((value) => ({ $kind: 'FeePayer', value })),
        fc
          .record({
            sender: arb.accountAuthenticator,
            secondarySignerAddresses: fc.array(arb.address, { maxLength: 2 }),
            secondarySigners: fc.array(arb.accountAuthenticator, { maxLength: 2 }),
          })
          .map((value) => ({ $kind: 'MultiAgent', value })),
      ),
    }),
    codecs.SignedTransaction as Codec<unknown, never>,
  );
  roundTrips('TypeTag', codecs.TypeTag.schema as Schema<unknown, never>, arb.typeTag, codecs.TypeTag as Codec<unknown, never>);
});

const V2 = rawFixtures.vectors[0];
const v2 = () => codecs.RawTransaction.fromJson(V2.value) as unknown as RawTransactionInput;

describe('signed-integer type tags use the node numbering (I8 = 12 … I256 = 17), not ts-sdk 11–16', () => {
  const kinds = ['i8', 'i16', 'i32', 'i64', 'i128', 'i256'] as const;
  kinds.forEach((k, i) => {
    it(`${k} as an entry-function type argument is 0x${(12 + i).toString(16).padStart(2, '0')}`, () => {
      const f = { module: { address: '0x1', name: 'm' }, function: 'f', typeArgs: [{ $kind: k }], args: [] };
      const bytes = entryFunction.encode(f);
      // address(32) | 01 'm' | 01 'f' | 01 type-arg count | tag | 00 args
      expect(bytes[32 + 2 + 2 + 1]).toBe(12 + i);
      expect(entryFunction.decode(bytes).typeArgs).toEqual([{ $kind: k }]);
    });
  });
  it('ts-sdk bytes for i8 (0b) decode as a function type tag, as the node would read them', () => {
    const f = entryFunction.encode({ module: { address: '0x1', name: 'm' }, function: 'f', typeArgs: [{ $kind: 'u8' }], args: [] });
    f[37] = 0x0b;
    // A function tag needs its argument lists: the input ends first, where the tag's lists would start.
    const e = expectBcsError(() => entryFunction.decode(f), 'unexpected_end');
    expect([e.path, e.offset]).toEqual(['typeArgs[0]', 39]);
  });
});

describe('encode-side validation, with paths', () => {
  function encodeError(f: () => unknown): { code: string; path: string } {
    try {
      f();
    } catch (e) {
      if (isBcsError(e)) return { code: e.code, path: e.path };
      throw e;
    }
    throw new Error('no error');
  }
  it('invalid function identifier', () => {
    const t = v2() as unknown as { payload: { value: { function: string } } };
    t.payload.value.function = 'trans fer';
    expect(encodeError(() => rawTransaction.encode(t as never))).toEqual({ code: 'invalid_identifier', path: 'payload.EntryFunction.function' });
  });
  it('invalid module name', () => {
    const t = v2() as unknown as { payload: { value: { module: { name: string } } } };
    t.payload.value.module.name = '9lives';
    expect(encodeError(() => rawTransaction.encode(t as never))).toEqual({ code: 'invalid_identifier', path: 'payload.EntryFunction.module.name' });
  });
  it('a non-bytes argument', () => {
    const t = v2() as unknown as { payload: { value: { args: unknown[] } } };
    t.payload.value.args[1] = [1, 2];
    expect(encodeError(() => rawTransaction.encode(t as never))).toEqual({ code: 'invalid_type', path: 'payload.EntryFunction.args[1]' });
  });
  it('a missing field', () => {
    const t = v2() as Partial<RawTransactionInput>;
    delete t.gasUnitPrice;
    expect(encodeError(() => rawTransaction.encode(t as never))).toEqual({ code: 'missing_field', path: 'gasUnitPrice' });
  });
  it('an out-of-range u64 and a bad address', () => {
    expect(encodeError(() => rawTransaction.encode({ ...v2(), maxGasAmount: 1n << 64n }))).toEqual({ code: 'out_of_range', path: 'maxGasAmount' });
    expect(encodeError(() => rawTransaction.encode({ ...v2(), sender: '0xzz' }))).toEqual({ code: 'invalid_address', path: 'sender' });
  });
  it('ModuleBundle decodes but never encodes', () => {
    const bytes = fromHex('01' + '2a00000000000000');
    expect(transactionPayload.decode(bytes)).toEqual({ $kind: 'ModuleBundle', value: { dummyValue: 42n } });
    expect(encodeError(() => transactionPayload.encode({ $kind: 'ModuleBundle', value: { dummyValue: 42n } }))).toEqual({ code: 'not_supported', path: '' });
  });
  it('wrong key length inside an authenticator', () => {
    expect(
      encodeError(() =>
        accountAuthenticator.encode({ $kind: 'SingleKey', value: { publicKey: { $kind: 'Ed25519', value: new Uint8Array(31) }, signature: { $kind: 'Ed25519', value: new Uint8Array(64) } } }),
      ),
    ).toEqual({ code: 'invalid_length', path: 'SingleKey.publicKey.Ed25519' });
  });
  it('MultiEd25519 bitmap must match the signatures', () => {
    expect(
      encodeError(() =>
        accountAuthenticator.encode({
          $kind: 'MultiEd25519',
          value: { publicKey: { publicKeys: [new Uint8Array(32), new Uint8Array(32)], threshold: 1 }, signature: { signatures: [new Uint8Array(64)], bitmap: bitmapFromIndices([0, 1]) } },
        }),
      ),
    ).toEqual({ code: 'invalid_length', path: 'MultiEd25519.signature' });
  });
  it('plain-data inputs are normalised: short addresses, numbers for u64, multisig/nonce options may be omitted', () => {
    const t = {
      sender: '0x1',
      sequenceNumber: 1,
      payload: { $kind: 'Payload', value: { $kind: 'V1', value: { executable: { $kind: 'Empty' }, extraConfig: { $kind: 'V1', value: {} } } } },
      maxGasAmount: 2,
      gasUnitPrice: 3,
      expirationTimestampSecs: 4,
      chainId: 5,
    } as const;
    const decoded = rawTransaction.decode(rawTransaction.encode(t));
    expect(decoded.sender).toBe('0x' + '0'.repeat(63) + '1');
    expect(decoded.payload).toEqual({ $kind: 'Payload', value: { $kind: 'V1', value: { executable: { $kind: 'Empty' }, extraConfig: { $kind: 'V1', value: { multisigAddress: null, replayProtectionNonce: null } } } } });
    expect(toJsonSafe(t, codecs.RawTransaction.shape)).toEqual(toJsonSafe(decoded));
  });
});

describe('JSON-safe conversion is strict', () => {
  it('decimal strings: digits only, in range', () => {
    expect(parseDecimal('18446744073709551615', 'u64')).toBe((1n << 64n) - 1n);
    expect(parseDecimal('007', 'u64')).toBe(7n);
    expect(parseDecimal('-5', 'i64')).toBe(-5n);
    for (const bad of ['0x10', ' 1', '1 ', '-1', '+1', '1e3', '', '1_000', '١']) {
      expect(() => parseDecimal(bad, 'u64'), bad).toThrowError(expect.objectContaining({ code: 'invalid_json' }));
    }
    expect(() => parseDecimal('18446744073709551616', 'u64')).toThrowError(expect.objectContaining({ code: 'out_of_range' }));
    expect(() => parseDecimal('-9223372036854775809', 'i64')).toThrowError(expect.objectContaining({ code: 'out_of_range' }));
    expect(() => parseDecimal(5 as unknown as string, 'u64')).toThrowError(expect.objectContaining({ code: 'invalid_json' }));
  });
  it('rejects numbers for u64, bytes without 0x, unknown and missing fields, with paths', () => {
    const json = JSON.parse(JSON.stringify(V2.value));
    json.sequenceNumber = 7;
    expect(() => fromJsonSafe(codecs.RawTransaction.shape, json)).toThrowError(expect.objectContaining({ code: 'invalid_json', path: 'sequenceNumber' }));
    const j2 = JSON.parse(JSON.stringify(V2.value));
    j2.payload.value.args[1] = 'e803000000000000';
    expect(() => fromJsonSafe(codecs.RawTransaction.shape, j2)).toThrowError(expect.objectContaining({ code: 'invalid_json', path: 'payload.EntryFunction.args[1]' }));
    const j3 = { ...JSON.parse(JSON.stringify(V2.value)), extra: 1 };
    expect(() => fromJsonSafe(codecs.RawTransaction.shape, j3)).toThrowError(expect.objectContaining({ code: 'invalid_json' }));
    const j4 = JSON.parse(JSON.stringify(V2.value));
    delete j4.chainId;
    expect(() => fromJsonSafe(codecs.RawTransaction.shape, j4)).toThrowError(expect.objectContaining({ code: 'missing_field', path: 'chainId' }));
    const j5 = JSON.parse(JSON.stringify(V2.value));
    j5.chainId = 256;
    expect(() => fromJsonSafe(codecs.RawTransaction.shape, j5)).toThrowError(expect.objectContaining({ code: 'out_of_range', path: 'chainId' }));
  });
  it('generic toJsonSafe: bigints as decimal strings, bytes as hex', () => {
    expect(toJsonSafe({ a: 1n << 70n, b: new Uint8Array([1, 255]), c: [null, true, 'x', 3] })).toEqual({ a: '1180591620717411303424', b: '0x01ff', c: [null, true, 'x', 3] });
    expect(toHex(bcs.u64.encode(parseDecimal('1000', 'u64')))).toBe('0xe803000000000000');
  });
});

describe('bitmaps', () => {
  it('round-trip indices, MSB first', () => {
    fc.assert(
      fc.property(fc.uniqueArray(fc.integer({ min: 0, max: 31 })), (ix) => {
        const sorted = [...ix].sort((a, b) => a - b);
        expect(indicesFromBitmap(bitmapFromIndices(ix))).toEqual(sorted);
      }),
    );
    expect(toHex(bitmapFromIndices([0, 2]))).toBe('0xa0000000');
    expect(toHex(bitmapFromIndices([31]))).toBe('0x00000001');
  });
  it('reject out-of-range and repeated indices', () => {
    expect(() => bitmapFromIndices([32])).toThrowError(expect.objectContaining({ code: 'out_of_range' }));
    expect(() => bitmapFromIndices([1, 1])).toThrowError(expect.objectContaining({ code: 'invalid_length' }));
  });
});

describe('address forms in transactions encode as the core address schema does', () => {
  const forms = fc.oneof(
    fc.uint8Array({ minLength: 32, maxLength: 32 }).map((b) => '0x' + Buffer.from(b).toString('hex')),
    fc.uint8Array({ minLength: 32, maxLength: 32 }).map((b) => '0x' + Buffer.from(b).toString('hex').toUpperCase()),
    fc.integer({ min: 0, max: 255 }).map((n) => '0x' + n.toString(16)),
    fc.integer({ min: 0, max: 255 }).map((n) => '0x' + n.toString(16).toUpperCase()),
    fc.stringMatching(/^0x[0-9a-fA-F]{1,64}$/),
    fc.constantFrom('0x', '0xg', '0x1g', '0xG0', '0x' + 'z'.repeat(64), '0x' + '0'.repeat(63) + 'g', '1'.repeat(64), 'x1'),
  );
  it('sender and module address: same bytes, or the same error', () => {
    fc.assert(
      fc.property(forms, (a) => {
        let expected: Uint8Array | string;
        try {
          expected = bcs.address.encode(a);
        } catch (e) {
          expected = (e as { code: string }).code;
        }
        const t = { ...v2(), sender: a };
        let got: Uint8Array | string;
        try {
          got = rawTransaction.encode(t).subarray(0, 32);
        } catch (e) {
          got = (e as { code: string }).code;
        }
        expect(got).toEqual(expected);
        const f = { module: { address: a, name: 'm' }, function: 'f', typeArgs: [], args: [] };
        try {
          got = entryFunction.encode(f).subarray(0, 32);
        } catch (e) {
          got = (e as { code: string }).code;
        }
        expect(got).toEqual(expected);
      }),
      { numRuns: 500 },
    );
  });
});
