import fs from 'node:fs';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isBcsError } from '../../src/bcs/index.js';
import { parseMoveType, readScriptSignature, MAX_SCRIPT_VERSION } from '../../src/move/index.js';
import { expectBcsError, hex } from '../bcs/helpers.js';
import { buildScript, sig, T, uleb, withParams } from './script-builder.js';

interface Fixture { name: string; hex: string; version: number; typeParams: number[]; params: string[]; scriptLength?: number }
const fixtures = JSON.parse(fs.readFileSync(new URL('../../fixtures/move/scripts.json', import.meta.url), 'utf8')) as {
  scripts: Fixture[];
  notScripts: { name: string; hex: string }[];
};
const real = fixtures.scripts.map((f) => ({ ...f, bytes: hex(f.hex) }));
const ONE = '0x' + '0'.repeat(63) + '1';

/** Runs `f`; it must return or throw a BcsError, nothing else. */
function bcsErrorOrValue(f: () => unknown): void {
  try {
    f();
  } catch (e) {
    if (!isBcsError(e)) throw e;
  }
}

describe('readScriptSignature: real compiled scripts', () => {
  it('has fixtures covering signer, integers, address, vector<u8>, structs and generics', () => {
    expect(real.length).toBeGreaterThanOrEqual(8);
    const all = real.flatMap((f) => f.params).join(' ');
    for (const t of ['&signer', 'u8', 'u64', 'u256', 'address', 'vector<u8>', 'bool', '::string::String', '::object::Object<']) expect(all).toContain(t);
    expect(real.some((f) => f.typeParams.length > 0)).toBe(true);
  });

  for (const f of real) {
    it(`${f.name}: main(${f.params.join(', ')})`, () => {
      expect(f.bytes[4], 'version byte').toBe(f.version);
      const s = readScriptSignature(f.bytes);
      expect(s.typeParams).toEqual(f.typeParams);
      expect(s.params).toEqual(f.params.map((p) => parseMoveType(p)));
    });
  }

  it('accepts trailing bytes after the code unit, as the node does', () => {
    const f = real[0];
    const longer = Uint8Array.from([...f.bytes, 0xff, 0x00]);
    expect(readScriptSignature(longer)).toEqual(readScriptSignature(f.bytes));
  });

  it('refuses a compiled module', () => {
    for (const m of fixtures.notScripts) expect(expectBcsError(() => readScriptSignature(hex(m.hex)), 'invalid_type').message).toMatch(/not allowed in a script/);
  });

  it('fails with a BcsError, never a crash, on every truncation of every real script', () => {
    for (const f of real) {
      const length = f.scriptLength ?? f.bytes.length;
      expect(readScriptSignature(f.bytes.subarray(0, length)).params).toHaveLength(f.params.length);
      for (let n = 0; n < length; n++) {
        let err: unknown;
        try {
          readScriptSignature(f.bytes.subarray(0, n));
        } catch (e) {
          err = e;
        }
        expect(isBcsError(err), `${f.name} cut at ${n}`).toBe(true);
      }
    }
  });
});

describe('readScriptSignature: hand-built scripts (every signature token)', () => {
  it('reads every primitive, signed integers included, at v9', () => {
    const prims = ['bool', 'u8', 'u16', 'u32', 'u64', 'u128', 'u256', 'i8', 'i16', 'i32', 'i64', 'i128', 'i256', 'address', 'signer'] as const;
    const s = readScriptSignature(withParams(0x0a000009, prims.map((p) => T[p])));
    expect(s.params).toEqual(prims.map((p) => ({ $kind: p })));
  });

  it('reads references, nested vectors, struct instantiations and generics', () => {
    const bytes = withParams(0x0a000007, [
      T.mut(T.signer),
      T.ref(T.vec(T.u8)),
      T.vec(T.vec(T.vec(T.address))),
      T.struct(0),
      T.inst(1, T.u64, T.vec(T.param(1))),
      T.vec(T.inst(1, T.param(0), T.struct(0))),
    ], { typeParams: [0x4, 0xf] });
    const s = readScriptSignature(bytes);
    expect(s.typeParams).toEqual([4, 15]);
    expect(s.params).toEqual([
      '&mut signer', '&vector<u8>', 'vector<vector<vector<address>>>', '0x1::m::S', '0x1::m::R<u64, vector<T1>>', 'vector<0x1::m::R<T0, 0x1::m::S>>',
    ].map((p) => parseMoveType(p)));
    expect(s.params[4]).toEqual({ $kind: 'struct', value: { address: ONE, module: 'm', name: 'R', typeArgs: [{ $kind: 'u64' }, { $kind: 'vector', value: { $kind: 'generic', value: 1 } }] } });
  });

  it('reads function types (v8+), references allowed as their arguments and results', () => {
    const s = readScriptSignature(withParams(8, [T.fn(0x3, [T.ref(T.u64), T.u8], [T.mut(T.bool)]), T.fn(0, [], [])]));
    expect(s.params).toEqual([
      { $kind: 'function', value: { args: [{ $kind: 'reference', value: { $kind: 'u64' } }, { $kind: 'value', value: { $kind: 'u8' } }], results: [{ $kind: 'mutableReference', value: { $kind: 'bool' } }], abilities: 3 } },
      { $kind: 'function', value: { args: [], results: [], abilities: 0 } },
    ]);
  });

  it('gates tokens by bytecode version, as the node does', () => {
    expectBcsError(() => readScriptSignature(withParams(5, [T.u16])), 'not_supported');
    expectBcsError(() => readScriptSignature(withParams(0x0a000008, [T.i8])), 'not_supported');
    expectBcsError(() => readScriptSignature(withParams(0x0a000007, [T.fn(0, [], [])])), 'not_supported');
    expect(readScriptSignature(withParams(6, [T.u16, T.u32, T.u256])).params).toHaveLength(3);
    expect(readScriptSignature(withParams(2, [T.u64])).params).toEqual([{ $kind: 'u64' }]);
  });

  it('accepts versions 2…10 with or without the Aptos 0x0A mark, and no others', () => {
    for (let v = 2; v <= MAX_SCRIPT_VERSION; v++) {
      expect(readScriptSignature(withParams(v, [T.u8])).params).toHaveLength(1);
      expect(readScriptSignature(withParams(0x0a000000 + v, [T.u8])).params).toHaveLength(1);
    }
    for (const v of [0, 1, 11, 0x0a00000b, 0x0b000006, 0x01000006, 0xffffffff]) {
      expectBcsError(() => readScriptSignature(withParams(v, [T.u8])), 'not_supported');
    }
  });

  it('accepts the identifiers the node accepts in a binary (<SELF>, <SELF>_n, $), not as names it returns', () => {
    const ids = (id: string) => withParams(6, [T.u8], { identifiers: ['m', 'S', 'R', id] });
    for (const id of ['<SELF>', '<SELF>_12', '$x', 'a$b', '_1']) expect(readScriptSignature(ids(id)).params).toHaveLength(1);
    for (const id of ['<SELF>_', '<SELF>_x', '$', '_', '1a', 'a-b', 'é', '']) expectBcsError(() => readScriptSignature(ids(id)), 'invalid_identifier');
    const badUtf8 = withParams(6, [T.u8], { tables: [[0x7, [1, 0xff]]], identifiers: [] });
    expectBcsError(() => readScriptSignature(badUtf8), 'invalid_utf8');
    const dollarStruct = withParams(9, [T.struct(0)], { identifiers: ['m', 'S$', 'R'] });
    expectBcsError(() => readScriptSignature(dollarStruct), 'invalid_identifier');
  });
});

describe('readScriptSignature: malformed input', () => {
  it('refuses what is not bytes', () => {
    for (const v of ['a11ceb0b', [0xa1, 0x1c, 0xeb, 0x0b], null, undefined]) expectBcsError(() => readScriptSignature(v as unknown as Uint8Array), 'invalid_type');
  });

  it('checks the magic', () => {
    for (const b of [[], [0xa1], [0xa1, 0x1c, 0xeb], [0xa1, 0x1c, 0xeb, 0x0c, 6, 0, 0, 0], [0, 0, 0, 0]]) {
      expectBcsError(() => readScriptSignature(Uint8Array.from(b)), 'invalid_type');
    }
    expectBcsError(() => readScriptSignature(Uint8Array.from([0xa1, 0x1c, 0xeb, 0x0b, 6, 0])), 'unexpected_end');
  });

  it('bounds ULEB128 values and table extents', () => {
    const head = [0xa1, 0x1c, 0xeb, 0x0b, 6, 0, 0, 0];
    const run = (...b: number[]) => () => readScriptSignature(Uint8Array.from([...head, ...b]));
    expectBcsError(run(0xff, 0xff, 0xff, 0xff, 0x0f), 'out_of_range'); // table count > 255
    expectBcsError(run(0x81, 0x00), 'non_canonical_uleb128');
    expectBcsError(run(0xff, 0x01), 'unexpected_end'); // 255 table headers announced, none there
    expectBcsError(run(1, 5, 0, 0xff, 0xff, 0xff, 0xff, 0x0f), 'unexpected_end'); // a 4 GiB table
    expectBcsError(run(1, 5, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x01), 'uleb128_overflow');
    expectBcsError(run(1, 5, 0xff, 0xff, 0xff, 0xff, 0xff, 0x01, 1), 'out_of_range'); // offset > u32
    expectBcsError(run(0, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80), 'uleb128_overflow');
  });

  it('checks the table layout: contiguous, non-empty, no duplicates, script kinds only', () => {
    const t = (tables: [number, number[]][]) => () => readScriptSignature(buildScript({ signatures: [], tables }));
    expectBcsError(t([[0x5, [0]], [0x5, [0]]]), 'invalid_type');
    expectBcsError(t([[0x9, [0]]]), 'invalid_variant');
    expectBcsError(t([[0x15, [0]]]), 'invalid_variant');
    for (const k of [0xa, 0xb, 0xc, 0xd, 0xe, 0xf, 0x11, 0x12, 0x13, 0x14]) expectBcsError(t([[0x5, [0]], [k, [0]]]), 'invalid_type');
    expectBcsError(t([[0x5, []]]), 'invalid_length');
    const gap = buildScript();
    gap[10] = 1; // the signatures table's offset: 1 instead of 0
    expectBcsError(() => readScriptSignature(gap), 'invalid_length');
    expectBcsError(t([[0x5, [1, 0x02, 0x02]]]), 'unexpected_end'); // an entry runs past its table
    expectBcsError(t([[0x5, [0]], [0x8, [1, 2, 3]]]), 'unexpected_end'); // a partial address
  });

  it('checks indices against their tables', () => {
    expectBcsError(() => readScriptSignature(withParams(6, [T.u8], { params: 1 })), 'out_of_range');
    expectBcsError(() => readScriptSignature(withParams(6, [T.struct(2)])), 'out_of_range');
    expectBcsError(() => readScriptSignature(withParams(6, [T.param(0)])), 'out_of_range');
    expectBcsError(() => readScriptSignature(withParams(6, [T.param(1)], { typeParams: [0] })), 'out_of_range');
    expectBcsError(() => readScriptSignature(withParams(6, [T.inst(1, T.u8)])), 'out_of_range'); // arity 2
    expectBcsError(() => readScriptSignature(withParams(6, [T.inst(0, T.u8)])), 'out_of_range'); // arity 0
    expectBcsError(() => readScriptSignature(withParams(6, [[0x0b, 0, 0]])), 'invalid_length'); // StructInst, 0 args
    expectBcsError(() => readScriptSignature(withParams(6, [T.u8], { moduleHandles: [[1, 0]] })), 'out_of_range');
    expectBcsError(() => readScriptSignature(withParams(6, [T.u8], { moduleHandles: [[0, 9]] })), 'out_of_range');
    expectBcsError(() => readScriptSignature(withParams(6, [T.u8], { typeParams: [0x10] })), 'out_of_range');
    expectBcsError(() => readScriptSignature(withParams(6, [[0x17]])), 'invalid_variant');
    expectBcsError(() => readScriptSignature(withParams(6, [T.u8], { trailer: [1, 1, 0x02] })), 'out_of_range'); // locals
    // Function handles (v6: module, name, params, return, type parameter count) and instantiations.
    const fh = (...h: number[]) => withParams(6, [T.u8], { tables: [[0x3, h]] });
    expect(readScriptSignature(fh(0, 0, 0, 0, 0)).params).toHaveLength(1);
    for (const h of [[1, 0, 0, 0, 0], [0, 3, 0, 0, 0], [0, 0, 1, 0, 0], [0, 0, 0, 1, 0]]) expectBcsError(() => readScriptSignature(fh(...h)), 'out_of_range');
    const fi = (...i: number[]) => withParams(6, [T.u8], { tables: [[0x3, [0, 0, 0, 0, 0]], [0x4, i]] });
    expect(readScriptSignature(fi(0, 0)).params).toHaveLength(1);
    expectBcsError(() => readScriptSignature(fi(1, 0)), 'out_of_range');
    expectBcsError(() => readScriptSignature(fi(0, 1)), 'out_of_range');
    // v7 adds an access-specifier option to function handles, v8 an attribute list.
    const fhv = (v: number, ...h: number[]) => () => readScriptSignature(withParams(v, [T.u8], { tables: [[0x3, [0, 0, 0, 0, 0, ...h]]] }));
    expect(fhv(7, 1)().params).toHaveLength(1);
    expect(fhv(8, 1, 2, 1, 2)().params).toHaveLength(1);
    expectBcsError(fhv(8, 1, 1, 3), 'invalid_variant');
    expectBcsError(fhv(8, 1, 17), 'out_of_range');
    expectBcsError(fhv(7, 1, 0), 'unexpected_end'); // a v8 attribute count in a v7 handle starts a truncated next handle
  });

  it('refuses a reference below the top level of a parameter', () => {
    expectBcsError(() => readScriptSignature(withParams(6, [T.vec(T.ref(T.u8))])), 'invalid_type');
    expectBcsError(() => readScriptSignature(withParams(6, [T.ref(T.ref(T.u8))])), 'invalid_type');
  });

  it('caps signature-token nesting where the node does (255 vectors hold a u8, 256 do not)', () => {
    const nest = (n: number) => [...new Array<number>(n).fill(0x0a), 0x02];
    const ok = readScriptSignature(withParams(6, [nest(255)])).params[0];
    let depth = 0;
    for (let t = ok; t.$kind === 'vector'; t = t.value) depth++;
    expect(depth).toBe(255);
    expectBcsError(() => readScriptSignature(withParams(6, [nest(256)])), 'exceeded_max_depth');
    expectBcsError(() => readScriptSignature(withParams(6, [nest(1_000_000)])), 'exceeded_max_depth');
    const wide = [0x0b, 1, 2, ...new Array<number>(300).fill(0x0b).flatMap(() => [0x0b, 1, 2]), 0x02];
    expectBcsError(() => readScriptSignature(withParams(6, [wide])), 'exceeded_max_depth');
  });

  it('walks the code unit and access specifiers strictly', () => {
    const tr = (version: number, trailer: number[]) => () => readScriptSignature(withParams(version, [T.u8], { trailer }));
    expect(readScriptSignature(withParams(6, [T.u8], { trailer: [0, 3, 0x31, 7, 0x06, ...new Array(8).fill(0), 0x02] })).params).toHaveLength(1);
    expectBcsError(tr(6, [0, 1, 0x69]), 'invalid_variant'); // unknown opcode
    expectBcsError(tr(6, [0, 1, 0x5b, 1]), 'not_supported'); // LdI8 before v9
    expectBcsError(tr(6, [0, 1, 0x06, 1, 2]), 'unexpected_end'); // LdU64 cut short
    expectBcsError(tr(6, [0, ...uleb(0x10000)]), 'out_of_range'); // bytecode count > 65535
    expectBcsError(tr(8, [3, 0, 1, 0x02]), 'invalid_variant'); // option byte 3
    expect(readScriptSignature(withParams(8, [T.u8], { trailer: [2, 1, 1, 1, 1, 1, 0, 1, 0x02] })).params).toHaveLength(1);
    expectBcsError(tr(8, [2, 1, 3, 1, 1, 1, 0, 1, 0x02]), 'invalid_variant'); // access kind 3
    expectBcsError(tr(8, [2, 65, 0, 1, 0x02]), 'out_of_range'); // > 64 specifiers
  });
});

describe('readScriptSignature: fuzz', () => {
  const script = fc.constantFrom(...real.map((f) => f.bytes));
  it('random bytes: a BcsError or a value, never anything else', () => {
    fc.assert(fc.property(fc.uint8Array({ maxLength: 300 }), (b) => bcsErrorOrValue(() => readScriptSignature(b))), { numRuns: 2000 });
    const head = fc.uint8Array({ maxLength: 300 }).map((b) => Uint8Array.from([0xa1, 0x1c, 0xeb, 0x0b, 6, 0, 0, 0, ...b]));
    fc.assert(fc.property(head, (b) => bcsErrorOrValue(() => readScriptSignature(b))), { numRuns: 2000 });
  });

  it('mutated real scripts: a BcsError or a value, never anything else', () => {
    const mutation = fc.tuple(script, fc.array(fc.tuple(fc.nat(), fc.integer({ min: 0, max: 255 }), fc.constantFrom('set', 'insert', 'delete')), { minLength: 1, maxLength: 6 }));
    fc.assert(fc.property(mutation, ([bytes, edits]) => {
      const b = Array.from(bytes);
      for (const [pos, value, op] of edits) {
        const i = pos % (b.length + 1);
        if (op === 'set') b[Math.min(i, b.length - 1)] = value;
        else if (op === 'insert') b.splice(i, 0, value);
        else b.splice(i, 1);
      }
      bcsErrorOrValue(() => readScriptSignature(Uint8Array.from(b)));
    }), { numRuns: 3000 });
  });

  it('rebuilt scripts with random parameter tokens: a BcsError or a value', () => {
    const token = fc.array(fc.integer({ min: 0, max: 0x18 }), { maxLength: 12 });
    fc.assert(fc.property(fc.array(token, { maxLength: 4 }), fc.integer({ min: 5, max: 10 }), (params, v) =>
      bcsErrorOrValue(() => readScriptSignature(withParams(v, params, { signatures: [sig(...params)] })))), { numRuns: 2000 });
  });
});
