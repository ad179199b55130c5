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
const account = entryFunctions('account');
const aptosAccount = entryFunctions('aptos_account');
const code = entryFunctions('code');
const coin = entryFunctions('coin');

// Entry-function counts of the aptos-core framework sources the data is generated from
// (aptos-move/framework/aptos-framework/sources/<module>.move). The generated
// cached-packages/src/aptos_framework_sdk_builder.rs lists fewer: it skips functions taking
// `Object<T>` (aptos_account's two fungible-asset transfers) or a reference other than `&signer`
// (coin's #[legacy_entry_fun] freeze_coin_store / unfreeze_coin_store).
const modules: [string, MoveModuleJson, number][] = [
  ['aptos_account', aptosAccount, 9],
  ['coin', coin, 8],
  ['code', code, 1],
  ['account', account, 13],
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
    // By value only: coin's freeze_coin_store takes `&0x1::coin::FreezeCapability<T0>`, which a
    // transaction argument can never be, so the struct is not needed to encode anything.
    const own = new RegExp(`0x1::${name}::(\\w+)`, 'g');
    const declared = new Set(m.structs.map((s) => s.name));
    for (const f of m.exposed_functions) {
      for (const p of f.params.filter((x) => !x.startsWith('&'))) {
        for (const [, s] of p.matchAll(own)) expect(declared.has(s), `${f.name}: ${s}`).toBe(true);
      }
    }
  });

  it('is accepted by the ABI loader', () => {
    const abi = parseModuleAbi(m);
    expect(abi.functions.size).toBe(count);
    expect(abi.name).toBe(name);
    for (const f of m.exposed_functions) expect(abi.functions.get(f.name)?.typeParamCount, f.name).toBe(f.generic_type_params.length);
  });
});

describe('well-known signatures (aptos-core framework sources)', () => {
  it('aptos_account', () => {
    expect(signature(aptosAccount, 'transfer')).toBe('public 0x1::aptos_account::transfer(&signer, address, u64)');
    expect(signature(aptosAccount, 'create_account')).toBe('public 0x1::aptos_account::create_account(address)');
    expect(signature(aptosAccount, 'batch_transfer')).toBe(
      'public 0x1::aptos_account::batch_transfer(&signer, vector<address>, vector<u64>)',
    );
    expect(signature(aptosAccount, 'transfer_coins')).toBe('public 0x1::aptos_account::transfer_coins<T0>(&signer, address, u64)');
    expect(signature(aptosAccount, 'batch_transfer_coins')).toBe(
      'public 0x1::aptos_account::batch_transfer_coins<T0>(&signer, vector<address>, vector<u64>)',
    );
    expect(signature(aptosAccount, 'transfer_fungible_assets')).toBe(
      'public 0x1::aptos_account::transfer_fungible_assets(&signer, 0x1::object::Object<0x1::fungible_asset::Metadata>, address, u64)',
    );
    expect(signature(aptosAccount, 'set_allow_direct_coin_transfers')).toBe(
      'public 0x1::aptos_account::set_allow_direct_coin_transfers(&signer, bool)',
    );
    expect(signature(aptosAccount, 'fungible_transfer_only')).toBe('friend 0x1::aptos_account::fungible_transfer_only(&signer, address, u64)');
  });

  it('coin', () => {
    expect(signature(coin, 'transfer')).toBe('public 0x1::coin::transfer<T0>(&signer, address, u64)');
    expect(signature(coin, 'migrate_to_fungible_store')).toBe('public 0x1::coin::migrate_to_fungible_store<T0>(&signer)');
    expect(signature(coin, 'migrate_coin_store_to_fungible_store')).toBe(
      'public 0x1::coin::migrate_coin_store_to_fungible_store<T0>(vector<address>)',
    );
    expect(signature(coin, 'create_coin_conversion_map')).toBe('public 0x1::coin::create_coin_conversion_map(&signer)');
    expect(signature(coin, 'freeze_coin_store')).toBe('public 0x1::coin::freeze_coin_store<T0>(address, &0x1::coin::FreezeCapability<T0>)');
    expect(coin.exposed_functions.some((f) => f.name === 'register' || f.name === 'withdraw')).toBe(false);
  });

  it('code', () => {
    expect(signature(code, 'publish_package_txn')).toBe('public 0x1::code::publish_package_txn(&signer, vector<u8>, vector<vector<u8>>)');
  });

  it('account', () => {
    expect(signature(account, 'rotate_authentication_key')).toBe(
      'public 0x1::account::rotate_authentication_key(&signer, u8, vector<u8>, u8, vector<u8>, vector<u8>, vector<u8>)',
    );
    expect(signature(account, 'offer_signer_capability')).toBe(
      'public 0x1::account::offer_signer_capability(&signer, vector<u8>, u8, vector<u8>, address)',
    );
    expect(signature(account, 'rotate_authentication_key_call')).toBe('private 0x1::account::rotate_authentication_key_call(&signer, vector<u8>)');
    expect(signature(account, 'revoke_any_signer_capability')).toBe('public 0x1::account::revoke_any_signer_capability(&signer)');
    expect(signature(account, 'set_originating_address')).toBe('private 0x1::account::set_originating_address(&signer)');
    expect(account.exposed_functions.some((f) => f.name === 'invalid')).toBe(false);
  });
});
