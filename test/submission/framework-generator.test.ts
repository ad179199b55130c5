import { describe, expect, it } from 'vitest';
import { functionLine, structLine } from '../../scripts/framework/encode.mjs';
import { parseFile, type SourceField, type SourceType } from '../../scripts/framework/move-source.mjs';
import { moduleResolver, sortAbilities } from '../../scripts/framework/resolve.mjs';
import { statusCodeGroups } from '../../scripts/framework/status-codes.mjs';
import { functionJson, structJson } from '../../src/submission/framework/format.js';

// The generator's reader and writer on a small module written for the purpose (the pinned sources
// are not committed): what the Move source says, what comes out, and what the decoder reads back.

const SOURCE = `
/// doc
module my_addr::m {
    use std::string::{Self, String as Str};
    use aptos_framework::object::{Object};
    use aptos_framework::{fungible_asset::Metadata, event};
    #[test_only]
    use std::vector;

    const E_X: u64 = 1; const V: vector<u8> = x"ab"; const W: vector<u64> = vector[1, 2];
    friend my_addr::other;

    #[event]
    struct Ev has drop, store { amount: u64, name: Str, meta: Object<Metadata> }
    struct Empty has key {}
    struct Pair<phantom A: store, B: copy + drop>(B, vector<A>) has copy;
    enum Choice<T> has drop { None, Some { e: T }, Two(u8, string::String) }
    native struct Native<T>;
    #[test_only]
    struct Hidden {}

    public entry fun go<T: key>(s: &signer, o: Object<T>, v: vector<Self::Ev>) acquires Empty { let x = 1; { x }; }
    #[view]
    public fun peek(a: address): (u64, Option<u8>) { abort 1 }
    #[view]
    fun private_view(): u64 { 1 }
    entry fun private_entry(_s: &signer, f: |u64| bool has copy + drop) {}
    public(friend) fun not_exposed() {}
    public inline fun inlined() {}
    #[test(a = @0x1)]
    entry fun a_test(a: signer) {}
    spec go { aborts_if false; }
    spec module { pragma verify = false; }
}
`;

describe('framework generator', () => {
  const [m] = parseFile(SOURCE, 'm.move') as [ReturnType<typeof parseFile>[number]];
  const fieldName = (f: SourceField) => f.name ?? `_${f.position}`;
  const named = new Map([['my_addr', '0xcafe'], ['std', '0x1'], ['aptos_framework', '0x1']]);
  const declared = new Map([['0xcafe::m', new Set(['Ev', 'Empty', 'Pair', 'Choice', 'Native'])], ['0x1::option', new Set(['Option'])]]);
  const r = moduleResolver({ ...m, uses: [...m.uses, { kind: 'member', address: 'std', module: 'option', name: 'Option', alias: 'Option' }] }, named, declared);

  it('reads items, leaving out test-only ones, inline functions, specs and constants', () => {
    expect(m.name).toBe('m');
    expect(m.structs.map((s) => s.name)).toEqual(['Ev', 'Empty', 'Pair', 'Choice', 'Native']);
    expect(m.functions.map((f) => f.name)).toEqual(['go', 'peek', 'private_view', 'private_entry', 'not_exposed']);
    expect(m.uses.map((u) => u.alias)).toEqual(['string', 'Str', 'Object', 'Metadata', 'event']);
  });

  it('resolves aliases, Self, module paths and type parameters to the node’s type strings', () => {
    const ev = m.structs[0]!;
    expect(ev.fields!.map((f) => r.typeString(f.type, [], 'Ev'))).toEqual(['u64', '0x1::string::String', '0x1::object::Object<0x1::fungible_asset::Metadata>']);
    const go = m.functions[0]!;
    expect(go.args.map((a) => r.typeString(a.type, ['T'], 'go'))).toEqual(['&signer', '0x1::object::Object<T0>', 'vector<0xcafe::m::Ev>']);
    expect(m.functions[1]!.results.map((t: SourceType) => r.typeString(t, [], 'peek'))).toEqual(['u64', '0x1::option::Option<u8>']);
    expect(r.typeString(m.functions[3]!.args[1]!.type, [], 'f')).toBe('|u64|(bool) has copy + drop');
    expect(() => r.typeString({ kind: 'name', path: ['Nope'], args: [] }, [], 'x')).toThrow(/unknown type Nope/);
    expect(() => r.typeString({ kind: 'name', path: ['m', 'Nope'], args: [] }, [], 'x')).toThrow(/unknown module alias/);
    expect(() => r.typeString({ kind: 'name', path: ['Self', 'Gone'], args: [] }, [], 'x')).toThrow(/not declared/);
  });

  it('writes lines the decoder reads back as the node’s ABI JSON', () => {
    const pair = m.structs[2]!;
    const line = structLine({
      ...pair,
      abilities: sortAbilities(pair.abilities, 'Pair'),
      params: pair.params.map((p) => ({ phantom: p.phantom, constraints: sortAbilities(p.constraints, 'Pair') })),
      fields: pair.fields!.map((f) => ({ name: fieldName(f), type: r.typeString(f.type, ['A', 'B'], 'Pair') })),
      variants: null,
    });
    expect(line).toBe('S/Pair/c/TpsTcd/_0:T1;_1:vector<T0>');
    expect(structJson(line)).toEqual({
      name: 'Pair', is_native: false, is_event: false, is_enum: false, abilities: ['copy'],
      generic_type_params: [{ constraints: ['store'], is_phantom: true }, { constraints: ['copy', 'drop'], is_phantom: false }],
      fields: [{ name: '_0', type: 'T1' }, { name: '_1', type: 'vector<T0>' }],
    });
    const choice = m.structs[3]!;
    const enumLine = structLine({
      ...choice, isEvent: true, abilities: ['drop'], params: [{ phantom: false, constraints: [] }],
      fields: null,
      variants: choice.variants!.map((v) => ({
        name: v.name, fields: v.fields.map((f) => ({ name: fieldName(f), type: r.typeString(f.type, ['T'], 'Choice') })),
      })),
    });
    expect(enumLine).toBe('Ee/Choice/d/T/None{}Some{e:T0}Two{_0:u8;_1:0x1::string::String}');
    expect(structJson(enumLine).variants).toEqual([
      { name: 'None', fields: [] },
      { name: 'Some', fields: [{ name: 'e', type: 'T0' }] },
      { name: 'Two', fields: [{ name: '_0', type: 'u8' }, { name: '_1', type: '0x1::string::String' }] },
    ]);
    const fn = functionLine({ name: 'go', visibility: 'public', isEntry: true, isView: false, params: [{ phantom: false, constraints: ['key'] }], args: ['&signer', '0x1::object::Object<T0>'], results: [] });
    expect(fn).toBe('Fpe/go/Tk/&signer;0x1::object::Object<T0>/');
    expect(functionJson(fn)).toEqual({ name: 'go', visibility: 'public', is_entry: true, is_view: false, generic_type_params: [{ constraints: ['key'] }], params: ['&signer', '0x1::object::Object<T0>'], return: [] });
    expect(functionJson('Fv/x///u64;bool')).toMatchObject({ visibility: 'private', is_view: true, params: [], return: ['u64', 'bool'] });
  });

  it('reads the StatusCode enum of vm_status.rs into groups by thousand, gaps as -', () => {
    const rust = 'pub enum StatusCode {\n    // c\n    A = 0,\n    B = 2,\n    C= 1000,\n    UNKNOWN_STATUS = 18446744073709551615,\n}\n';
    expect(statusCodeGroups(rust)).toEqual(['0:A - B', '1000:C']);
    expect(() => statusCodeGroups(rust.replace('UNKNOWN_STATUS = 18446744073709551615', 'UNKNOWN_STATUS = 7'))).toThrow(/u64::MAX/);
    expect(() => statusCodeGroups(rust.replace('B = 2', 'B = 2 + 1'))).toThrow(/unexpected line/);
  });
});
