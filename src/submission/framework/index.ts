// The embedded 0x1 framework ABIs: every entry function of the modules users sign most, written
// from aptos-core aptos-move/framework/aptos-framework/sources (each file names its source). They
// are a subset of what a node answers for these modules: entry functions and the structs their
// parameters take by value. ABIs given to a registry take precedence over these.
import type { MoveModuleJson } from '../abi-json.js';
import { account } from './account.js';
import { aptosAccount } from './aptos_account.js';
import { code } from './code.js';
import { coin } from './coin.js';
import { delegationPool } from './delegation_pool.js';
import { fungibleAsset } from './fungible_asset.js';
import { multisigAccount } from './multisig_account.js';
import { object } from './object.js';
import { primaryFungibleStore } from './primary_fungible_store.js';
import { stakingContract } from './staking_contract.js';

export const frameworkModules: readonly MoveModuleJson[] = [
  aptosAccount,
  coin,
  primaryFungibleStore,
  object,
  fungibleAsset,
  account,
  delegationPool,
  stakingContract,
  multisigAccount,
  code,
];
