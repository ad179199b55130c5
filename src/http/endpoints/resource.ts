import { BcsReader, formatAddress } from '../../bcs/index.js';
import { resourceKey } from '../../ledger/index.js';
import { objectGroupKey } from '../../ledger/internal.js';
import { formatStructTag, structTag, typeTagEquals, type StructTag } from '../../move/index.js';
import { moveResourceJson, nodeJsonText } from '../../node-json/index.js';
import { ApiError } from '../../records/index.js';
import { bcsReply, jsonReply } from '../responses.js';
import type { Reply } from '../exchange.js';
import { accept, arg, type SpecOf } from '../params.js';
import { lookupVersion, type EndpointContext } from './context.js';

// GET /accounts/{address}/resource/{resource_type}[?ledger_version] (api/src/state.rs
// `get_account_resource`, `resource`): the resource's bytes as stored (BCS). The node's resolver
// reads a resource group member from its group; here a struct not stored on its own is looked for in
// the address's `0x1::object::ObjectGroup` (the framework's one group). 404 `resource_not_found`
// otherwise. JSON: the node's `MoveResource` (src/node-json, the struct layouts from the handler's ABIs).

export async function accountResource(ctx: EndpointContext<SpecOf<'account_resource'>>): Promise<Reply> {
  const kind = accept(ctx);
  const address = arg(ctx, 'address');
  const tag = arg(ctx, 'resource_type');
  const version = lookupVersion(ctx.info, arg(ctx, 'ledger_version'));
  const bytes = (await ctx.source.stateValue(resourceKey(address, tag), version)) ?? groupMember(await ctx.source.stateValue(objectGroupKey(address), version), tag);
  if (bytes === undefined) {
    throw new ApiError(404, 'resource_not_found', `Resource not found by Address(${formatAddress(address, 'short')}), Struct tag(${formatStructTag(tag, 'canonical')}) and Ledger version(${version})`);
  }
  if (kind === 'bcs') return bcsReply(bytes, ctx.headers);
  let json: string;
  try {
    json = nodeJsonText(moveResourceJson(tag, bytes, ctx.abis));
  } catch {
    // state.rs: the converter's failure is a 500 with the context's text.
    throw new ApiError(500, 'internal_error', 'Failed to deserialize resource data retrieved from DB');
  }
  return jsonReply(200, json, ctx.headers);
}

/** The member `tag` of a resource group (`BTreeMap<StructTag, Vec<u8>>`), if there. */
export function groupMember(group: Uint8Array | undefined, tag: StructTag): Uint8Array | undefined {
  if (group === undefined) return undefined;
  try {
    const r = new BcsReader(group, { zeroCopy: true });
    for (let n = r.length(1); n > 0; n--) {
      const t = structTag.read(r);
      const v = r.raw(r.length(1));
      if (typeTagEquals({ $kind: 'struct', value: t }, { $kind: 'struct', value: tag })) return v;
    }
  } catch {
    // a group that does not decode has no such member
  }
  return undefined;
}
