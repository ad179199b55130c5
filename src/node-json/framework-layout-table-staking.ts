// Struct layouts of staking, delegation, multisig and token objects (0x1 stake, staking_contract,
// delegation_pool, multisig_account; 0x3 token v1 and property_map; 0x4 token, collection, royalty,
// property_map), written from
// aptos-core aptos-move/framework/<package>/sources/<file>.move, in the format of
// framework-layout-table.ts. Kept apart from the core table only to keep files small.
import { EVENT_HANDLE, eventPairs } from './framework-layout-table.js';

export const STAKING_AND_TOKEN_LAYOUTS: Readonly<Record<string, Readonly<Record<string, string>>>> = /* @__PURE__ */ (() => ({
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
  // aptos-token/sources/token.move, property_map.move (token v1; the handle events only)
  '0x3::token': {
    TokenStore:
      `tokens:0x1::table::Table<0x3::token::TokenId,0x3::token::Token>;direct_transfer:bool;deposit_events:${EVENT_HANDLE('0x3::token::DepositEvent')};` +
      `withdraw_events:${EVENT_HANDLE('0x3::token::WithdrawEvent')};burn_events:${EVENT_HANDLE('0x3::token::BurnTokenEvent')};` +
      `mutate_token_property_events:${EVENT_HANDLE('0x3::token::MutateTokenPropertyMapEvent')}`,
    Collections:
      'collection_data:0x1::table::Table<0x1::string::String,0x3::token::CollectionData>;token_data:0x1::table::Table<0x3::token::TokenDataId,0x3::token::TokenData>;' +
      `create_collection_events:${EVENT_HANDLE('0x3::token::CreateCollectionEvent')};create_token_data_events:${EVENT_HANDLE('0x3::token::CreateTokenDataEvent')};` +
      `mint_token_events:${EVENT_HANDLE('0x3::token::MintTokenEvent')}`,
    CollectionData:
      'description:0x1::string::String;name:0x1::string::String;uri:0x1::string::String;supply:u64;maximum:u64;mutability_config:0x3::token::CollectionMutabilityConfig',
    CollectionMutabilityConfig: 'description:bool;uri:bool;maximum:bool',
    TokenData:
      'maximum:u64;largest_property_version:u64;supply:u64;uri:0x1::string::String;royalty:0x3::token::Royalty;name:0x1::string::String;' +
      'description:0x1::string::String;default_properties:0x3::property_map::PropertyMap;mutability_config:0x3::token::TokenMutabilityConfig',
    TokenMutabilityConfig: 'maximum:bool;uri:bool;royalty:bool;description:bool;properties:bool',
    Royalty: 'royalty_points_numerator:u64;royalty_points_denominator:u64;payee_address:address',
    Token: 'id:0x3::token::TokenId;amount:u64;token_properties:0x3::property_map::PropertyMap',
    TokenId: 'token_data_id:0x3::token::TokenDataId;property_version:u64',
    TokenDataId: 'creator:address;collection:0x1::string::String;name:0x1::string::String',
    WithdrawCapability: 'token_owner:address;token_id:0x3::token::TokenId;amount:u64;expiration_sec:u64',
    DepositEvent: 'id:0x3::token::TokenId;amount:u64',
    WithdrawEvent: 'id:0x3::token::TokenId;amount:u64',
    BurnTokenEvent: 'id:0x3::token::TokenId;amount:u64',
    MintTokenEvent: 'id:0x3::token::TokenDataId;amount:u64',
    CreateCollectionEvent: 'creator:address;collection_name:0x1::string::String;uri:0x1::string::String;description:0x1::string::String;maximum:u64',
    CreateTokenDataEvent:
      'id:0x3::token::TokenDataId;description:0x1::string::String;maximum:u64;uri:0x1::string::String;royalty_payee_address:address;' +
      'royalty_points_denominator:u64;royalty_points_numerator:u64;name:0x1::string::String;mutability_config:0x3::token::TokenMutabilityConfig;' +
      'property_keys:vector<0x1::string::String>;property_values:vector<vector<u8>>;property_types:vector<0x1::string::String>',
    MutateTokenPropertyMapEvent:
      'old_id:0x3::token::TokenId;new_id:0x3::token::TokenId;keys:vector<0x1::string::String>;values:vector<vector<u8>>;types:vector<0x1::string::String>',
  },
  '0x3::property_map': {
    PropertyMap: 'map:0x1::simple_map::SimpleMap<0x1::string::String,0x3::property_map::PropertyValue>',
    PropertyValue: 'value:vector<u8>;type:0x1::string::String',
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
