// Struct layouts of the 0x1 (aptos-framework, aptos-stdlib, move-stdlib), 0x3 (aptos-token) and 0x4
// (aptos-token-objects) resources and events an ordinary transaction touches, written from aptos-core
// aptos-move/framework/<package>/sources/<file>.move (each module names its file). Move's upgrade
// rules keep a published struct's layout fixed, so these hold for every version of a module that
// has the struct. An empty struct (`struct S {}`) compiles to one field, `dummy_field: bool`.
// Format (see framework-layouts.ts): `[N|]field:type;field:type` (N generic parameters), or for a
// Move 2 enum `[N|]Variant{field:type;…}Variant{…}`. `0x1::string::String`, `0x1::option::Option`
// and `0x1::object::Object` are built into the layout compiler.

const DUMMY = 'dummy_field:bool';
export const EVENT_HANDLE = (t: string) => `0x1::event::EventHandle<${t}>`;

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
}))();

/** A module event and the handle event it replaced, which carry the same fields (`AddStake`, `AddStakeEvent`). */
export function eventPairs(pairs: Record<string, string>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, fields] of Object.entries(pairs)) {
    out[name] = fields;
    out[`${name}Event`] = fields;
  }
  return out;
}
