import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  address,
  bcs,
  string,
  toHex,
  u64,
  vector,
  writeAddress,
  writeString,
  writeU64,
  type BcsWriter,
} from '../../src/bcs/index.js';
import {
  arg,
  encodeEntryFunctionTransaction,
  entryFunctionSigningMessage,
  rawTransaction,
  signingMessage,
  type EntryFunctionPayloadInput,
  type RawTransactionInput,
} from '../../src/transactions/index.js';
import { formatTypeTag, typeArgFromString, typeArgFromTag, type TypeArg, type TypeTag } from '../../src/move/index.js';
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
  it('the V2 transfer gives the fixture bytes (fixtures/transactions/raw-transactions.json V2)', () => {
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

// Type arguments with their writer named (TypeArg): what the encode-only functions take.
const withTypeArgs = (typeArgs: readonly TypeArg[]): RawTransactionInput<EntryFunctionPayloadInput> => {
  const t = base([]);
  const f = t.payload.value as { module: { address: string; name: string }; function: string };
  return { ...t, payload: { $kind: 'EntryFunction', value: { module: f.module, function: f.function, typeArgs, args: [arg(writeAddress, '0xb0'), arg(writeU64, 1000n)] } } };
};
const withPlainTypeArgs = (typeArgs: readonly TypeTag[]): RawTransactionInput => {
  const t = withTypeArgs([]);
  return { ...t, payload: { $kind: 'EntryFunction', value: { ...t.payload.value, typeArgs } } };
};

describe('type arguments as TypeArgs (typeArgFromString, typeArgFromTag)', () => {
  it('give the bytes of plain type tags, in either form and either encoder family (property)', () => {
    fc.assert(
      fc.property(fc.array(typeTagArb({ depth: 3, signed: true, functions: true }), { maxLength: 4 }), fc.nat(1), (tags: TypeTag[], form) => {
        const expected = toHex(rawTransaction.encode(withPlainTypeArgs(tags)));
        const wrapped = tags.map((t, i) => ((i + form) % 2 === 0 ? typeArgFromString(formatTypeTag(t)) : typeArgFromTag(t)));
        expect(toHex(encodeEntryFunctionTransaction(withTypeArgs(wrapped)))).toBe(expected);
        expect(toHex(rawTransaction.encode(withTypeArgs(wrapped)))).toBe(expected);
        expect(toHex(entryFunctionSigningMessage(withTypeArgs(wrapped)))).toBe(toHex(signingMessage(withPlainTypeArgs(tags))));
      }),
      { numRuns: 200 },
    );
  });

  it('a bad type argument fails with its path, in either encoder', () => {
    const coin = typeArgFromString('0x1::aptos_coin::AptosCoin');
    for (const enc of [encodeEntryFunctionTransaction, rawTransaction.encode]) {
      const err = expectBcsError(() => enc(withTypeArgs([coin, typeArgFromString('0x1::aptos_coin::')])), 'invalid_type_tag');
      expect(err.path).toBe('payload.EntryFunction.typeArgs[1]');
      const notString = expectBcsError(() => enc(withTypeArgs([typeArgFromString(5 as never)])), 'invalid_type');
      expect(notString.path).toBe('payload.EntryFunction.typeArgs[0]');
      const generic = expectBcsError(() => enc(withTypeArgs([typeArgFromTag({ $kind: 'generic', value: 0 } as never)])), 'invalid_type');
      expect(generic.path).toBe('payload.EntryFunction.typeArgs[0]');
      expectBcsError(() => enc(withTypeArgs([typeArgFromTag(null as never)])), 'invalid_type');
    }
  });

  it('the encode-only functions refuse plain type-tag objects and anything else', () => {
    for (const enc of [encodeEntryFunctionTransaction, entryFunctionSigningMessage]) {
      const err = expectBcsError(() => enc(withTypeArgs([{ $kind: 'u64' } as never])), 'invalid_type');
      expect(err.path).toBe('payload.EntryFunction.typeArgs[0]');
      expect(err.message).toContain('typeArgFromString(s) or typeArgFromTag(t)');
      expectBcsError(() => enc(withTypeArgs([null as never])), 'invalid_type');
      expectBcsError(() => enc(withTypeArgs(['u64' as never])), 'invalid_type');
    }
    expect(toHex(encodeEntryFunctionTransaction(withTypeArgs([])))).toBe(toHex(rawTransaction.encode(withPlainTypeArgs([]))));
    expectBcsError(() => rawTransaction.encode(withTypeArgs([null as never])), 'invalid_type');
  });

  it('the documented forms type-check without casts; plain tags in the encode-only input do not', () => {
    // Checked by `tsc --noEmit` (part of `npm test`): a @ts-expect-error that is not needed fails it.
    const coinTransfer: RawTransactionInput<EntryFunctionPayloadInput> = {
      sender: '0x1234567890abcdef1234567890abcdef1234567890abcdef1234567890abcdef',
      sequenceNumber: 7n,
      payload: {
        $kind: 'EntryFunction',
        value: {
          module: { address: '0x1', name: 'coin' },
          function: 'transfer',
          typeArgs: [typeArgFromString('0x1::aptos_coin::AptosCoin')],
          args: [arg(writeAddress, '0xb0'), arg(writeU64, 1000n)],
        },
      },
      maxGasAmount: 200000n,
      gasUnitPrice: 100n,
      expirationTimestampSecs: 1700000000n,
      chainId: 4,
    };
    const viaTag: RawTransactionInput<EntryFunctionPayloadInput> = {
      ...coinTransfer,
      payload: {
        $kind: 'EntryFunction',
        value: {
          ...coinTransfer.payload.value,
          typeArgs: [typeArgFromTag({ $kind: 'struct', value: { address: '0x1', module: 'aptos_coin', name: 'AptosCoin', typeArgs: [] } })],
          args: [arg(address, '0xb0'), arg(u64, 1000n)],
        },
      },
    };
    // The V3 fixture (coin::transfer<AptosCoin>), through both forms.
    const v3 = '0x1234567890abcdef1234567890abcdef1234567890abcdef1234567890abcdef0700000000000000020000000000000000000000000000000000000000000000000000000000000001' +
      '04636f696e087472616e7366657201070000000000000000000000000000000000000000000000000000000000000001' +
      '0a6170746f735f636f696e094170746f73436f696e00022000000000000000000000000000000000000000000000000000000000000000b008e803000000000000400d030000000000640000000000000000f153650000000004';
    expect(toHex(encodeEntryFunctionTransaction(coinTransfer))).toBe(v3);
    expect(toHex(encodeEntryFunctionTransaction(viaTag))).toBe(v3);
    expect(toHex(rawTransaction.encode(coinTransfer))).toBe(v3);
    const plain: RawTransactionInput = { ...coinTransfer, payload: { $kind: 'EntryFunction', value: { ...coinTransfer.payload.value, typeArgs: [{ $kind: 'u64' }] } } };
    const decoded = rawTransaction.decode(rawTransaction.encode(plain)).payload;
    expect(decoded.$kind === 'EntryFunction' && decoded.value.typeArgs).toEqual([{ $kind: 'u64' }]);
    // @ts-expect-error the encode-only input takes no plain type-tag objects
    const refused: RawTransactionInput<EntryFunctionPayloadInput> = plain;
    expectBcsError(() => encodeEntryFunctionTransaction(refused), 'invalid_type');
  });
});
