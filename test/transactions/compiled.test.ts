import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  address,
  bool,
  BcsWriter,
  option,
  string,
  toHex,
  u128,
  u64,
  u8,
  vector,
  writeAddress,
  writeU64,
  type AnySchema,
} from '../../src/bcs/index.js';
import {
  arg,
  compileEntryFunction,
  rawTransaction,
  signingMessage,
  transactionCodecs,
  writeRawTransactionWith,
  type EntryFunctionParam,
  type EntryFunction,
  type RawTransactionInput,
} from '../../src/transactions/index.js';
import { formatTypeTag, typeArgFromString, typeArgFromTag, type TypeTag } from '../../src/move/index.js';
import { expectBcsError } from '../bcs/helpers.js';
import { addressArb, identifierArb, typeTagArb } from '../move/arbitraries.js';
import rawFixtures from '../../fixtures/transactions/raw-transactions.json' with { type: 'json' };

// A compiled entry function writes its fixed part (variant, module, function, type arguments,
// argument count) once and only the varying fields per call. It must give exactly the bytes of the
// general encoders, and fail like them with the call's paths.

const hex = (b: Uint8Array) => toHex(b).slice(2);
const codecs = transactionCodecs();

const COMMON = {
  sender: '0x1234567890abcdef1234567890abcdef1234567890abcdef1234567890abcdef',
  sequenceNumber: 7n,
  maxGasAmount: 200000n,
  gasUnitPrice: 100n,
  expirationTimestampSecs: 1700000000n,
  chainId: 4,
};
const V2_RAW =
  '1234567890abcdef1234567890abcdef1234567890abcdef1234567890abcdef07000000000000000200000000000000000000000000000000000000000000000000000000000000010d6170746f735f6163636f756e74087472616e7366657200022000000000000000000000000000000000000000000000000000000000000000b008e803000000000000400d030000000000640000000000000000f153650000000004';
const V2_PREFIX = 'b5e97db07fa0bd0e5598aa3643a9bc6f6693bddc1a9fec9e674a461eaa00b193';

const transfer = compileEntryFunction({ module: { address: '0x1', name: 'aptos_account' }, function: 'transfer', params: [writeAddress, u64] });

describe('compileEntryFunction', () => {
  it('V2 transfer: the fixture bytes and signing message (raw-transactions.json V2)', () => {
    const txn = { ...COMMON, payload: ['0xb0', 1000n] as const };
    expect(hex(transfer.encode(txn))).toBe(V2_RAW);
    expect(hex(transfer.signingMessage(txn))).toBe(V2_PREFIX + V2_RAW);
    // writePayload composes with the general RawTransaction writer.
    const w = new BcsWriter();
    writeRawTransactionWith(w, txn, transfer.writePayload);
    expect(hex(w.toBytes())).toBe(V2_RAW);
    // writeSigningMessage writes the same message at the writer's offset, after what is there.
    const m = new BcsWriter(8);
    m.u8(0xee);
    transfer.writeSigningMessage(m, txn);
    expect(hex(m.toBytes())).toBe('ee' + V2_PREFIX + V2_RAW);
  });

  describe('every EntryFunction vector of raw-transactions.json, arguments as pre-encoded bytes', () => {
    const rawBytes = (w: BcsWriter, b: Uint8Array) => w.raw(b);
    for (const v of rawFixtures.vectors) {
      const value = codecs.RawTransaction.fromJson(v.value);
      if (value.payload.$kind !== 'EntryFunction') continue;
      it(v.name, () => {
        const f = value.payload.value as EntryFunction;
        const typeArgs = f.typeArgs.map((t, i) => (i % 2 === 0 ? typeArgFromString(formatTypeTag(t)) : typeArgFromTag(t)));
        const fn = compileEntryFunction({ module: f.module, function: f.function, typeArgs, params: f.args.map(() => rawBytes) });
        const txn = { ...value, payload: f.args };
        expect(hex(fn.encode(txn))).toBe(v.bcs);
        if (v.signingMessage) expect(hex(fn.signingMessage(txn))).toBe(v.signingMessage);
      });
    }
  });

  it('equals the general encoders for random signatures and arguments (property)', () => {
    // Parameter kinds: a schema (or a bare writer) and an arbitrary of its values.
    const kinds: [EntryFunctionParam, fc.Arbitrary<unknown>][] = [
      [u8, fc.integer({ min: 0, max: 255 })],
      [u64, fc.bigInt(0n, (1n << 64n) - 1n)],
      [writeU64, fc.bigInt(0n, (1n << 64n) - 1n)],
      [u128, fc.bigInt(0n, (1n << 128n) - 1n)],
      [bool, fc.boolean()],
      [address, addressArb],
      [writeAddress, addressArb],
      [string, fc.string({ unit: 'grapheme', maxLength: 30 })],
      [vector(u64), fc.array(fc.bigInt(0n, (1n << 64n) - 1n), { maxLength: 40 })],
      [vector(address), fc.array(addressArb, { maxLength: 6 })],
      [option(u64), fc.option(fc.bigInt(0n, (1n << 64n) - 1n), { nil: null })],
    ];
    const callArb = fc
      .record({
        module: fc.record({ address: addressArb, name: identifierArb }),
        function: identifierArb,
        typeArgs: fc.array(typeTagArb({ depth: 2, signed: true, functions: true }), { maxLength: 3 }),
        params: fc.array(fc.nat({ max: kinds.length - 1 }), { maxLength: 5 }),
      })
      .chain((sig) => fc.tuple(fc.constant(sig), fc.tuple(...sig.params.map((k) => kinds[k][1])), fc.bigInt(0n, (1n << 64n) - 1n)));
    fc.assert(
      fc.property(callArb, ([sig, args, seq]) => {
        const params = sig.params.map((k) => kinds[k][0]);
        const fn = compileEntryFunction({ module: sig.module, function: sig.function, typeArgs: sig.typeArgs.map(typeArgFromTag), params });
        const general: RawTransactionInput = {
          ...COMMON,
          sequenceNumber: seq,
          payload: {
            $kind: 'EntryFunction',
            value: { module: sig.module, function: sig.function, typeArgs: sig.typeArgs as TypeTag[], args: params.map((p, i) => arg(p as AnySchema, args[i])) },
          },
        };
        const txn = { ...COMMON, sequenceNumber: seq, payload: args };
        const bytes = fn.encode(txn);
        expect(hex(bytes)).toBe(hex(rawTransaction.encode(general)));
        expect(hex(fn.signingMessage(txn))).toBe(hex(signingMessage(general)));
        expect(rawTransaction.decode(bytes).payload.value).toMatchObject({ function: sig.function, typeArgs: sig.typeArgs });
      }),
      { numRuns: 150 },
    );
  });

  it('a call fails like the general encoders, with the call’s paths', () => {
    const ok = { ...COMMON, payload: ['0xb0', 1000n] as const };
    let e = expectBcsError(() => transfer.encode({ ...ok, payload: ['0xb0'] as never }), 'invalid_length');
    expect([e.path, e.message]).toEqual(['payload', 'expected 2 arguments, got 1 (at payload)']);
    e = expectBcsError(() => transfer.encode({ ...ok, payload: ['0xb0', 1n, 2n] as never }), 'invalid_length');
    expect(e.path).toBe('payload');
    e = expectBcsError(() => transfer.encode({ ...ok, payload: 5 as never }), 'invalid_type');
    expect(e.path).toBe('payload');
    e = expectBcsError(() => transfer.encode({ ...ok, payload: ['0xb0', -1n] }), 'out_of_range');
    expect(e.path).toBe('payload[1]');
    e = expectBcsError(() => transfer.signingMessage({ ...ok, payload: ['0xg0', 1n] }), 'invalid_address');
    expect(e.path).toBe('payload[0]');
    e = expectBcsError(() => transfer.encode({ ...ok, sender: '0x' }), 'invalid_address');
    expect(e.path).toBe('sender');
    const { chainId: _, ...noChain } = ok;
    e = expectBcsError(() => transfer.encode(noChain as never), 'missing_field');
    expect(e.path).toBe('chainId');
    e = expectBcsError(() => transfer.encode({ ...ok, chainId: 256 }), 'out_of_range');
    expect(e.path).toBe('chainId');
    // After a failed call the next one is unaffected (the scratch writer is reset).
    expect(hex(transfer.encode(ok))).toBe(V2_RAW);
  });

  it('a bad signature fails when it is compiled, with its path', () => {
    const sig = { module: { address: '0x1', name: 'aptos_account' }, function: 'transfer', params: [] };
    expect(expectBcsError(() => compileEntryFunction({ ...sig, module: { address: '0x1', name: '1abc' } }), 'invalid_identifier').path).toBe('module.name');
    expect(expectBcsError(() => compileEntryFunction({ ...sig, module: { address: 'x', name: 'm' } }), 'invalid_address').path).toBe('module.address');
    expect(expectBcsError(() => compileEntryFunction({ ...sig, function: 'a-b' }), 'invalid_identifier').path).toBe('function');
    const plain = { $kind: 'u8' } as never;
    expect(expectBcsError(() => compileEntryFunction({ ...sig, typeArgs: [typeArgFromString('u8'), plain] }), 'invalid_type').path).toBe('typeArgs[1]');
    expect(expectBcsError(() => compileEntryFunction({ ...sig, params: [u64, 3 as never] }), 'invalid_type').path).toBe('params[1]');
    expect(expectBcsError(() => compileEntryFunction({ ...sig, params: null as never }), 'invalid_type').path).toBe('params');
    expect(expectBcsError(() => compileEntryFunction(null as never), 'invalid_type').path).toBe('');
  });

  it('type arguments are fixed at compile time (coin::transfer<AptosCoin>)', () => {
    const coinTransfer = compileEntryFunction({
      module: { address: '0x1', name: 'coin' },
      function: 'transfer',
      typeArgs: [typeArgFromString('0x1::aptos_coin::AptosCoin')],
      params: [address, u64],
    });
    const bytes = coinTransfer.encode({ ...COMMON, payload: ['0xb0', 5n] });
    const decoded = rawTransaction.decode(bytes);
    expect(formatTypeTag((decoded.payload.value as EntryFunction).typeArgs[0])).toBe('0x1::aptos_coin::AptosCoin');
    expect((decoded.payload.value as EntryFunction).args.map(hex)).toEqual([hex(address.encode('0xb0')), hex(u64.encode(5n))]);
  });

  it('argument types follow the parameters (compile-time check)', () => {
    const txn = { ...COMMON, payload: ['0xb0', 1000n] as const };
    expect(transfer.encode(txn).length).toBe(V2_RAW.length / 2);
    // @ts-expect-error an address parameter takes no number
    expect(() => transfer.encode({ ...COMMON, payload: [5, 1000n] })).toThrow();
    // @ts-expect-error two parameters take two arguments
    expect(() => transfer.encode({ ...COMMON, payload: ['0xb0'] })).toThrow();
  });
});
