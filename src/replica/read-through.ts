import type { Address } from '../bcs/index.js';
import { encodedMapBytes } from '../bcs/internal.js';
import { isLedgerApiError, type LedgerClient } from '../client/index.js';
import type { IngestingLedger, LedgerSource, LedgerSummary } from '../ledger/index.js';
import { formatStructTag, structTag, type StructTag } from '../move/index.js';
import { CONFIGURATION_KEY, leadingU64 } from '../ledger/internal.js';
import { stateKey } from '../records/index.js';
import { accessPath } from '../records/internal.js';
import { UpstreamStateCache } from './upstream-state-cache.js';

// The replica's ledger source: the memory ledger it ingests into, and beneath it the upstream for
// state older than the ledger's first block. A key the ledger has never seen written has, at every
// version the replica holds, the value it had before the replica started; that value is read once from
// the upstream (GET /accounts/{a}/resource/{type} in BCS, api/src/state.rs `get_account_resource`)
// pinned at the replica's latest version (the key is untouched up to there, so the answer is the same,
// and the latest is the version the upstream is least likely to have pruned) and cached by key.

/** Members of `0x1::object::ObjectGroup` read through when a group is (types/src/account_config). */
const GROUP_MEMBERS = [
  ['object', 'ObjectCore'],
  ['object', 'Untransferable'],
  ['fungible_asset', 'FungibleStore'],
  ['fungible_asset', 'ConcurrentFungibleBalance'],
  ['fungible_asset', 'Metadata'],
  ['fungible_asset', 'Supply'],
  ['fungible_asset', 'ConcurrentSupply'],
] as const;

const FRAMEWORK = '0x0000000000000000000000000000000000000000000000000000000000000001' as Address;
/** Read-through requests in flight at most; more wait their turn. */
const MAX_IN_FLIGHT = 16;


export interface ReadThroughOptions {
  ledger: IngestingLedger;
  client: LedgerClient;
  /** Reads through only when the ledger does not start at genesis (its first version > 0). */
  firstVersion: bigint;
  /** Keys cached (default 100 000); a value is a view of the upstream's answer. */
  cacheEntries?: number;
}

export interface ReadThroughSource extends LedgerSource {
  /** Read-through requests sent so far (cache misses). */
  readonly upstreamReads: number;
  /** Reads what the ledger info needs from before the ledger (the epoch); call before serving. */
  prime(): Promise<void>;
}

/** Thrown for what the upstream cannot be asked for (a raw state key, an account listing): the handler answers 500. */
export class ReadThroughUnsupported extends Error {
  static override readonly name = 'ReadThroughUnsupported'; // survives minified builds
  override readonly name = 'ReadThroughUnsupported';
}

export function readThroughSource(o: ReadThroughOptions): ReadThroughSource {
  const { ledger, client } = o;
  const cache = new UpstreamStateCache(o.cacheEntries ?? 100_000);
  let reads = 0;
  let inFlight = 0;
  const waiting: (() => void)[] = [];
  let epoch: bigint | undefined;
  let infoFor: LedgerSummary | undefined;
  let info: LedgerSummary | undefined;

  /** One read through a client call that answers 404 for a missing value, in the shared slots. */
  async function fetchBytes(read: () => Promise<{ data: Uint8Array }>): Promise<Uint8Array | undefined> {
    reads++;
    // A slot is handed from a finished request to the next waiting one.
    if (inFlight >= MAX_IN_FLIGHT) await new Promise<void>((r) => waiting.push(r));
    else inFlight++;
    try {
      return (await read()).data;
    } catch (e) {
      if (isLedgerApiError(e) && e.status === 404) return undefined;
      throw e;
    } finally {
      const next = waiting.shift();
      if (next !== undefined) next();
      else inFlight--;
    }
  }

  /** A resource in BCS: GET /accounts/{a}/resource/{type} (state.rs `get_account_resource`). */
  function fetchResource(address: Address, tag: string, version: bigint): Promise<Uint8Array | undefined> {
    return fetchBytes(() => client.getAccountResource(address, tag, { ledgerVersion: version }) as Promise<{ data: Uint8Array }>);
  }

  async function fetchGroup(address: Address, version: bigint): Promise<Uint8Array | undefined> {
    const found = await Promise.all(
      GROUP_MEMBERS.map(async ([module, name]) => {
        const tag: StructTag = { address: FRAMEWORK, module, name, typeArgs: [] };
        const value = await fetchResource(address, formatStructTag(tag), version);
        return value === undefined ? undefined : ([structTag.encode(tag), value] as const);
      }),
    );
    const members = found.filter((m) => m !== undefined);
    if (members.length === 0) return undefined;
    // BTreeMap<StructTag, Vec<u8>> as BCS writes a map: entries by their encoded keys' bytes (the
    // length of a module's name first, so `object` before `fungible_asset`), not the key's Ord.
    return encodedMapBytes(members.map(([k, v]) => [k, v]));
  }

  function fetchKey(key: Uint8Array, version: bigint): Promise<Uint8Array | undefined> {
    const k = stateKey.schema.decode(key);
    // A table item: POST /tables/{handle}/raw_item (api/src/state.rs `get_raw_table_item`).
    if (k.$kind === 'TableItem') return fetchBytes(() => client.getRawTableItem(k.value.handle, k.value.key, { ledgerVersion: version }));
    if (k.$kind === 'AccessPath') {
      const path = accessPath.schema.decode(k.value.path);
      if (path.$kind === 'Resource') return fetchResource(k.value.address, formatStructTag(path.value), version);
      // A module: GET /accounts/{a}/module/{name} in BCS (state.rs `get_account_module`).
      if (path.$kind === 'Code') return fetchBytes(() => client.getAccountModuleBytes(path.value.address, path.value.name, { ledgerVersion: version }));
      if (path.$kind === 'ResourceGroup') {
        const tag = path.value;
        if (tag.address === FRAMEWORK && tag.module === 'object' && tag.name === 'ObjectGroup' && tag.typeArgs.length === 0) return fetchGroup(k.value.address, version);
      }
    }
    return Promise.reject(new ReadThroughUnsupported(`state from before the replica's first version is read through for resources, modules and table items only, not for this ${k.$kind} key`));
  }

  function stateValue(key: Uint8Array, version: bigint): Uint8Array | undefined | Promise<Uint8Array | undefined> {
    if (o.firstVersion === 0n || ledger.hasStateAt(key, version)) return ledger.stateValue(key, version);
    const hit = cache.get(key);
    if (hit !== undefined) return hit.value;
    const latest = ledger.ledgerInfo().ledgerVersion;
    const pinned = ledger.hasStateAt(key, latest) ? version : latest;
    return cache.load(key, () => fetchKey(key, pinned));
  }

  return {
    get upstreamReads() {
      return reads;
    },
    async prime() {
      if (o.firstVersion === 0n) return;
      // reconfiguration::Configuration's first field is the epoch.
      epoch = leadingU64(await stateValue(CONFIGURATION_KEY, ledger.ledgerInfo().ledgerVersion));
    },
    ledgerInfo() {
      const i = ledger.ledgerInfo();
      if (epoch === undefined || ledger.hasStateAt(CONFIGURATION_KEY, i.ledgerVersion)) return i;
      if (infoFor !== i) {
        infoFor = i;
        info = { ...i, epoch };
      }
      return info!;
    },
    stateValue,
    accountTransactionSummaries: (address, q) => ledger.accountTransactionSummaries(address, q),
    blockByHeight: (h) => ledger.blockByHeight(h),
    transactions: (start, limit) => ledger.transactions(start, limit),
    transactionVersion: (hash) => ledger.transactionVersion(hash),
    blockByVersion: (v) => ledger.blockByVersion(v),
    // An account's keys from before the replica's first version are the upstream's to list: a
    // replica that starts after genesis does not list them (the handler answers 500).
    accountState: (address, q) =>
      o.firstVersion === 0n ? ledger.accountState(address, q) : Promise.reject(new ReadThroughUnsupported("a replica that starts after genesis does not list an account's resources or modules")),
    accountTransactions: (address, start, limit, v) => ledger.accountTransactions(address, start, limit, v),
    events: (n, address, q) => ledger.events(n, address, q),
  };
}
