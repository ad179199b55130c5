import { addressBytes, BcsReader, BcsWriter, normalizeAddress, utf8Encode, writeU64, type Address } from '../../bcs/index.js';
import { objectAddress } from '../../hash/internal.js';
import { coinStoreKeyTail, keyAt, leadingU64, objectGroupKey } from '../../ledger/internal.js';
import { formatStructTag, parseStructTag, structTag, type StructTag } from '../../move/index.js';
import { addressProblem, apiAddressText } from '../../submission/internal.js';
import type { MaybeReply } from '../exchange.js';
import { after, bcsReply, jsonReply } from '../responses.js';
import { accept, arg, argError, argText, type SpecOf } from '../params.js';
import { derivedFrom, internal, lookupVersion, remember, type EndpointContext, type ParsedAsset } from './context.js';

// GET /accounts/{address}/balance/{asset_type}[?ledger_version] (api/src/accounts.rs `balance`):
// for a coin type, its `CoinStore<T>` value plus the paired fungible asset's primary store; for a
// fungible-asset metadata address, that primary store alone. The store's `FungibleStore.balance`
// counts, or when it is 0 the `ConcurrentFungibleBalance` beside it. Missing stores count 0.

const APT_METADATA = '0x000000000000000000000000000000000000000000000000000000000000000a';
const APTOS_COIN = '0x1::aptos_coin::AptosCoin';
/** object.rs `OBJECT_FROM_SEED_ADDRESS_SCHEME` and the derived-object scheme of primary stores. */
const OBJECT_SEED = 0xfe;
const PRIMARY_STORE = 0xfc;

type BalanceContext = EndpointContext<SpecOf<'balance'>>;

/** api/types/src/account.rs `AssetType::from_str`: an address, else a struct tag (its error). */
function parseAsset(ctx: BalanceContext, raw: string): ParsedAsset {
  // ':' is no hex digit: a struct tag is never an address, so the address parse is skipped for it.
  if (!raw.includes(':')) {
    try {
      return { coinStoreTail: undefined, metadata: normalizeAddress(apiAddressText(raw)) };
    } catch {
      // Not an address: a coin's struct tag.
    }
  }
  let tag: StructTag;
  try {
    tag = parseStructTag(raw);
  } catch (e) {
    const reason = raw.includes('::') ? (e as Error).message : `Invalid account address: ${addressProblem(raw)}`;
    throw argError(ctx, 'asset_type', reason);
  }
  return { coinStoreTail: coinStoreKeyTail(tag), metadata: pairedMetadata(tag) };
}

/** sdk `get_paired_fa_metadata_address`: 0xa for AptosCoin, else sha3(0xa ‖ coin type ‖ 0xFE). */
function pairedMetadata(tag: StructTag): Address {
  const name = formatStructTag(tag, 'canonical');
  if (name === APTOS_COIN) return APT_METADATA;
  return objectAddress(APT_METADATA, utf8Encode(name), OBJECT_SEED);
}

/** sdk `get_paired_fa_primary_store_address`: sha3(owner ‖ metadata ‖ 0xFC). */
function primaryStoreAddress(owner: Address, metadata: Address): Address {
  return objectAddress(owner, addressBytes(metadata), PRIMARY_STORE);
}

// Parsing an asset type and deriving a store address cost a parse and a sha3 each: the handler's
// memo keeps them and the state keys, as balances are mostly asked of the same assets and owners again.
export function balance(ctx: BalanceContext): MaybeReply {
  const kind = accept(ctx);
  // One lookup for what the path parameters give: the two state keys (a store address costs a
  // sha3). Keyed by the parameters as sent, which cannot hold the '/' between them.
  const keys = remember(ctx.memo.balances, `${ctx.params.address}/${ctx.params.asset_type}`, () => {
    const owner = arg(ctx, 'address');
    const rawAsset = argText(ctx, 'asset_type');
    const asset = remember(ctx.memo.assets, rawAsset, () => parseAsset(ctx, rawAsset));
    return {
      coinStore: asset.coinStoreTail === undefined ? undefined : keyAt(asset.coinStoreTail, owner),
      primaryStore: objectGroupKey(primaryStoreAddress(owner, asset.metadata)),
    };
  });
  const version = lookupVersion(ctx.info, arg(ctx, 'ledger_version'));
  const coinStore = keys.coinStore === undefined ? undefined : ctx.source.stateValue(keys.coinStore, version);
  return after(coinStore, (store) =>
    after(ctx.source.stateValue(keys.primaryStore, version), (group) => {
      // CoinStoreResourceUntyped { coin: u64, .. }: the coin's value leads.
      let total = store === undefined ? 0n : storedBalance(store);
      if (group !== undefined) total += derivedFrom(ctx.memo.storeBalance, group, fungibleBalance);
      if (kind === 'json') return jsonReply(200, total.toString(), ctx.headers);
      const w = new BcsWriter(8);
      writeU64(w, total);
      return bcsReply(w.toBytes(), ctx.headers);
    }),
  );
}

/** A stored balance's leading u64 (ledger's `leadingU64`); a store shorter than that is the ledger's fault. */
function storedBalance(bytes: Uint8Array): bigint {
  if (bytes.length < 8) throw internal();
  return leadingU64(bytes);
}

/**
 * The primary store's balance out of its `ObjectGroup` (BTreeMap<StructTag, bytes>): a group that
 * does not decode counts 0, as the node's `if let Ok(..)` does; a store that does not is an error.
 */
function fungibleBalance(group: Uint8Array): bigint {
  let store: Uint8Array | undefined;
  let concurrent: Uint8Array | undefined;
  try {
    const r = new BcsReader(group, { zeroCopy: true });
    const n = r.length(1);
    for (let i = 0; i < n; i++) {
      const tag = readTagName(r);
      const value = r.bytes();
      if (tag === '0x1::fungible_asset::FungibleStore') store = value;
      else if (tag === '0x1::fungible_asset::ConcurrentFungibleBalance') concurrent = value;
    }
    if (r.remaining !== 0) return 0n;
  } catch {
    return 0n;
  }
  if (store === undefined) return 0n;
  // FungibleStore { metadata: Object<Metadata>, balance: u64, frozen: bool }.
  if (store.length !== 32 + 8 + 1) throw internal();
  const balance = new DataView(store.buffer, store.byteOffset + 32, 8).getBigUint64(0, true);
  if (balance !== 0n || concurrent === undefined) return balance;
  // ConcurrentFungibleBalance { balance: Aggregator<u64> { value: u64, max_value: u64 } }.
  if (concurrent.length !== 16) throw internal();
  return new DataView(concurrent.buffer, concurrent.byteOffset, 8).getBigUint64(0, true);
}

const FRAMEWORK = '0x0000000000000000000000000000000000000000000000000000000000000001';

/** A struct tag as `0x1::module::Name` when it is a framework struct without type arguments, else ''. */
function readTagName(r: BcsReader): string {
  const t = structTag.read(r);
  return t.address === FRAMEWORK && t.typeArgs.length === 0 ? `0x1::${t.module}::${t.name}` : '';
}
