import { describe, expect, it } from 'vitest';
import type { MoveModuleJson } from '../../src/submission/abi-json.js';
import { parseModuleAbi } from '../../src/submission/abi.js';
import { entryFunctions, entryModuleContract, signature, typeParameterContract } from './framework-entry.js';

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

describe.each(modules)('framework module %s', (name, m, count) => {
  entryModuleContract(name, m, count);
  typeParameterContract(m);

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
