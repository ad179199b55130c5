import { describe, expect, it } from 'vitest';
import { bcs, BcsReader, MAX_SEQUENCE_LENGTH, type Schema } from '../../src/bcs/index.js';
import { expectBcsError, hex } from './helpers.js';

describe('strict decoding (issue 2, items 1–9)', () => {
  it('1. ULEB128 must be minimal, ≤ 5 bytes, ≤ u32::MAX', () => {
    expectBcsError(() => bcs.uleb128.decode(hex('8000')), 'non_canonical_uleb128');
    expectBcsError(() => bcs.uleb128.decode(hex('ff00')), 'non_canonical_uleb128');
    expectBcsError(() => bcs.uleb128.decode(hex('ffffffff10')), 'uleb128_overflow');
    expectBcsError(() => bcs.uleb128.decode(hex('ffffffffff01')), 'uleb128_overflow');
    expectBcsError(() => bcs.uleb128.decode(hex('8080808080')), 'uleb128_overflow');
    expect(bcs.uleb128.decode(hex('ffffffff0f'))).toBe(0xffffffff);
    // A length prefix is checked the same way.
    const e = expectBcsError(() => bcs.bytes.decode(hex('8000')), 'non_canonical_uleb128');
    expect(e.offset).toBe(0);
  });

  it('2. sequence lengths ≤ 2^31−1 and bounded by the remaining input before allocating', () => {
    // 2^31 as a length prefix: exceeds the max sequence length.
    expectBcsError(() => bcs.bytes.decode(hex('8080808008')), 'exceeded_max_length');
    // 2^31−1 elements of u64 over 3 bytes of input: fails before looping or allocating.
    expectBcsError(() => bcs.vector(bcs.u64).decode(hex('ffffffff07000000')), 'unexpected_end');
    // A configurable, lower limit.
    expectBcsError(() => bcs.vector(bcs.u8).decode(hex('03010203'), { maxLength: 2 }), 'exceeded_max_length');
    expect(bcs.vector(bcs.u8).decode(hex('03010203'), { maxLength: 3 })).toEqual([1, 2, 3]);
    expectBcsError(() => bcs.u8.decode(hex('00'), { maxLength: MAX_SEQUENCE_LENGTH + 1 }), 'not_supported');
  });

  it('2. zero-sized elements have an explicit cap: a 2^31−1 prefix fails fast', () => {
    const units = bcs.vector(bcs.unit);
    expectBcsError(() => units.decode(hex('ffffffff07')), 'exceeded_max_length');
    const empty = bcs.vector(bcs.struct('Empty', {}));
    expectBcsError(() => empty.decode(hex('ffffffff07')), 'exceeded_max_length');
    expect(units.decode(hex('03'))).toEqual([null, null, null]);
    expectBcsError(() => units.decode(hex('05'), { maxZeroSizedElements: 4 }), 'exceeded_max_length');
  });

  it('3. bool and option tags only 00/01', () => {
    expectBcsError(() => bcs.bool.decode(hex('02')), 'expected_boolean');
    expectBcsError(() => bcs.option(bcs.u8).decode(hex('0207')), 'expected_option');
    expect(bcs.option(bcs.u8).decode(hex('0107'))).toBe(7);
    expect(bcs.option(bcs.u8).decode(hex('00'))).toBe(null);
  });

  it('4. strings: fatal UTF-8; a BOM is data and kept', () => {
    expectBcsError(() => bcs.string.decode(hex('01ff')), 'invalid_utf8');
    expectBcsError(() => bcs.string.decode(hex('03eda080')), 'invalid_utf8'); // an encoded surrogate
    expectBcsError(() => bcs.string.decode(hex('02c0af')), 'invalid_utf8'); // overlong
    expect(bcs.string.decode(hex('06efbbbf616263'))).toBe('\uFEFFabc');
    expect(bcs.string.encode('\uFEFFabc')).toEqual(hex('06efbbbf616263'));
  });

  it('5. map keys strictly increasing by encoded bytes', () => {
    const m = bcs.map(bcs.u8, bcs.u8);
    expect(m.decode(hex('0201020304'))).toEqual(new Map([[1, 2], [3, 4]]));
    expectBcsError(() => m.decode(hex('0203040102')), 'non_canonical_map');
    expectBcsError(() => m.decode(hex('0201020103')), 'non_canonical_map');
    // Order is by encoded bytes, not by value: 256u16 = 00 01 sorts before 1u16 = 01 00.
    const m16 = bcs.map(bcs.u16, bcs.u8);
    expect([...m16.decode(hex('020001090100 08'.replace(/ /g, ''))).keys()]).toEqual([256, 1]);
    expect(m16.encode(new Map([[1, 8], [256, 9]]))).toEqual(hex('02000109010008'));
    expectBcsError(() => m16.decode(hex('02010008000109')), 'non_canonical_map');
  });

  it('6. enum variant index in range', () => {
    const e = bcs.enum('E', { A: null, B: bcs.u8 });
    expect(e.decode(hex('0105'))).toEqual({ $kind: 'B', value: 5 });
    const err = expectBcsError(() => e.decode(hex('02')), 'invalid_variant');
    expect(err.offset).toBe(0);
    expectBcsError(() => e.decode(hex('8000')), 'non_canonical_uleb128');
  });

  it('7. trailing bytes after a complete top-level value are rejected', () => {
    const err = expectBcsError(() => bcs.u16.decode(hex('010203')), 'remaining_input');
    expect(err.offset).toBe(2);
    // The reader API parses a prefix for streaming use.
    const r = new BcsReader(hex('010203'));
    expect(bcs.u16.read(r)).toBe(0x0201);
    expect(r.off).toBe(2);
    expect(bcs.u8.read(r)).toBe(3);
    r.finish();
  });

  it('8. container depth limit 500, configurable', () => {
    type Nest = { $kind: 'Leaf' } | { $kind: 'Node'; value: Nest };
    const nest: Schema<Nest> = bcs.enum('Nest', { Leaf: null, Node: bcs.lazy<Nest>('Nest', () => nest) });
    const deep = (n: number) => new Uint8Array([...new Array(n).fill(1), 0]);
    expect(() => nest.decode(deep(499))).not.toThrow(); // 500 named containers
    const err = expectBcsError(() => nest.decode(deep(500)), 'exceeded_max_depth');
    expect(err.message).toContain('exceeded max container depth while entering: Nest');
    expectBcsError(() => nest.decode(deep(10), { maxDepth: 10 }), 'exceeded_max_depth');
    expect(() => nest.decode(deep(9), { maxDepth: 10 })).not.toThrow();
    expectBcsError(() => nest.decode(deep(1), { maxDepth: 501 }), 'not_supported');
    // Vectors and options do not consume depth, as in the Rust crate.
    const vv = bcs.vector(bcs.vector(bcs.vector(bcs.u8)));
    expect(vv.decode(hex('01010105'), { maxDepth: 0 })).toEqual([[[5]]]);
    const v: Nest = { $kind: 'Leaf' };
    expect(nest.encode(v)).toEqual(hex('00'));
  });

  it('9. truncated input anywhere is the library error, never a RangeError', () => {
    const s = bcs.struct('S', { a: bcs.u64, b: bcs.u128, c: bcs.u256, d: bcs.string, e: bcs.fixedBytes(4), f: bcs.address });
    const full = s.encode({ a: 1n, b: 2n, c: 3n, d: 'xyz', e: new Uint8Array(4), f: '0x1' });
    for (let n = 0; n < full.length; n++) {
      const err = expectBcsError(() => s.decode(full.subarray(0, n)), 'unexpected_end');
      expect(err.offset).toBeLessThanOrEqual(n);
    }
    expect(s.decode(full).d).toBe('xyz');
  });
});

describe('errors carry offset and path', () => {
  it('builds the path through structs, vectors and enum variants', () => {
    const Payload = bcs.enum('Payload', {
      Call: bcs.struct('Call', { fn: bcs.string, args: bcs.vector(bcs.bytes) }),
    });
    const Tx = bcs.struct('Tx', { sender: bcs.address, payload: Payload });
    const good = Tx.encode({ sender: '0x1', payload: { $kind: 'Call', value: { fn: 'f', args: [hex('01'), hex('0203')] } } });
    const bad = good.slice();
    bad[bad.length - 3] = 0x80; // second arg's length prefix becomes 0x80 0x02 = 256 > remaining
    const err = expectBcsError(() => Tx.decode(bad), 'unexpected_end');
    expect(err.path).toBe('payload.Call.args[1]');
    expect(err.offset).toBe(bad.length - 3);
    expect(err.message).toContain('payload.Call.args[1]');
    expect(err.toJSON()).toMatchObject({ code: 'unexpected_end', path: 'payload.Call.args[1]' });
  });
});

describe('strict encoding', () => {
  it('rejects NaN, non-integers, out-of-range and wrong types', () => {
    expectBcsError(() => bcs.u8.encode(NaN), 'invalid_type');
    expectBcsError(() => bcs.u8.encode(1.5), 'invalid_type');
    expectBcsError(() => bcs.u8.encode(256), 'out_of_range');
    expectBcsError(() => bcs.u8.encode(-1), 'out_of_range');
    expectBcsError(() => bcs.u16.encode(65536), 'out_of_range');
    expectBcsError(() => bcs.u32.encode(2 ** 32), 'out_of_range');
    expectBcsError(() => bcs.i8.encode(128), 'out_of_range');
    expectBcsError(() => bcs.i8.encode(-129), 'out_of_range');
    expectBcsError(() => bcs.i32.encode(2 ** 31), 'out_of_range');
    expectBcsError(() => bcs.u8.encode('1' as unknown as number), 'invalid_type');
    expectBcsError(() => bcs.bool.encode(1 as unknown as boolean), 'invalid_type');
  });

  it('64-bit and wider: bigint or safe integer only', () => {
    expectBcsError(() => bcs.u64.encode(2 ** 53), 'out_of_range');
    expectBcsError(() => bcs.u64.encode(-1), 'out_of_range');
    expectBcsError(() => bcs.u64.encode(-1n), 'out_of_range');
    expectBcsError(() => bcs.u64.encode(1n << 64n), 'out_of_range');
    expectBcsError(() => bcs.u64.encode(NaN), 'invalid_type');
    expectBcsError(() => bcs.u64.encode(Infinity), 'invalid_type');
    expectBcsError(() => bcs.u64.encode(0.5), 'invalid_type');
    expectBcsError(() => bcs.u64.encode('1' as unknown as bigint), 'invalid_type');
    expectBcsError(() => bcs.u128.encode(1n << 128n), 'out_of_range');
    expectBcsError(() => bcs.u256.encode(1n << 256n), 'out_of_range');
    expectBcsError(() => bcs.i64.encode(1n << 63n), 'out_of_range');
    expectBcsError(() => bcs.i64.encode(-(1n << 63n) - 1n), 'out_of_range');
    expectBcsError(() => bcs.i128.encode(-(2 ** 53)), 'out_of_range');
    expect(bcs.i64.encode(-(1n << 63n))).toEqual(hex('0000000000000080'));
    expect(bcs.u64.encode(2 ** 53 - 1)).toEqual(hex('ffffffffffff1f00'));
    expect(bcs.i64.encode(-(2 ** 53 - 1))).toEqual(bcs.i64.encode(-(2n ** 53n - 1n)));
  });

  it('ULEB128 values above u32 are rejected', () => {
    expectBcsError(() => bcs.uleb128.encode(2 ** 32), 'out_of_range');
    expectBcsError(() => bcs.uleb128.encode(-1), 'out_of_range');
    expectBcsError(() => bcs.uleb128.encode(1.5), 'out_of_range');
  });

  it('struct fields, enum variants, fixed lengths, strings', () => {
    const s = bcs.struct('S', { a: bcs.u8, b: bcs.option(bcs.u8) });
    expectBcsError(() => s.encode({ a: 1 } as never), 'missing_field').path === 'b' || expect.fail();
    expect(expectBcsError(() => s.encode({ b: null } as never), 'missing_field').path).toBe('a');
    expectBcsError(() => s.encode(null as never), 'invalid_type');
    const e = bcs.enum('E', { A: null });
    expectBcsError(() => e.encode({ $kind: 'B' } as never), 'invalid_variant');
    expectBcsError(() => e.encode({} as never), 'invalid_variant');
    expectBcsError(() => bcs.fixedBytes(4).encode(new Uint8Array(3)), 'invalid_length');
    expectBcsError(() => bcs.fixedBytes(4).encode([1, 2, 3, 4] as never), 'invalid_type');
    expectBcsError(() => bcs.string.encode('a\uD800b'), 'invalid_utf8');
    expectBcsError(() => bcs.string.encode('\uDC00'), 'invalid_utf8');
    expectBcsError(() => bcs.string.encode('x\uD83D'), 'invalid_utf8');
    expect(bcs.string.encode('\uD83D\uDE00')).toEqual(hex('04f09f9880'));
    expectBcsError(() => bcs.tuple([bcs.u8, bcs.u8]).encode([1] as never), 'invalid_length');
    expectBcsError(() => bcs.vector(bcs.u8).encode('ab' as never), 'invalid_type');
  });

  it('map encoding sorts by encoded key bytes and rejects duplicate keys', () => {
    const m = bcs.map(bcs.string, bcs.u8);
    // The length prefix sorts first: 'b' (01 62) precedes 'aa' (02 61 61).
    expect(m.encode([['b', 2], ['a', 1], ['aa', 3]])).toEqual(hex('03' + '016101' + '016202' + '02616103'));
    expectBcsError(() => m.encode([['a', 1], ['a', 2]]), 'non_canonical_map');
  });

  it('errors name the path of the bad field', () => {
    const s = bcs.struct('Outer', { list: bcs.vector(bcs.struct('Inner', { n: bcs.u8 })) });
    const err = expectBcsError(() => s.encode({ list: [{ n: 1 }, { n: 300 }] }), 'out_of_range');
    expect(err.path).toBe('list[1].n');
  });
});

describe('hostile values and inputs never overflow the stack', () => {
  it('a cyclic struct value fails with exceeded_max_depth on encode', () => {
    type Node = { next: Node[] };
    const node: Schema<Node> = bcs.struct('Node', { next: bcs.vector(bcs.lazy<Node>('Node', () => node)) });
    const cyclic: Node = { next: [] };
    cyclic.next.push(cyclic);
    expectBcsError(() => node.encode(cyclic), 'exceeded_max_depth');
    expectBcsError(() => node.serializedSize(cyclic), 'exceeded_max_depth');
  });

  it('recursion without named containers is bounded on decode and encode', () => {
    type Nested = Nested[];
    const nested: Schema<Nested> = bcs.vector(bcs.lazy<Nested>('Nested', () => nested));
    const bytes = new Uint8Array(100_000).fill(1);
    expectBcsError(() => nested.decode(bytes), 'exceeded_max_depth');
    const cyclic: Nested = [];
    cyclic.push(cyclic);
    expectBcsError(() => nested.encode(cyclic), 'exceeded_max_depth');
    expect(nested.decode(new Uint8Array([1, 1, 0]))).toEqual([[[]]]);
  });
});

describe('bulk vector paths report like the per-element ones', () => {
  it('a bad ULEB128 value inside a vector names its index', () => {
    const err = expectBcsError(() => bcs.vector(bcs.uleb128).encode([1, 2, 2 ** 32]), 'out_of_range');
    expect(err.path).toBe('[2]');
    expectBcsError(() => bcs.vector(bcs.uleb128).encode([1, '2' as unknown as number]), 'invalid_type');
  });
  it('vector<u64> bulk writes (aligned chunks) give the per-element bytes, across chunk edges and mixed inputs', () => {
    const u64le = (v: bigint) => {
      let h = '';
      for (let i = 0n; i < 8n; i++) h += ((v >> (8n * i)) & 0xffn).toString(16).padStart(2, '0');
      return h;
    };
    for (const n of [7, 8, 1023, 1024, 1025, 2049]) {
      const values = Array.from({ length: n }, (_, i) => (BigInt(i) * 0x9e3779b97f4a7c15n) & 0xffffffffffffffffn);
      const len = bcs.uleb128.encode(n);
      const expected = Buffer.from(len).toString('hex') + values.map(u64le).join('');
      expect(Buffer.from(bcs.vector(bcs.u64).encode(values)).toString('hex')).toBe(expected);
      // A number (safe integer) in the middle: the rest goes element by element, same bytes.
      const mixed: (bigint | number)[] = values.slice();
      mixed[n >> 1] = Number(values[n >> 1] & 0xffffffffn);
      const expectedMixed = values.map((v, i) => (i === n >> 1 ? u64le(v & 0xffffffffn) : u64le(v)));
      expect(Buffer.from(bcs.vector(bcs.u64).encode(mixed)).toString('hex')).toBe(Buffer.from(len).toString('hex') + expectedMixed.join(''));
    }
  });
  it('vector<u64> bulk writes reject a bad element by index, in any chunk', () => {
    for (const [i, bad, code] of [
      [0, -1n, 'out_of_range'],
      [1030, 2n ** 64n, 'out_of_range'],
      [2047, '5', 'invalid_type'],
      [9, 1.5, 'invalid_type'],
    ] as const) {
      const values: unknown[] = Array.from({ length: 2048 }, () => 1n);
      values[i] = bad;
      const err = expectBcsError(() => bcs.vector(bcs.u64).encode(values as bigint[]), code);
      expect(err.path).toBe(`[${i}]`);
    }
  });
  it('vectors of u8, u64 and ULEB128 decode through their bulk readers', () => {
    expect(bcs.vector(bcs.u8).decode(hex('03010203'))).toEqual([1, 2, 3]);
    expect(bcs.vector(bcs.u64).decode(hex('02' + '0100000000000000' + 'ffffffffffffffff'))).toEqual([1n, 2n ** 64n - 1n]);
    expect(bcs.vector(bcs.uleb128).decode(hex('03' + '01' + '8001' + 'ffffffff0f'))).toEqual([1, 128, 0xffffffff]);
    expectBcsError(() => bcs.vector(bcs.uleb128).decode(hex('02' + '01' + '8000')), 'non_canonical_uleb128');
    expectBcsError(() => bcs.vector(bcs.u64).decode(hex('02' + '0100000000000000' + 'ffff')), 'unexpected_end');
  });
});

describe('zeroCopy decoding', () => {
  it('copies by default and returns views into the input when asked', () => {
    const s = bcs.struct('S', { b: bcs.bytes, f: bcs.fixedBytes(2), v: bcs.vector(bcs.bytes) });
    const input = hex('0201020304' + '01' + '0105');
    const copied = s.decode(input);
    const viewed = s.decode(input, { zeroCopy: true });
    expect(viewed).toEqual(copied);
    expect(copied.b.buffer).not.toBe(input.buffer);
    expect(viewed.b.buffer).toBe(input.buffer);
    expect(viewed.v[0].buffer).toBe(input.buffer);
    input[1] = 0xff;
    expect(viewed.b[0]).toBe(0xff);
    expect(copied.b[0]).toBe(1);
  });
});
