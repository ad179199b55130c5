import { describe, expect, it } from 'vitest';
import { normalizeAddress } from '../../src/bcs/index.js';
import { formatMoveType, parseMoveType, type TypeTag } from '../../src/move/index.js';
import { frameworkStruct } from '../../src/node-json/framework-layouts.js';
import { layoutOf } from '../../src/node-json/move-layouts.js';
import { abiRegistry, type MoveModuleJson } from '../../src/submission/index.js';
import { MODULES_0x1 } from '../../src/submission/framework/modules-0x1.js';
import { MODULES_0x3 } from '../../src/submission/framework/modules-0x3.js';
import { MODULES_0x4 } from '../../src/submission/framework/modules-0x4.js';
import { goldens, walk } from './goldens.js';

// Every embedded struct (generated from the pinned framework sources) parses, and compiles with
// every struct it names found among the embedded ones (no registry ABIs): a struct the generator
// missed, or a type it resolved to the wrong module, fails here.

const entries = Object.entries({ '0x1': MODULES_0x1, '0x3': MODULES_0x3, '0x4': MODULES_0x4 }).flatMap(([address, modules]) =>
  Object.entries(modules).flatMap(([module, text]) =>
    text
      .split('\n')
      .filter((l) => l[0] === 'S' || l[0] === 'E')
      .map((l) => ({ id: `${address}::${module}`, address, module, name: l.split('/')[1]! })),
  ),
);
// Values of a function type are not rendered (the node's JSON has no form for them that reads back).
const FUNCTION_TYPED = new Set(['0x1::sigma_protocol_homomorphism::Homomorphism', '0x1::sigma_protocol_homomorphism::TransformationFunction']);

describe('embedded framework layouts', () => {
  const abis = abiRegistry([], { framework: false });

  it('cover the resources and events of ordinary transactions, and every struct of 0x1, 0x3 and 0x4', () => {
    const names = new Set(entries.map((e) => `${e.id}::${e.name}`));
    for (const n of [
      '0x1::account::Account', '0x1::coin::CoinStore', '0x1::coin::CoinDeposit', '0x1::coin::MigrationFlag', '0x1::fungible_asset::FungibleStore',
      '0x1::fungible_asset::Deposit', '0x1::fungible_asset::Withdraw', '0x1::object::ObjectCore', '0x1::transaction_fee::FeeStatement',
      '0x1::block::NewBlockEvent', '0x1::reconfiguration::NewEpochEvent', '0x1::stake::StakePool', '0x1::delegation_pool::DelegationPool',
      '0x1::multisig_account::MultisigAccount', '0x1::code::PackageRegistry', '0x4::token::Token', '0x4::collection::Collection',
      '0x4::aptos_token::AptosToken', '0x4::aptos_token::AptosCollection', '0x3::token::TokenStore', '0x1::account::KeyRotationToPublicKey',
    ]) expect(names.has(n), n).toBe(true);
    expect(entries.length).toBe(590 + 70 + 28);
  });

  it('each parses and compiles against the embedded layouts alone', () => {
    for (const { id, address, module, name } of entries) {
      const def = frameworkStruct(normalizeAddress(address), module, name)!;
      expect(def, `${id}::${name}`).toBeDefined();
      const tag: TypeTag = {
        $kind: 'struct',
        value: { address: normalizeAddress(address), module, name, typeArgs: Array.from({ length: def.typeParamCount }, () => ({ $kind: 'u8' as const })) },
      };
      if (FUNCTION_TYPED.has(`${id}::${name}`)) expect(() => layoutOf(tag, abis), `${id}::${name}`).toThrow(/function values/);
      else expect(() => layoutOf(tag, abis), `${id}::${name}`).not.toThrow();
    }
  });

  it('has no struct the framework never declared, and answers undefined for one', () => {
    // The hand-written tables had two: account::KeyRotationToMultiPublicKey (only a doc comment's
    // name for the KeyRotationToPublicKey event) and transaction_fee::CopyCapabilitiesOneShot.
    const one = normalizeAddress('0x1');
    expect(frameworkStruct(one, 'account', 'KeyRotationToMultiPublicKey')).toBeUndefined();
    expect(frameworkStruct(one, 'transaction_fee', 'CopyCapabilitiesOneShot')).toBeUndefined();
    expect(frameworkStruct(one, 'coin', 'coin')).toBeUndefined();
    expect(frameworkStruct(normalizeAddress('0x2'), 'coin', 'Coin')).toBeUndefined();
    expect(frameworkStruct(one, 'no_such_module', 'Coin')).toBeUndefined();
  });

  it('reads enums with their variants in declaration order and empty structs as dummy_field', () => {
    const one = normalizeAddress('0x1');
    const stored = frameworkStruct(one, 'permissioned_signer', 'StoredPermission')!;
    expect(stored.fields).toBeNull();
    expect(stored.variants!.map((v) => [v.name, v.fields.map((f) => `${f.name}: ${formatMoveType(f.type)}`)])).toEqual([
      ['Unlimited', []],
      ['Capacity', ['_0: u256']],
    ]);
    expect(frameworkStruct(one, 'coin', 'MigrationFlag')!.fields!.map((f) => `${f.name}: ${formatMoveType(f.type)}`)).toEqual(['dummy_field: bool']);
    const token = frameworkStruct(normalizeAddress('0x4'), 'aptos_token', 'AptosToken')!;
    expect(token.fields!.map((f) => `${f.name}: ${formatMoveType(f.type)}`)).toEqual([
      'burn_ref: 0x1::option::Option<0x4::token::BurnRef>',
      'transfer_ref: 0x1::option::Option<0x1::object::TransferRef>',
      'mutator_ref: 0x1::option::Option<0x4::token::MutatorRef>',
      'property_mutator_ref: 0x4::property_map::MutatorRef',
    ]);
  });
});

describe('embedded layouts against the module ABIs in the node goldens', () => {
  it('every struct a golden module declares is embedded with its fields, types and type parameters', () => {
    const abis = new Map<string, MoveModuleJson>();
    for (const g of goldens()) {
      walk(g.json, (o) => {
        const abi = (o.data as { abi?: MoveModuleJson } | undefined)?.abi;
        if (o.type === 'write_module' && abi && typeof abi === 'object') abis.set(`${abi.address}::${abi.name}`, abi);
      });
    }
    let compared = 0;
    for (const [id, abi] of abis) {
      const [address, module] = id.split('::') as [string, string];
      for (const golden of abi.structs) {
        const def = frameworkStruct(normalizeAddress(address), module, golden.name);
        expect(def, `${id}::${golden.name}`).toBeDefined();
        expect(def!.typeParamCount, `${id}::${golden.name}`).toBe(golden.generic_type_params.length);
        // Since aptos-core #17774 (2026-01) option.move declares `enum Option { None, Some { e } }`, whose
        // BCS is the old struct's; the layouts and converters build `Option` in as `{ vec }`.
        if (id === '0x1::option' && golden.name === 'Option') {
          expect(def!.variants!.map((v) => v.name)).toEqual(['None', 'Some']);
          continue;
        }
        expect(def!.fields!.map((f) => `${f.name}: ${formatMoveType(f.type)}`), `${id}::${golden.name}`).toEqual(
          golden.fields.map((f) => `${f.name}: ${formatMoveType(parseMoveType(f.type))}`),
        );
        compared++;
      }
    }
    expect(compared).toBeGreaterThan(150);
  });
});
