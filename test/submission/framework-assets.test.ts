import { describe, expect, it } from 'vitest';
import { formatMoveType, parseMoveType } from '../../src/move/index.js';
import type { MoveModuleJson } from '../../src/submission/abi-json.js';
import { parseModuleAbi } from '../../src/submission/abi.js';
import { ABILITIES, entryFunctions, entryModuleContract, signature, typeParameterContract } from './framework-entry.js';

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

describe.each(modules)('framework module %s', (name, m, count) => {
  entryModuleContract(name, m, count);
  typeParameterContract(m);

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
