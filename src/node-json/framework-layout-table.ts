// Struct layouts of the 0x1 (aptos-framework, aptos-stdlib, move-stdlib), 0x3 (aptos-token) and 0x4
// (aptos-token-objects) resources and events an ordinary transaction touches, written from aptos-core
// aptos-move/framework/<package>/sources/<file>.move (each module names its file). Move's upgrade
// rules keep a published struct's layout fixed, so these hold for every version of a module that
// has the struct. An empty struct (`struct S {}`) compiles to one field, `dummy_field: bool`.
// Format (see framework-layouts.ts): `[N|]field:type;field:type` (N generic parameters), or for a
// Move 2 enum `[N|]Variant{field:type;…}Variant{…}`. `0x1::string::String`, `0x1::option::Option`
// and `0x1::object::Object` are built into the layout compiler.

const DUMMY = 'dummy_field:bool';
const EVENT_HANDLE = (t: string) => `0x1::event::EventHandle<${t}>`;

export const FRAMEWORK_LAYOUTS: Readonly<Record<string, Readonly<Record<string, string>>>> = /* @__PURE__ */ (() => ({
  // aptos-framework/sources/account/account.move
  '0x1::account': {
    Account:
      'authentication_key:vector<u8>;sequence_number:u64;guid_creation_num:u64;' +
      `coin_register_events:${EVENT_HANDLE('0x1::account::CoinRegisterEvent')};` +
      `key_rotation_events:${EVENT_HANDLE('0x1::account::KeyRotationEvent')};` +
      'rotation_capability_offer:0x1::account::CapabilityOffer<0x1::account::RotationCapability>;' +
      'signer_capability_offer:0x1::account::CapabilityOffer<0x1::account::SignerCapability>',
    KeyRotation: 'account:address;old_authentication_key:vector<u8>;new_authentication_key:vector<u8>',
    KeyRotationToMultiPublicKey:
      'account:address;verified_public_key_bit_map:vector<u8>;multi_public_key_scheme:u8;multi_public_key:vector<u8>;authentication_key:vector<u8>',
    KeyRotationEvent: 'old_authentication_key:vector<u8>;new_authentication_key:vector<u8>',
    CoinRegisterEvent: 'type_info:0x1::type_info::TypeInfo',
    CoinRegister: 'account:address;type_info:0x1::type_info::TypeInfo',
    CapabilityOffer: '1|for:0x1::option::Option<address>',
    RotationCapability: 'account:address',
    SignerCapability: 'account:address',
    OriginatingAddress: 'address_map:0x1::table::Table<address,address>',
    AccountPermission: 'KeyRotation{}Offering{}',
  },
  // aptos-framework/sources/coin.move
  '0x1::coin': {
    Coin: '1|value:u64',
    AggregatableCoin: '1|value:0x1::aggregator::Aggregator',
    CoinStore:
      `1|coin:0x1::coin::Coin<T0>;frozen:bool;deposit_events:${EVENT_HANDLE('0x1::coin::DepositEvent')};` +
      `withdraw_events:${EVENT_HANDLE('0x1::coin::WithdrawEvent')}`,
    SupplyConfig: 'allow_upgrades:bool',
    CoinInfo: '1|name:0x1::string::String;symbol:0x1::string::String;decimals:u8;supply:0x1::option::Option<0x1::optional_aggregator::OptionalAggregator>',
    CoinDeposit: 'coin_type:0x1::string::String;account:address;amount:u64',
    CoinWithdraw: 'coin_type:0x1::string::String;account:address;amount:u64',
    Deposit: '1|account:address;amount:u64',
    Withdraw: '1|account:address;amount:u64',
    DepositEvent: 'amount:u64',
    WithdrawEvent: 'amount:u64',
    CoinEventHandleDeletion:
      'event_handle_creation_address:address;deleted_deposit_event_handle_creation_number:u64;deleted_withdraw_event_handle_creation_number:u64',
    CoinStoreDeletion:
      'coin_type:0x1::string::String;event_handle_creation_address:address;deleted_deposit_event_handle_creation_number:u64;deleted_withdraw_event_handle_creation_number:u64',
    PairCreation: 'coin_type:0x1::type_info::TypeInfo;fungible_asset_metadata_address:address',
    MintCapability: `1|${DUMMY}`,
    FreezeCapability: `1|${DUMMY}`,
    BurnCapability: `1|${DUMMY}`,
    CoinConversionMap: 'coin_to_fungible_asset_map:0x1::table::Table<0x1::type_info::TypeInfo,0x1::object::Object<0x1::fungible_asset::Metadata>>',
    PairedCoinType: 'type:0x1::type_info::TypeInfo',
    PairedFungibleAssetRefs:
      'mint_ref_opt:0x1::option::Option<0x1::fungible_asset::MintRef>;transfer_ref_opt:0x1::option::Option<0x1::fungible_asset::TransferRef>;burn_ref_opt:0x1::option::Option<0x1::fungible_asset::BurnRef>',
  },
  // aptos-framework/sources/aptos_coin.move
  '0x1::aptos_coin': {
    AptosCoin: DUMMY,
    MintCapStore: 'mint_cap:0x1::coin::MintCapability<0x1::aptos_coin::AptosCoin>',
    DelegatedMintCapability: 'to:address',
    Delegations: 'inner:vector<0x1::aptos_coin::DelegatedMintCapability>',
  },
  // aptos-framework/sources/fungible_asset.move
  '0x1::fungible_asset': {
    Supply: 'current:u128;maximum:0x1::option::Option<u128>',
    ConcurrentSupply: 'current:0x1::aggregator_v2::Aggregator<u128>',
    Metadata: 'name:0x1::string::String;symbol:0x1::string::String;decimals:u8;icon_uri:0x1::string::String;project_uri:0x1::string::String',
    FungibleStore: 'metadata:0x1::object::Object<0x1::fungible_asset::Metadata>;balance:u64;frozen:bool',
    ConcurrentFungibleBalance: 'balance:0x1::aggregator_v2::Aggregator<u64>',
    FungibleAsset: 'metadata:0x1::object::Object<0x1::fungible_asset::Metadata>;amount:u64',
    MintRef: 'metadata:0x1::object::Object<0x1::fungible_asset::Metadata>',
    TransferRef: 'metadata:0x1::object::Object<0x1::fungible_asset::Metadata>',
    BurnRef: 'metadata:0x1::object::Object<0x1::fungible_asset::Metadata>',
    Deposit: 'store:address;amount:u64',
    Withdraw: 'store:address;amount:u64',
    Frozen: 'store:address;frozen:bool',
    Untransferable: DUMMY,
    DispatchFunctionStore:
      'withdraw_function:0x1::option::Option<0x1::function_info::FunctionInfo>;deposit_function:0x1::option::Option<0x1::function_info::FunctionInfo>;derived_balance_function:0x1::option::Option<0x1::function_info::FunctionInfo>',
    DeriveSupply: 'dispatch_function:0x1::option::Option<0x1::function_info::FunctionInfo>',
    FungibleAssetEvents:
      `deposit_events:${EVENT_HANDLE('0x1::fungible_asset::DepositEvent')};withdraw_events:${EVENT_HANDLE('0x1::fungible_asset::WithdrawEvent')};` +
      `frozen_events:${EVENT_HANDLE('0x1::fungible_asset::FrozenEvent')}`,
    DepositEvent: 'amount:u64',
    WithdrawEvent: 'amount:u64',
    FrozenEvent: 'frozen:bool',
  },
  // aptos-framework/sources/primary_fungible_store.move
  '0x1::primary_fungible_store': { DeriveRefPod: 'metadata_derive_ref:0x1::object::DeriveRef' },
  // aptos-framework/sources/function_info.move
  '0x1::function_info': { FunctionInfo: 'module_address:address;module_name:0x1::string::String;function_name:0x1::string::String' },
  // aptos-framework/sources/object.move
  '0x1::object': {
    ObjectCore: `guid_creation_num:u64;owner:address;allow_ungated_transfer:bool;transfer_events:${EVENT_HANDLE('0x1::object::TransferEvent')}`,
    ObjectGroup: DUMMY,
    Untransferable: DUMMY,
    TombStone: 'original_owner:address',
    DeleteRef: 'self:address',
    ExtendRef: 'self:address',
    TransferRef: 'self:address',
    DeriveRef: 'self:address',
    TransferEvent: 'object:address;from:address;to:address',
    Transfer: 'object:address;from:address;to:address',
  },
  // aptos-framework/sources/transaction_fee.move
  '0x1::transaction_fee': {
    FeeStatement: 'total_charge_gas_units:u64;execution_gas_units:u64;io_gas_units:u64;storage_fee_octas:u64;storage_fee_refund_octas:u64',
    AptosCoinCapabilities: 'burn_cap:0x1::coin::BurnCapability<0x1::aptos_coin::AptosCoin>',
    AptosFABurnCapabilities: 'burn_ref:0x1::fungible_asset::BurnRef',
    AptosCoinMintCapability: 'mint_cap:0x1::coin::MintCapability<0x1::aptos_coin::AptosCoin>',
    CopyCapabilitiesOneShot: DUMMY,
  },
  // aptos-framework/sources/block.move
  '0x1::block': {
    BlockResource:
      `height:u64;epoch_interval:u64;new_block_events:${EVENT_HANDLE('0x1::block::NewBlockEvent')};` +
      `update_epoch_interval_events:${EVENT_HANDLE('0x1::block::UpdateEpochIntervalEvent')}`,
    CommitHistory: 'max_capacity:u32;next_idx:u32;table:0x1::table_with_length::TableWithLength<u32,0x1::block::NewBlockEvent>',
    NewBlockEvent:
      'hash:address;epoch:u64;round:u64;height:u64;previous_block_votes_bitvec:vector<u8>;proposer:address;failed_proposer_indices:vector<u64>;time_microseconds:u64',
    NewBlock:
      'hash:address;epoch:u64;round:u64;height:u64;previous_block_votes_bitvec:vector<u8>;proposer:address;failed_proposer_indices:vector<u64>;time_microseconds:u64',
    UpdateEpochIntervalEvent: 'old_epoch_interval:u64;new_epoch_interval:u64',
    UpdateEpochInterval: 'old_epoch_interval:u64;new_epoch_interval:u64',
  },
  // aptos-framework/sources/reconfiguration.move
  '0x1::reconfiguration': {
    Configuration: `epoch:u64;last_reconfiguration_time:u64;events:${EVENT_HANDLE('0x1::reconfiguration::NewEpochEvent')}`,
    NewEpochEvent: 'epoch:u64',
    NewEpoch: 'epoch:u64',
    DisableReconfiguration: DUMMY,
  },
  // aptos-framework/sources/timestamp.move
  '0x1::timestamp': { CurrentTimeMicroseconds: 'microseconds:u64' },
  // aptos-framework/sources/chain_id.move
  '0x1::chain_id': { ChainId: 'id:u8' },
  // aptos-framework/sources/chain_status.move
  '0x1::chain_status': { GenesisEndMarker: DUMMY },
  // move-stdlib/sources/configs/features.move
  '0x1::features': { Features: 'features:vector<u8>', PendingFeatures: 'features:vector<u8>' },
  // aptos-framework/sources/randomness.move
  '0x1::randomness': { PerBlockRandomness: 'epoch:u64;round:u64;seed:0x1::option::Option<vector<u8>>', RandomnessGeneratedEvent: DUMMY },
  // aptos-framework/sources/state_storage.move
  '0x1::state_storage': { StateStorageUsage: 'epoch:u64;usage:0x1::state_storage::Usage', Usage: 'items:u64;bytes:u64', GasParameter: 'usage:0x1::state_storage::Usage' },
  // aptos-framework/sources/guid.move, event.move
  '0x1::guid': { GUID: 'id:0x1::guid::ID', ID: 'creation_num:u64;addr:address' },
  '0x1::event': { EventHandle: '1|counter:u64;guid:0x1::guid::GUID' },
  // aptos-stdlib/sources/type_info.move, table.move, table_with_length.move, simple_map.move,
  // data_structures/smart_table.move, pool_u64_unbound.move, copyable_any.move, any.move
  '0x1::type_info': { TypeInfo: 'account_address:address;module_name:vector<u8>;struct_name:vector<u8>' },
  '0x1::table': { Table: '2|handle:address', Box: '1|val:T0' },
  '0x1::table_with_length': { TableWithLength: '2|inner:0x1::table::Table<T0,T1>;length:u64' },
  '0x1::simple_map': { SimpleMap: '2|data:vector<0x1::simple_map::Element<T0,T1>>', Element: '2|key:T0;value:T1' },
  '0x1::smart_table': {
    SmartTable:
      '2|buckets:0x1::table_with_length::TableWithLength<u64,vector<0x1::smart_table::Entry<T0,T1>>>;num_buckets:u64;level:u8;size:u64;split_load_threshold:u8;target_bucket_size:u64',
    Entry: '2|hash:u64;key:T0;value:T1',
  },
  '0x1::pool_u64_unbound': { Pool: 'total_coins:u64;total_shares:u128;shares:0x1::table_with_length::TableWithLength<address,u128>;scaling_factor:u64' },
  '0x1::pool_u64': {
    Pool: 'shareholders_limit:u64;total_coins:u64;total_shares:u64;shares:0x1::simple_map::SimpleMap<address,u64>;shareholders:vector<address>;scaling_factor:u64',
  },
  '0x1::copyable_any': { Any: 'type_name:0x1::string::String;data:vector<u8>' },
  '0x1::any': { Any: 'type_name:0x1::string::String;data:vector<u8>' },
  // aptos-framework/sources/aggregator/aggregator.move, optional_aggregator.move, aggregator_factory.move,
  // aggregator_v2/aggregator_v2.move
  '0x1::aggregator': { Aggregator: 'handle:address;key:address;limit:u128' },
  '0x1::optional_aggregator': {
    OptionalAggregator: 'aggregator:0x1::option::Option<0x1::aggregator::Aggregator>;integer:0x1::option::Option<0x1::optional_aggregator::Integer>',
    Integer: 'value:u128;limit:u128',
  },
  '0x1::aggregator_factory': { AggregatorFactory: 'phantom_table:0x1::table::Table<address,u128>' },
  '0x1::aggregator_v2': {
    Aggregator: '1|value:T0;max_value:T0',
    AggregatorSnapshot: '1|value:T0',
    DerivedStringSnapshot: 'value:0x1::string::String;padding:vector<u8>',
  },
  // aptos-framework/sources/code.move
  '0x1::code': {
    PackageRegistry: 'packages:vector<0x1::code::PackageMetadata>',
    PackageMetadata:
      'name:0x1::string::String;upgrade_policy:0x1::code::UpgradePolicy;upgrade_number:u64;source_digest:0x1::string::String;manifest:vector<u8>;' +
      'modules:vector<0x1::code::ModuleMetadata>;deps:vector<0x1::code::PackageDep>;extension:0x1::option::Option<0x1::copyable_any::Any>',
    PackageDep: 'account:address;package_name:0x1::string::String',
    ModuleMetadata: 'name:0x1::string::String;source:vector<u8>;source_map:vector<u8>;extension:0x1::option::Option<0x1::copyable_any::Any>',
    UpgradePolicy: 'policy:u8',
    AllowedDep: 'account:address;module_name:0x1::string::String',
    PublishPackage: 'code_address:address;is_upgrade:bool',
  },
  // aptos-framework/sources/stake.move (the #[event] structs carry the fields of their *Event handle structs)
  '0x1::stake': {
    OwnerCapability: 'pool_address:address',
    StakePool:
      'active:0x1::coin::Coin<0x1::aptos_coin::AptosCoin>;inactive:0x1::coin::Coin<0x1::aptos_coin::AptosCoin>;' +
      'pending_active:0x1::coin::Coin<0x1::aptos_coin::AptosCoin>;pending_inactive:0x1::coin::Coin<0x1::aptos_coin::AptosCoin>;' +
      'locked_until_secs:u64;operator_address:address;delegated_voter:address;' +
      ['initialize_validator_events:RegisterValidatorCandidateEvent', 'set_operator_events:SetOperatorEvent', 'add_stake_events:AddStakeEvent',
        'reactivate_stake_events:ReactivateStakeEvent', 'rotate_consensus_key_events:RotateConsensusKeyEvent',
        'update_network_and_fullnode_addresses_events:UpdateNetworkAndFullnodeAddressesEvent', 'increase_lockup_events:IncreaseLockupEvent',
        'join_validator_set_events:JoinValidatorSetEvent', 'distribute_rewards_events:DistributeRewardsEvent', 'unlock_stake_events:UnlockStakeEvent',
        'withdraw_stake_events:WithdrawStakeEvent', 'leave_validator_set_events:LeaveValidatorSetEvent']
        .map((f) => f.replace(':', `:0x1::event::EventHandle<0x1::stake::`) + '>')
        .join(';'),
    ValidatorConfig: 'consensus_pubkey:vector<u8>;network_addresses:vector<u8>;fullnode_addresses:vector<u8>;validator_index:u64',
    ValidatorInfo: 'addr:address;voting_power:u64;config:0x1::stake::ValidatorConfig',
    ValidatorSet:
      'consensus_scheme:u8;active_validators:vector<0x1::stake::ValidatorInfo>;pending_inactive:vector<0x1::stake::ValidatorInfo>;' +
      'pending_active:vector<0x1::stake::ValidatorInfo>;total_voting_power:u128;total_joining_power:u128',
    AptosCoinCapabilities: 'mint_cap:0x1::coin::MintCapability<0x1::aptos_coin::AptosCoin>',
    IndividualValidatorPerformance: 'successful_proposals:u64;failed_proposals:u64',
    ValidatorPerformance: 'validators:vector<0x1::stake::IndividualValidatorPerformance>',
    AllowedValidators: 'accounts:vector<address>',
    ...eventPairs({
      RegisterValidatorCandidate: 'pool_address:address',
      SetOperator: 'pool_address:address;old_operator:address;new_operator:address',
      AddStake: 'pool_address:address;amount_added:u64',
      ReactivateStake: 'pool_address:address;amount:u64',
      RotateConsensusKey: 'pool_address:address;old_consensus_pubkey:vector<u8>;new_consensus_pubkey:vector<u8>',
      UpdateNetworkAndFullnodeAddresses:
        'pool_address:address;old_network_addresses:vector<u8>;new_network_addresses:vector<u8>;old_fullnode_addresses:vector<u8>;new_fullnode_addresses:vector<u8>',
      IncreaseLockup: 'pool_address:address;old_locked_until_secs:u64;new_locked_until_secs:u64',
      JoinValidatorSet: 'pool_address:address',
      DistributeRewards: 'pool_address:address;rewards_amount:u64',
      UnlockStake: 'pool_address:address;amount_unlocked:u64',
      WithdrawStake: 'pool_address:address;amount_withdrawn:u64',
      LeaveValidatorSet: 'pool_address:address',
    }),
  },
  // aptos-framework/sources/staking_contract.move (the #[event] structs carry their *Event structs' fields)
  '0x1::staking_contract': {
    StakingContract:
      'principal:u64;pool_address:address;owner_cap:0x1::stake::OwnerCapability;commission_percentage:u64;distribution_pool:0x1::pool_u64::Pool;signer_cap:0x1::account::SignerCapability',
    Store:
      'staking_contracts:0x1::simple_map::SimpleMap<address,0x1::staking_contract::StakingContract>;' +
      ['create_staking_contract_events:CreateStakingContractEvent', 'update_voter_events:UpdateVoterEvent', 'reset_lockup_events:ResetLockupEvent',
        'add_stake_events:AddStakeEvent', 'request_commission_events:RequestCommissionEvent', 'unlock_stake_events:UnlockStakeEvent',
        'switch_operator_events:SwitchOperatorEvent', 'add_distribution_events:AddDistributionEvent', 'distribute_events:DistributeEvent']
        .map((f) => f.replace(':', ':0x1::event::EventHandle<0x1::staking_contract::') + '>')
        .join(';'),
    BeneficiaryForOperator: 'beneficiary_for_operator:address',
    ...eventPairs({
      CreateStakingContract: 'operator:address;voter:address;pool_address:address;principal:u64;commission_percentage:u64',
      UpdateVoter: 'operator:address;pool_address:address;old_voter:address;new_voter:address',
      ResetLockup: 'operator:address;pool_address:address',
      AddStake: 'operator:address;pool_address:address;amount:u64',
      RequestCommission: 'operator:address;pool_address:address;accumulated_rewards:u64;commission_amount:u64',
      UnlockStake: 'operator:address;pool_address:address;amount:u64;commission_paid:u64',
      SwitchOperator: 'old_operator:address;new_operator:address;pool_address:address',
      AddDistribution: 'operator:address;pool_address:address;amount:u64',
      Distribute: 'operator:address;pool_address:address;recipient:address;amount:u64',
    }),
  },
  // aptos-framework/sources/delegation_pool.move
  '0x1::delegation_pool': {
    DelegationPoolOwnership: 'pool_address:address',
    ObservedLockupCycle: 'index:u64',
    DelegationPool:
      'active_shares:0x1::pool_u64_unbound::Pool;observed_lockup_cycle:0x1::delegation_pool::ObservedLockupCycle;' +
      'inactive_shares:0x1::table::Table<0x1::delegation_pool::ObservedLockupCycle,0x1::pool_u64_unbound::Pool>;' +
      'pending_withdrawals:0x1::table::Table<address,0x1::delegation_pool::ObservedLockupCycle>;stake_pool_signer_cap:0x1::account::SignerCapability;' +
      'total_coins_inactive:u64;operator_commission_percentage:u64;' +
      ['add_stake_events:AddStakeEvent', 'reactivate_stake_events:ReactivateStakeEvent', 'unlock_stake_events:UnlockStakeEvent',
        'withdraw_stake_events:WithdrawStakeEvent', 'distribute_commission_events:DistributeCommissionEvent']
        .map((f) => f.replace(':', ':0x1::event::EventHandle<0x1::delegation_pool::') + '>')
        .join(';'),
    VotingRecordKey: 'voter:address;proposal_id:u64',
    VoteDelegation: 'voter:address;pending_voter:address;last_locked_until_secs:u64',
    DelegatedVotes: 'active_shares:u128;pending_inactive_shares:u128;active_shares_next_lockup:u128;last_locked_until_secs:u64',
    GovernanceRecords:
      'votes:0x1::smart_table::SmartTable<0x1::delegation_pool::VotingRecordKey,u64>;votes_per_proposal:0x1::smart_table::SmartTable<u64,u64>;' +
      'vote_delegation:0x1::smart_table::SmartTable<address,0x1::delegation_pool::VoteDelegation>;' +
      'delegated_votes:0x1::smart_table::SmartTable<address,0x1::delegation_pool::DelegatedVotes>;' +
      `vote_events:${EVENT_HANDLE('0x1::delegation_pool::VoteEvent')};create_proposal_events:${EVENT_HANDLE('0x1::delegation_pool::CreateProposalEvent')};` +
      `delegate_voting_power_events:${EVENT_HANDLE('0x1::delegation_pool::DelegateVotingPowerEvent')}`,
    BeneficiaryForOperator: 'beneficiary_for_operator:address',
    NextCommissionPercentage: 'commission_percentage_next_lockup_cycle:u64;effective_after_secs:u64',
    DelegationPermission: 'DelegationPoolManagementPermission{}StakeManagementPermission{}',
    DelegationPoolAllowlisting: 'allowlist:0x1::smart_table::SmartTable<address,bool>',
    ...eventPairs({
      AddStake: 'pool_address:address;delegator_address:address;amount_added:u64;add_stake_fee:u64',
      ReactivateStake: 'pool_address:address;delegator_address:address;amount_reactivated:u64',
      UnlockStake: 'pool_address:address;delegator_address:address;amount_unlocked:u64',
      WithdrawStake: 'pool_address:address;delegator_address:address;amount_withdrawn:u64',
      Vote: 'voter:address;proposal_id:u64;delegation_pool:address;num_votes:u64;should_pass:bool',
      CreateProposal: 'proposal_id:u64;voter:address;delegation_pool:address',
      DelegateVotingPower: 'pool_address:address;delegator:address;voter:address',
    }),
    DistributeCommissionEvent: 'pool_address:address;operator:address;commission_active:u64;commission_pending_inactive:u64',
    DistributeCommission: 'pool_address:address;operator:address;beneficiary:address;commission_active:u64;commission_pending_inactive:u64',
    SetBeneficiaryForOperator: 'operator:address;old_beneficiary:address;new_beneficiary:address',
    CommissionPercentageChange: 'pool_address:address;owner:address;commission_percentage_next_lockup_cycle:u64',
    EnableDelegatorsAllowlisting: 'pool_address:address',
    DisableDelegatorsAllowlisting: 'pool_address:address',
    AllowlistDelegator: 'pool_address:address;delegator_address:address',
    RemoveDelegatorFromAllowlist: 'pool_address:address;delegator_address:address',
    EvictDelegator: 'pool_address:address;delegator_address:address',
  },
  // aptos-framework/sources/multisig_account.move
  '0x1::multisig_account': {
    MultisigAccount:
      'owners:vector<address>;num_signatures_required:u64;transactions:0x1::table::Table<u64,0x1::multisig_account::MultisigTransaction>;' +
      'last_executed_sequence_number:u64;next_sequence_number:u64;signer_cap:0x1::option::Option<0x1::account::SignerCapability>;' +
      'metadata:0x1::simple_map::SimpleMap<0x1::string::String,vector<u8>>;' +
      ['add_owners_events:AddOwnersEvent', 'remove_owners_events:RemoveOwnersEvent', 'update_signature_required_events:UpdateSignaturesRequiredEvent',
        'create_transaction_events:CreateTransactionEvent', 'vote_events:VoteEvent', 'execute_rejected_transaction_events:ExecuteRejectedTransactionEvent',
        'execute_transaction_events:TransactionExecutionSucceededEvent', 'transaction_execution_failed_events:TransactionExecutionFailedEvent',
        'metadata_updated_events:MetadataUpdatedEvent']
        .map((f) => f.replace(':', ':0x1::event::EventHandle<0x1::multisig_account::') + '>')
        .join(';'),
    MultisigTransaction:
      'payload:0x1::option::Option<vector<u8>>;payload_hash:0x1::option::Option<vector<u8>>;votes:0x1::simple_map::SimpleMap<address,bool>;creator:address;creation_time_secs:u64',
    ExecutionError: 'abort_location:0x1::string::String;error_type:0x1::string::String;error_code:u64',
    AddOwnersEvent: 'owners_added:vector<address>',
    AddOwners: 'multisig_account:address;owners_added:vector<address>',
    RemoveOwnersEvent: 'owners_removed:vector<address>',
    RemoveOwners: 'multisig_account:address;owners_removed:vector<address>',
    UpdateSignaturesRequiredEvent: 'old_num_signatures_required:u64;new_num_signatures_required:u64',
    UpdateSignaturesRequired: 'multisig_account:address;old_num_signatures_required:u64;new_num_signatures_required:u64',
    CreateTransactionEvent: 'creator:address;sequence_number:u64;transaction:0x1::multisig_account::MultisigTransaction',
    CreateTransaction: 'multisig_account:address;creator:address;sequence_number:u64;transaction:0x1::multisig_account::MultisigTransaction',
    VoteEvent: 'owner:address;sequence_number:u64;approved:bool',
    Vote: 'multisig_account:address;owner:address;sequence_number:u64;approved:bool',
    ExecuteRejectedTransactionEvent: 'sequence_number:u64;num_rejections:u64;executor:address',
    ExecuteRejectedTransaction: 'multisig_account:address;sequence_number:u64;num_rejections:u64;executor:address',
    TransactionExecutionSucceededEvent: 'executor:address;sequence_number:u64;transaction_payload:vector<u8>;num_approvals:u64',
    TransactionExecutionSucceeded: 'multisig_account:address;executor:address;sequence_number:u64;transaction_payload:vector<u8>;num_approvals:u64',
    TransactionExecutionFailedEvent:
      'executor:address;sequence_number:u64;transaction_payload:vector<u8>;num_approvals:u64;execution_error:0x1::multisig_account::ExecutionError',
    TransactionExecutionFailed:
      'multisig_account:address;executor:address;sequence_number:u64;transaction_payload:vector<u8>;num_approvals:u64;execution_error:0x1::multisig_account::ExecutionError',
    MetadataUpdatedEvent:
      'old_metadata:0x1::simple_map::SimpleMap<0x1::string::String,vector<u8>>;new_metadata:0x1::simple_map::SimpleMap<0x1::string::String,vector<u8>>',
    MetadataUpdated:
      'multisig_account:address;old_metadata:0x1::simple_map::SimpleMap<0x1::string::String,vector<u8>>;new_metadata:0x1::simple_map::SimpleMap<0x1::string::String,vector<u8>>',
  },
  // aptos-token-objects/sources/token.move
  '0x4::token': {
    Token:
      'collection:0x1::object::Object<0x4::collection::Collection>;index:u64;description:0x1::string::String;name:0x1::string::String;' +
      `uri:0x1::string::String;mutation_events:${EVENT_HANDLE('0x4::token::MutationEvent')}`,
    TokenIdentifiers: 'index:0x1::aggregator_v2::AggregatorSnapshot<u64>;name:0x1::aggregator_v2::DerivedStringSnapshot',
    ConcurrentTokenIdentifiers: 'index:0x1::aggregator_v2::AggregatorSnapshot<u64>;name:0x1::aggregator_v2::AggregatorSnapshot<0x1::string::String>',
    MutationEvent: 'mutated_field_name:0x1::string::String;old_value:0x1::string::String;new_value:0x1::string::String',
    Mutation: 'token_address:address;mutated_field_name:0x1::string::String;old_value:0x1::string::String;new_value:0x1::string::String',
  },
  // aptos-token-objects/sources/collection.move
  '0x4::collection': {
    Collection:
      'creator:address;description:0x1::string::String;name:0x1::string::String;uri:0x1::string::String;' +
      `mutation_events:${EVENT_HANDLE('0x4::collection::MutationEvent')}`,
    MutationEvent: 'mutated_field_name:0x1::string::String',
    Mutation: 'mutated_field_name:0x1::string::String;collection:0x1::object::Object<0x4::collection::Collection>;old_value:0x1::string::String;new_value:0x1::string::String',
    FixedSupply:
      `current_supply:u64;max_supply:u64;total_minted:u64;burn_events:${EVENT_HANDLE('0x4::collection::BurnEvent')};mint_events:${EVENT_HANDLE('0x4::collection::MintEvent')}`,
    UnlimitedSupply: `current_supply:u64;total_minted:u64;burn_events:${EVENT_HANDLE('0x4::collection::BurnEvent')};mint_events:${EVENT_HANDLE('0x4::collection::MintEvent')}`,
    ConcurrentSupply: 'current_supply:0x1::aggregator_v2::Aggregator<u64>;total_minted:0x1::aggregator_v2::Aggregator<u64>',
    BurnEvent: 'index:u64;token:address',
    MintEvent: 'index:u64;token:address',
    Burn: 'collection:address;index:u64;token:address;previous_owner:address',
    Mint: 'collection:address;index:0x1::aggregator_v2::AggregatorSnapshot<u64>;token:address',
    ConcurrentBurnEvent: 'collection_addr:address;index:u64;token:address',
    ConcurrentMintEvent: 'collection_addr:address;index:0x1::aggregator_v2::AggregatorSnapshot<u64>;token:address',
    SetMaxSupply: 'collection:0x1::object::Object<0x4::collection::Collection>;old_max_supply:u64;new_max_supply:u64',
  },
  // aptos-token-objects/sources/royalty.move, property_map.move
  '0x4::royalty': { Royalty: 'numerator:u64;denominator:u64;payee_address:address' },
  '0x4::property_map': { PropertyMap: 'inner:0x1::simple_map::SimpleMap<0x1::string::String,0x4::property_map::PropertyValue>', PropertyValue: 'type:u8;value:vector<u8>' },
}))();

/** A module event and the handle event it replaced, which carry the same fields (`AddStake`, `AddStakeEvent`). */
function eventPairs(pairs: Record<string, string>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, fields] of Object.entries(pairs)) {
    out[name] = fields;
    out[`${name}Event`] = fields;
  }
  return out;
}
