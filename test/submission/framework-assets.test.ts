import { describe, expect, it } from 'vitest';
import { formatMoveType, isValidIdentifier, parseMoveType } from '../../src/move/index.js';
import type { MoveModuleJson } from '../../src/submission/abi-json.js';
import { parseModuleAbi } from '../../src/submission/abi.js';
import { normalizeAddress } from '../../src/bcs/index.js';
import { frameworkModule } from '../../src/submission/framework/index.js';

// The embedded module (generated from the pinned framework sources) with its entry functions only;
// its view functions and structs are checked in framework-data.test.ts.
const entryFunctions = (name: string): MoveModuleJson => {
  const m = frameworkModule(normalizeAddress('0x1'), name)!;
  return { ...m, exposed_functions: m.exposed_functions.filter((f) => f.is_entry) };
};
const fungibleAsset = entryFunctions('fungible_asset');
const object = entryFunctions('object');
const primaryFungibleStore = entryFunctions('primary_fungible_store');

// Entry-function counts of the aptos-core framework sources the data is generated from
// (aptos-move/framework/aptos-framework/sources/<module>.move). The generated
// cached-packages/src/aptos_framework_sdk_builder.rs cannot serve as the count here: it skips
// functions taking `Object<T>`, so of these it lists only ObjectTransferCall.
const modules: [string, MoveModuleJson, number][] = [
  ['primary_fungible_store', primaryFungibleStore, 2],
  ['object', object, 5],
  ['fungible_asset', fungibleAsset, 2],
];

const ABILITIES = ['copy', 'drop', 'store', 'key'];

const signature = (m: MoveModuleJson, name: string): string => {
  const f = m.exposed_functions.find((x) => x.name === name);
  if (!f) throw new Error(`${m.name}::${name} missing`);
  const generics = f.generic_type_params.map((p, i) => `T${i}${p.constraints.length ? `: ${p.constraints.join(' + ')}` : ''}`);
  return `${f.visibility} 0x1::${m.name}::${f.name}${generics.length ? `<${generics.join(', ')}>` : ''}(${f.params.join(', ')})`;
};

describe.each(modules)('framework module %s', (name, m, count) => {
  it('is the 0x1 module of that name, declaring no friends', () => {
    expect(m.address).toBe('0x1');
    expect(m.name).toBe(name);
    expect(m.friends).toEqual([]);
    expect(m.exposed_functions).toHaveLength(count);
  });

  it('lists entry functions only, each name once and a valid identifier', () => {
    const names = m.exposed_functions.map((f) => f.name);
    expect(new Set(names).size).toBe(names.length);
    for (const f of m.exposed_functions) {
      expect(isValidIdentifier(f.name), f.name).toBe(true);
      expect(f.is_entry, f.name).toBe(true);
      expect(f.is_view, f.name).toBe(false);
      expect(f.return, f.name).toEqual([]);
      expect(['public', 'private', 'friend']).toContain(f.visibility);
    }
  });

  it('declares generic type parameters as ability lists and uses only declared ones', () => {
    for (const f of m.exposed_functions) {
      for (const p of f.generic_type_params) {
        expect(Array.isArray(p.constraints), f.name).toBe(true);
        for (const a of p.constraints) expect(ABILITIES, `${f.name}: ${a}`).toContain(a);
        expect(new Set(p.constraints).size, f.name).toBe(p.constraints.length);
      }
      for (const p of f.params) {
        for (const [, i] of p.matchAll(/\bT(\d+)\b/g)) expect(Number(i), `${f.name}: ${p}`).toBeLessThan(f.generic_type_params.length);
      }
    }
  });

  it('writes every parameter type as the node does: parses and formats back to the same string', () => {
    for (const f of m.exposed_functions) {
      for (const p of f.params) expect(formatMoveType(parseMoveType(p)), `${f.name}: ${p}`).toBe(p);
    }
  });

  it('puts signer references first, as the VM requires of entry functions', () => {
    for (const f of m.exposed_functions) {
      const firstOther = f.params.findIndex((p) => p !== '&signer' && p !== 'signer');
      if (firstOther >= 0) expect(f.params.slice(firstOther).some((p) => p.includes('signer')), f.name).toBe(false);
    }
  });

  it('declares every struct of this module that a parameter takes by value', () => {
    // Structs of other modules (`0x1::object::Object` in every module here) live in their own module.
    const own = new RegExp(`0x1::${name}::(\\w+)`, 'g');
    const declared = new Set(m.structs.map((s) => s.name));
    for (const f of m.exposed_functions) {
      for (const p of f.params) for (const [, s] of p.matchAll(own)) expect(declared.has(s), `${f.name}: ${s}`).toBe(true);
    }
    for (const s of m.structs) {
      expect(s.is_native, s.name).toBe(false);
      for (const a of s.abilities) expect(ABILITIES).toContain(a);
      for (const fld of s.fields) expect(formatMoveType(parseMoveType(fld.type))).toBe(fld.type);
    }
  });

  it('is accepted by the ABI loader', () => {
    const abi = parseModuleAbi(m);
    expect(abi.functions.size).toBe(count);
    expect(abi.name).toBe(name);
    expect(abi.structs.size).toBe(m.structs.length);
    for (const f of m.exposed_functions) expect(abi.functions.get(f.name)?.typeParamCount, f.name).toBe(f.generic_type_params.length);
  });
});

describe('well-known signatures (aptos-core framework sources)', () => {
  it('primary_fungible_store', () => {
    expect(signature(primaryFungibleStore, 'transfer')).toBe(
      'public 0x1::primary_fungible_store::transfer<T0: key>(&signer, 0x1::object::Object<T0>, address, u64)',
    );
    expect(signature(primaryFungibleStore, 'transfer_assert_minimum_deposit')).toBe(
      'public 0x1::primary_fungible_store::transfer_assert_minimum_deposit<T0: key>(&signer, 0x1::object::Object<T0>, address, u64, u64)',
    );
  });

  it('object', () => {
    expect(signature(object, 'transfer')).toBe('public 0x1::object::transfer<T0: key>(&signer, 0x1::object::Object<T0>, address)');
    expect(signature(object, 'transfer_call')).toBe('public 0x1::object::transfer_call(&signer, address, address)');
    expect(signature(object, 'transfer_to_object')).toBe(
      'public 0x1::object::transfer_to_object<T0: key, T1: key>(&signer, 0x1::object::Object<T0>, 0x1::object::Object<T1>)',
    );
    expect(signature(object, 'unburn')).toBe('public 0x1::object::unburn<T0: key>(&signer, 0x1::object::Object<T0>)');
    expect(signature(object, 'burn')).toBe('public 0x1::object::burn<T0: key>(&signer, 0x1::object::Object<T0>)');
  });

  it('object declares Object<phantom T> has copy, drop, store { inner: address }', () => {
    expect(object.structs.find((s) => s.name === 'Object')).toEqual({
      name: 'Object',
      is_native: false,
      is_event: false,
      is_enum: false,
      abilities: ['copy', 'drop', 'store'],
      generic_type_params: [{ constraints: [], is_phantom: true }],
      fields: [{ name: 'inner', type: 'address' }],
    });
    const s = parseModuleAbi(object).structs.get('Object');
    expect(s?.typeParamCount).toBe(1);
    expect(s?.fields?.map((f) => f.name)).toEqual(['inner']);
  });

  it('fungible_asset', () => {
    expect(signature(fungibleAsset, 'transfer')).toBe(
      'public 0x1::fungible_asset::transfer<T0: key>(&signer, 0x1::object::Object<T0>, 0x1::object::Object<T0>, u64)',
    );
    expect(signature(fungibleAsset, 'upgrade_store_to_concurrent')).toBe(
      'public 0x1::fungible_asset::upgrade_store_to_concurrent<T0: key>(&signer, 0x1::object::Object<T0>)',
    );
  });
});
