import { BcsWriter, formatAddress, writeU64, type Address } from '../../bcs/index.js';
import { resourceKey, type StoredEvent } from '../../ledger/index.js';
import { objectGroupKey } from '../../ledger/internal.js';
import { formatStructTag } from '../../move/index.js';
import { eventJson, moveResourceJson, nodeJsonText } from '../../node-json/index.js';
import { ApiError, contractEvent } from '../../records/index.js';
import type { Reply } from '../exchange.js';
import { accept, arg, argText, type SpecOf } from '../params.js';
import { bcsReply, jsonReply } from '../responses.js';
import { DEFAULT_PAGE_SIZE, internal, pageLimit, type EndpointContext } from './context.js';
import { groupMember } from './resource.js';

// An event handle's v1 events (api/src/events.rs `get_events_by_creation_number`,
// `get_events_by_event_handle`; context.rs `get_events`): by the key (creation number, address), or
// by the `EventHandle` a field of a resource holds (accounts.rs `find_event_key`). `start` is a
// sequence number: without it the latest `limit` events, ascending. Always at the latest version;
// no account check (a key without events answers `[]`). Module events (v2) have no key.
// JSON: `VersionedEvent`; BCS: `Vec<EventWithVersion>`.

export async function eventsByCreationNumber(ctx: EndpointContext<SpecOf<'events_by_creation_number'>>): Promise<Reply> {
  const kind = accept(ctx);
  const address = arg(ctx, 'address');
  const creationNumber = arg(ctx, 'creation_number');
  return eventsReply(ctx, kind === 'bcs', creationNumber, address, arg(ctx, 'start'), arg(ctx, 'limit'));
}

export async function eventsByEventHandle(ctx: EndpointContext<SpecOf<'events_by_event_handle'>>): Promise<Reply> {
  const kind = accept(ctx);
  const address = arg(ctx, 'address');
  const tag = arg(ctx, 'event_handle');
  const field = arg(ctx, 'field_name');
  const start = arg(ctx, 'start');
  const limit = arg(ctx, 'limit');
  const version = ctx.info.ledgerVersion;
  const bytes = (await ctx.source.stateValue(resourceKey(address, tag), version)) ?? groupMember(await ctx.source.stateValue(objectGroupKey(address), version), tag);
  const at = `Address(${formatAddress(address, 'short')}), Struct tag(${formatStructTag(tag, 'canonical')})`;
  if (bytes === undefined) throw new ApiError(404, 'resource_not_found', `Resource not found by ${at} and Ledger version(${version})`);
  let data: Record<string, unknown>;
  try {
    data = moveResourceJson(tag, bytes, ctx.abis).data as Record<string, unknown>;
  } catch {
    throw internal();
  }
  if (!Object.hasOwn(data, field)) {
    throw new ApiError(404, 'struct_field_not_found', `Struct Field not found by ${at}, Field name(${argText(ctx, 'field_name')}) and Ledger version(${version})`);
  }
  const key = eventHandleKey(data[field]);
  if (key === undefined) throw new ApiError(400, 'invalid_input', `Deserialization error, field(${field}) type is not a EventHandle struct: unexpected end of input`);
  return eventsReply(ctx, kind === 'bcs', key.creationNumber, key.address, start, limit);
}

/** `EventHandle { counter, guid: GUID { id: ID { creation_num, addr } } }` as the resource's JSON holds it. */
function eventHandleKey(v: unknown): { creationNumber: bigint; address: Address } | undefined {
  const id = (v as { guid?: { id?: { creation_num?: unknown; addr?: unknown } } } | null)?.guid?.id;
  if (typeof (v as { counter?: unknown }).counter !== 'string' || typeof id?.creation_num !== 'string' || typeof id.addr !== 'string') return undefined;
  return { creationNumber: BigInt(id.creation_num), address: id.addr as Address };
}

async function eventsReply(ctx: EndpointContext, bcs: boolean, creationNumber: bigint, address: Address, start: bigint | undefined, requested: number | undefined): Promise<Reply> {
  const limit = pageLimit(requested, DEFAULT_PAGE_SIZE, ctx.limits.maxEventsPageSize);
  const events = await ctx.source.events(creationNumber, address, { start, limit, ledgerVersion: ctx.info.ledgerVersion });
  if (bcs) return bcsReply(eventsBytes(events), ctx.headers);
  const parts = events.map((e) => {
    try {
      const json = eventJson(contractEvent.schema.decode(e.bytes), ctx.abis);
      return nodeJsonText({ version: e.version.toString(), ...json });
    } catch {
      throw new ApiError(500, 'internal_error', 'Failed to convert events from storage into response');
    }
  });
  return jsonReply(200, `[${parts.join(',')}]`, ctx.headers);
}

/** `Vec<EventWithVersion>`: each `transaction_version: u64 ‖ ContractEvent`. */
function eventsBytes(events: readonly StoredEvent[]): Uint8Array {
  let size = 6;
  for (const e of events) size += 8 + e.bytes.length;
  const w = new BcsWriter(size);
  w.uleb128(events.length);
  for (const e of events) {
    writeU64(w, e.version);
    w.raw(e.bytes);
  }
  return w.toBytes();
}
