import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { address, arg, bcs, encodeEntryFunctionTransaction, entryFunctionSigningMessage, formatTypeTag, typeArg, typeTag, writeTypeTag, writeTypeTagString, rawTransaction, signingMessage, string, toHex, u64, vector, writeAddress, writeString, writeU64, type BcsWriter, type EntryFunctionPayloadInput, type RawTransactionInput, type TypeTag } from '../../src/index.js';
import { expectBcsError } from '../bcs/helpers.js';
import { typeTagArb } from '../move/arbitraries.js';

// `arg(schema, value)` writes an entry-function argument in place; it must give exactly the bytes
// of the pre-encoded form, and fail like it.
const base = (args: unknown[]): RawTransactionInput => ({
  sender: '0x1234567890abcdef1234567890abcdef1234567890abcdef1234567890abcdef',
  sequenceNumber: 7n,
  payload: {
    $kind: 'EntryFunction',
    value: { module: { address: '0x1', name: 'aptos_account' }, function: 'transfer', typeArgs: [], args: args as never },
  },
  maxGasAmount: 200000n,
  gasUnitPrice: 100n,
  expirationTimestampSecs: 1700000000n,
  chainId: 4,
});

describe('entry-function arguments written in place', () => {
  it('the V2 transfer gives the spec bytes (wire-format.md §5.3 V2)', () => {
    const inPlace = signingMessage(base([arg(address, '0xb0'), arg(u64, 1000n)]));
    expect(toHex(inPlace)).toBe(toHex(signingMessage(base([address.encode('0xb0'), u64.encode(1000n)]))));
    expect(toHex(inPlace).slice(2, 66)).toBe('b5e97db07fa0bd0e5598aa3643a9bc6f6693bddc1a9fec9e674a461eaa00b193');
  });

  it('equals pre-encoded arguments for any values (property)', () => {
    const amounts = vector(u64);
    const recipients = vector(address);
    fc.assert(
      fc.property(
        fc.array(fc.bigInt(0n, (1n << 64n) - 1n), { maxLength: 50 }),
        fc.array(fc.uint8Array({ minLength: 32, maxLength: 32 }).map(toHex), { maxLength: 10 }),
        fc.string({ unit: 'grapheme', maxLength: 40 }),
        (a, r, memo) => {
          const inPlace = rawTransaction.encode(base([arg(amounts, a), arg(recipients, r), arg(string, memo)]));
          const pre = rawTransaction.encode(base([amounts.encode(a), recipients.encode(r), string.encode(memo)]));
          expect(toHex(inPlace)).toBe(toHex(pre));
          expect(rawTransaction.decode(inPlace).payload).toEqual(rawTransaction.decode(pre).payload);
        },
      ),
      { numRuns: 100 },
    );
  });

  it('a bare writer (writeU64, writeAddress, writeString, any (w, v) => void) gives the same bytes', () => {
    const viaWriters = signingMessage(base([arg(writeAddress, '0xb0'), arg(writeU64, 1000n)]));
    expect(toHex(viaWriters)).toBe(toHex(signingMessage(base([address.encode('0xb0'), u64.encode(1000n)]))));
    // Arguments of 127, 128 and 20,000 bytes: the reserved length byte is widened in place.
    for (const n of [126, 127, 20000]) {
      const memo = 'm'.repeat(n);
      const custom = (w: BcsWriter, v: bigint[]) => vector(u64).write(w, v);
      const amounts = Array.from({ length: n >> 3 }, (_, i) => BigInt(i));
      const a = rawTransaction.encode(base([arg(writeString, memo), arg(custom, amounts), arg(writeU64, 5n)]));
      const b = rawTransaction.encode(base([string.encode(memo), vector(u64).encode(amounts), u64.encode(5n)]));
      expect(toHex(a)).toBe(toHex(b));
    }
    const err = expectBcsError(() => rawTransaction.encode(base([arg(writeAddress, '0xb0'), arg(writeU64, 2n ** 64n)])), 'out_of_range');
    expect(err.path).toBe('payload.EntryFunction.args[1]');
  });

  it('a bad value inside an argument fails with its path', () => {
    const err = expectBcsError(() => rawTransaction.encode(base([arg(address, '0xb0'), arg(u64, -1n)])), 'out_of_range');
    expect(err.path).toBe('payload.EntryFunction.args[1]');
    const bad = expectBcsError(() => rawTransaction.encode(base([arg(address, '0xzz')])), 'invalid_address');
    expect(bad.path).toBe('payload.EntryFunction.args[0]');
  });

  it('rejects anything that is neither bytes nor arg(schema, value)', () => {
    expect(expectBcsError(() => rawTransaction.encode(base([[1, 2]])), 'invalid_type').path).toBe('payload.EntryFunction.args[0]');
    expectBcsError(() => rawTransaction.encode(base([{ schema: null, value: 1 }])), 'invalid_type');
    expectBcsError(() => rawTransaction.encode(base(['0x01'])), 'invalid_type');
    expect(expectBcsError(() => rawTransaction.encode(base([arg(address, '0xb0'), null])), 'invalid_type').path).toBe('payload.EntryFunction.args[1]');
    expectBcsError(() => rawTransaction.encode(base([undefined])), 'invalid_type');
  });

  it('the length prefix is what the schema wrote, whatever size it claims', () => {
    // No measuring pass: a schema whose serializedSize is wrong cannot make the prefix disagree
    // with the bytes that follow it.
    const lying = { ...bcs.u8, serializedSize: () => 2 };
    const tx = rawTransaction.encode(base([arg(lying, 1)]));
    expect(toHex(tx)).toBe(toHex(rawTransaction.encode(base([bcs.u8.encode(1)]))));
    expect(toHex(tx)).toContain('01' + '0101'); // one argument, one byte long, 0x01
  });
});

// Type arguments with their writer named (`typeArg`): what the encode-only functions take.
const withTypeArgs = (typeArgs: unknown[]): RawTransactionInput<EntryFunctionPayloadInput> => {
  const t = base([arg(writeAddress, '0xb0'), arg(writeU64, 1000n)]);
  return { ...t, payload: { $kind: 'EntryFunction', value: { ...(t.payload.value as object), typeArgs } } } as never;
};

describe('type arguments through typeArg(writer, value)', () => {
  it('give the bytes of plain type tags, through every writer form and both encoder families (property)', () => {
    fc.assert(
      fc.property(fc.array(typeTagArb({ depth: 3, signed: true, functions: true }), { maxLength: 4 }), fc.nat(2), (tags: TypeTag[], form) => {
        const expected = toHex(rawTransaction.encode(withTypeArgs(tags)));
        const wrapped = tags.map((t, i) => {
          const k = (i + form) % 3;
          return k === 0 ? typeArg(writeTypeTagString, formatTypeTag(t)) : k === 1 ? typeArg(writeTypeTag, t) : typeArg(typeTag, t);
        });
        expect(toHex(encodeEntryFunctionTransaction(withTypeArgs(wrapped)))).toBe(expected);
        expect(toHex(rawTransaction.encode(withTypeArgs(wrapped)))).toBe(expected);
        expect(toHex(entryFunctionSigningMessage(withTypeArgs(wrapped)))).toBe(toHex(signingMessage(withTypeArgs(tags))));
      }),
      { numRuns: 200 },
    );
  });

  it('a bad type argument fails with its path, in either encoder', () => {
    const coin = typeArg(writeTypeTagString, '0x1::aptos_coin::AptosCoin');
    const bad = typeArg(writeTypeTagString, '0x1::aptos_coin::');
    for (const enc of [encodeEntryFunctionTransaction, rawTransaction.encode]) {
      const err = expectBcsError(() => enc(withTypeArgs([coin, bad])), 'invalid_type_tag');
      expect(err.path).toBe('payload.EntryFunction.typeArgs[1]');
    }
    const generic = expectBcsError(() => rawTransaction.encode(withTypeArgs([typeArg(writeTypeTag, { $kind: 'generic', value: 0 } as never)])), 'invalid_type');
    expect(generic.path).toBe('payload.EntryFunction.typeArgs[0]');
  });

  it('the encode-only functions refuse plain type-tag objects; typeArg refuses a non-writer', () => {
    for (const enc of [encodeEntryFunctionTransaction, entryFunctionSigningMessage]) {
      const err = expectBcsError(() => enc(withTypeArgs([{ $kind: 'u64' }])), 'invalid_type');
      expect(err.path).toBe('payload.EntryFunction.typeArgs[0]');
    }
    expect(toHex(encodeEntryFunctionTransaction(withTypeArgs([])))).toBe(toHex(rawTransaction.encode(withTypeArgs([]))));
    expectBcsError(() => typeArg(null as never, 'u64'), 'invalid_type');
    expectBcsError(() => typeArg({} as never, 'u64'), 'invalid_type');
    expectBcsError(() => rawTransaction.encode(withTypeArgs([null])), 'invalid_type');
  });
});
