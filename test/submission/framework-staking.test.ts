import { describe, expect, it } from 'vitest';
import type { MoveModuleJson } from '../../src/submission/abi-json.js';
import { parseModuleAbi } from '../../src/submission/abi.js';
import { entryFunctions, entryModuleContract, signature } from './framework-entry.js';

const delegationPool = entryFunctions('delegation_pool');
const multisigAccount = entryFunctions('multisig_account');
const stakingContract = entryFunctions('staking_contract');

// Entry-function counts of the aptos-core framework sources the files were written from (the
// EntryFunctionCall variants of cached-packages/src/aptos_framework_sdk_builder.rs per module).
const modules: [string, MoveModuleJson, number][] = [
  ['delegation_pool', delegationPool, 19],
  ['staking_contract', stakingContract, 12],
  ['multisig_account', multisigAccount, 29],
];

describe.each(modules)('framework module %s', (name, m, count) => {
  entryModuleContract(name, m, count);

  it('takes no generic type parameters', () => {
    for (const f of m.exposed_functions) expect(f.generic_type_params, f.name).toEqual([]);
  });

  it('declares every struct of this module that a parameter takes by value', () => {
    const own = new RegExp(`0x1::${name}::(\\w+)`, 'g');
    const declared = new Set(m.structs.map((s) => s.name));
    for (const f of m.exposed_functions) {
      for (const p of f.params) for (const [, s] of p.matchAll(own)) expect(declared.has(s), `${f.name}: ${s}`).toBe(true);
    }
  });

  it('is accepted by the ABI loader', () => {
    const abi = parseModuleAbi(m);
    expect(abi.functions.size).toBe(count);
    expect(abi.name).toBe(name);
  });
});

describe('well-known signatures (aptos-core framework sources)', () => {
  it('delegation_pool', () => {
    expect(signature(delegationPool, 'add_stake')).toBe('public 0x1::delegation_pool::add_stake(&signer, address, u64)');
    expect(signature(delegationPool, 'unlock')).toBe('public 0x1::delegation_pool::unlock(&signer, address, u64)');
    expect(signature(delegationPool, 'initialize_delegation_pool')).toBe(
      'public 0x1::delegation_pool::initialize_delegation_pool(&signer, u64, vector<u8>)',
    );
    expect(signature(delegationPool, 'vote')).toBe('public 0x1::delegation_pool::vote(&signer, address, u64, u64, bool)');
    expect(signature(delegationPool, 'synchronize_delegation_pool')).toBe('public 0x1::delegation_pool::synchronize_delegation_pool(address)');
  });

  it('staking_contract', () => {
    expect(signature(stakingContract, 'unlock_stake')).toBe('public 0x1::staking_contract::unlock_stake(&signer, address, u64)');
    expect(signature(stakingContract, 'create_staking_contract')).toBe(
      'public 0x1::staking_contract::create_staking_contract(&signer, address, address, u64, u64, vector<u8>)',
    );
    expect(signature(stakingContract, 'update_commision')).toBe('public 0x1::staking_contract::update_commision(&signer, address, u64)');
    expect(signature(stakingContract, 'distribute')).toBe('public 0x1::staking_contract::distribute(address, address)');
  });

  it('multisig_account', () => {
    expect(signature(multisigAccount, 'create_with_owners')).toBe(
      'public 0x1::multisig_account::create_with_owners(&signer, vector<address>, u64, vector<0x1::string::String>, vector<vector<u8>>)',
    );
    expect(signature(multisigAccount, 'create_with_existing_account')).toBe(
      'public 0x1::multisig_account::create_with_existing_account(address, vector<address>, u64, u8, vector<u8>, vector<u8>, vector<0x1::string::String>, vector<vector<u8>>)',
    );
    expect(signature(multisigAccount, 'add_owners')).toBe('private 0x1::multisig_account::add_owners(&signer, vector<address>)');
    expect(signature(multisigAccount, 'vote_transactions')).toBe(
      'public 0x1::multisig_account::vote_transactions(&signer, address, u64, u64, bool)',
    );
    expect(signature(multisigAccount, 'upsert_timelock')).toBe(
      'private 0x1::multisig_account::upsert_timelock(&signer, u64, 0x1::option::Option<u64>)',
    );
  });
});
