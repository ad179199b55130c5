import { BcsReader, formatAddress, toHex, type Address } from '../../bcs/index.js';
import { encodedMapBytes } from '../../bcs/internal.js';
import type { AccountStatePage } from '../../ledger/index.js';
import { structTag, type StructTag } from '../../move/index.js';
import { moduleBytecodeJson, moveResourceJson, nodeJsonText } from '../../node-json/index.js';
import { ApiError, stateKey } from '../../records/index.js';
import { accessPath, LEDGER_HEADERS } from '../../records/internal.js';
import type { Reply } from '../exchange.js';
import { accept, arg, argText, type SpecOf } from '../params.js';
import { bcsReply, jsonReply } from '../responses.js';
import { lookupVersion, pageLimit, type EndpointContext } from './context.js';

// An account's resources and modules, by page, and one module (api/src/accounts.rs
// `get_account_resources`, `get_account_modules`; context.rs `get_resources_by_pagination`,
// `get_modules_by_pagination`; api/src/state.rs `get_account_module`). A page counts state keys: a
// resource group is one key, expanded into its members after the page is cut. The next page's
// cursor is `StateKey::resource(address, tag)` of the first key left out (for a group too, as the
// node builds it), as hex of its encoded bytes in `X-Aptos-Cursor` (what ts-sdk reads) and in the
// interface's `X-SVC-CURSOR`. No account check: an address without state answers `[]`.

type ListContext = EndpointContext<SpecOf<'account_resources'>> | EndpointContext<SpecOf<'account_modules'>>;

export async function accountResources(ctx: EndpointContext<SpecOf<'account_resources'>>): Promise<Reply> {
  const kind = accept(ctx);
  const { address, page } = await listPage(ctx, 'resource', ctx.limits.maxAccountResourcesPageSize);
  if (page.next !== undefined) {
    let cursor = ctx.memo.cursors.get(page.next);
    if (cursor === undefined) {
      const next = pathOf(page.next);
      ctx.memo.cursors.set(page.next, (cursor = next.$kind === 'Code' ? '' : resourceKeyHex(address, next.value)));
    }
    if (cursor !== '') setCursor(ctx.headers, cursor);
  }
  if (kind === 'bcs') {
    const members: [Uint8Array, Uint8Array][] = [];
    for (const e of page.entries) for (const [t, v] of entryMembers(e.key, e.value)) members.push([structTag.encode(t), v]);
    return bcsReply(encodedMapBytes(members), ctx.headers);
  }
  const parts: string[] = [];
  for (const e of page.entries) {
    // A stored value's JSON depends on it alone (and the handler's ABIs): kept while the value lives.
    let json = ctx.memo.resourceJson.get(e.value);
    if (json === undefined) {
      const texts = entryMembers(e.key, e.value).map(([tag, bytes]) => {
        try {
          return nodeJsonText(moveResourceJson(tag, bytes, ctx.abis));
        } catch {
          throw new ApiError(500, 'internal_error', 'Failed to convert resources');
        }
      });
      ctx.memo.resourceJson.set(e.value, (json = texts.join(',')));
    }
    if (json !== '') parts.push(json);
  }
  return jsonReply(200, `[${parts.join(',')}]`, ctx.headers);
}

/** A resource key's struct and value, or a resource group's members. */
function entryMembers(key: Uint8Array, value: Uint8Array): [StructTag, Uint8Array][] {
  const path = pathOf(key);
  if (path.$kind === 'ResourceGroup') return groupMembers(value);
  return path.$kind === 'Resource' ? [[path.value, value]] : [];
}

export async function accountModules(ctx: EndpointContext<SpecOf<'account_modules'>>): Promise<Reply> {
  const kind = accept(ctx);
  const { page } = await listPage(ctx, 'code', ctx.limits.maxAccountModulesPageSize);
  if (page.next !== undefined) setCursor(ctx.headers, toHex(page.next).slice(2));
  if (kind === 'bcs') {
    // BTreeMap<ModuleId, bytes>: the key is the path's ModuleId (Path::Code's value) as encoded.
    return bcsReply(encodedMapBytes(page.entries.map((e) => [codePathBytes(e.key), e.value])), ctx.headers);
  }
  return jsonReply(200, `[${page.entries.map((e) => moduleJson(ctx, e.value)).join(',')}]`, ctx.headers);
}

// GET /accounts/{address}/module/{module_name}: 404 `module_not_found`; BCS: the module's bytes.
export async function accountModule(ctx: EndpointContext<SpecOf<'account_module'>>): Promise<Reply> {
  const kind = accept(ctx);
  const address = arg(ctx, 'address');
  const name = arg(ctx, 'module_name');
  const version = lookupVersion(ctx.info, arg(ctx, 'ledger_version'));
  const bytes = await ctx.source.stateValue(moduleKey(address, name), version);
  if (bytes === undefined) {
    throw new ApiError(404, 'module_not_found', `Module not found by Address(${formatAddress(address, 'short')}), Module name(${argText(ctx, 'module_name')}) and Ledger version(${version})`);
  }
  if (kind === 'bcs') return bcsReply(bytes, ctx.headers);
  return jsonReply(200, moduleJson(ctx, bytes), ctx.headers);
}

/** The state key of module `name` at `address`: `AccessPath { address, Path::Code(ModuleId) }`. */
export function moduleKey(address: Address, name: string): Uint8Array {
  return stateKey.schema.encode({ $kind: 'AccessPath', value: { address, path: accessPath.schema.encode({ $kind: 'Code', value: { address, name } }) } });
}

function moduleJson(ctx: EndpointContext, bytes: Uint8Array): string {
  let json = ctx.memo.moduleJson.get(bytes);
  if (json === undefined) {
    // state.rs: `MoveModuleBytecode::new(..).try_parse_abi()`; a module that does not parse is a 500.
    try {
      json = JSON.stringify(moduleBytecodeJson(bytes));
    } catch {
      throw new ApiError(500, 'internal_error', 'Failed to parse move module ABI from bytes retrieved from storage');
    }
    ctx.memo.moduleJson.set(bytes, json);
  }
  return json;
}

async function listPage(ctx: ListContext, kind: 'code' | 'resource', max: number): Promise<{ address: Address; page: AccountStatePage }> {
  const c = ctx as EndpointContext<SpecOf<'account_resources'>>;
  const address = arg(c, 'address');
  const version = lookupVersion(ctx.info, arg(c, 'ledger_version'));
  const start = arg(c, 'start');
  // accounts.rs: `determine_limit(limit, max, max)`: the maximum when absent.
  const limit = pageLimit(arg(c, 'limit'), max, max);
  return { address, page: await ctx.source.accountState(address, { kind, start, limit, version }) };
}

function setCursor(headers: Record<string, string>, hex: string): void {
  headers[LEDGER_HEADERS.cursor] = hex;
  headers['X-Aptos-Cursor'] = hex;
}

function pathOf(key: Uint8Array) {
  const k = stateKey.schema.decode(key);
  if (k.$kind !== 'AccessPath') throw new ApiError(500, 'internal_error', 'storage prefix scan return inconsistent key');
  return accessPath.schema.decode(k.value.path);
}

/** Path::Code's ModuleId bytes out of an access-path key (00 ‖ address ‖ uleb len ‖ 00 ‖ module id). */
function codePathBytes(key: Uint8Array): Uint8Array {
  const r = new BcsReader(key, { zeroCopy: true }, 33);
  const n = r.length(1);
  return key.subarray(r.off + 1, r.off + n);
}

function resourceKeyHex(address: Address, tag: StructTag): string {
  const key = stateKey.schema.encode({ $kind: 'AccessPath', value: { address, path: accessPath.schema.encode({ $kind: 'Resource', value: tag }) } });
  return toHex(key).slice(2);
}

/** A resource group's `BTreeMap<StructTag, bytes>` members, in their stored order. */
function groupMembers(group: Uint8Array): [StructTag, Uint8Array][] {
  const out: [StructTag, Uint8Array][] = [];
  try {
    const r = new BcsReader(group, { zeroCopy: true });
    for (let n = r.length(1); n > 0; n--) out.push([structTag.read(r), r.raw(r.length(1))]);
  } catch {
    // context.rs: a group that does not decode is a storage invariant broken.
    throw new ApiError(500, 'internal_error', 'Failed to get resources');
  }
  return out;
}
