import { formatAddress, fromHex, toHex, type Address } from '../../bcs/index.js';
import { parseTypeTag, type TypeTag } from '../../move/index.js';
import { moveValueJson, nodeJsonText, parseMoveValueJson } from '../../node-json/index.js';
import { ApiError, stateKey } from '../../records/index.js';
import { bodyText, declaredLength } from '../body.js';
import { TOO_LARGE, type Reply } from '../exchange.js';
import { accept, arg, type SpecOf } from '../params.js';
import { bcsReply, jsonContentTypeError, jsonReply, payloadTooLargeError } from '../responses.js';
import { lookupVersion, type EndpointContext } from './context.js';

// A table item (api/src/state.rs `table_item_inner`, `raw_table_item_inner`): POST
// /tables/{table_handle}/item with `TableItemRequest {key_type, value_type, key}` (the key as the
// node's Move JSON, converted to its BCS by the key type's layout) and POST .../raw_item with
// `RawTableItemRequest {key}` (the key's BCS as hex). The state key is
// `StateKey::table_item(handle, key bytes)`. 404 `table_item_not_found`; BCS: the value's bytes;
// JSON: the value by `value_type` (raw_item answers JSON with 403: it serves only bytes).

export async function tableItem(ctx: EndpointContext<SpecOf<'table_item'>>): Promise<Reply> {
  const kind = accept(ctx);
  const handle = arg(ctx, 'table_handle');
  const body = await jsonBody(ctx, 'TableItemRequest');
  const keyType = typeField(body, 'key_type');
  const valueType = typeField(body, 'value_type');
  if (!Object.hasOwn(body, 'key')) throw payloadError('TableItemRequest', 'missing field `key`');
  const version = lookupVersion(ctx.info, arg(ctx, 'ledger_version'));
  let key: Uint8Array;
  try {
    key = parseMoveValueJson(keyType, body.key, ctx.abis);
  } catch (e) {
    throw new ApiError(400, 'invalid_input', (e as Error).message);
  }
  const value = await ctx.source.stateValue(tableItemKey(handle, key), version);
  if (value === undefined) throw notFound(handle, JSON.stringify(body.key), version);
  if (kind === 'bcs') return bcsReply(value, ctx.headers);
  let json: string;
  try {
    json = nodeJsonText(moveValueJson(valueType, value, ctx.abis));
  } catch {
    throw new ApiError(500, 'internal_error', 'Failed to deserialize table item retrieved from DB');
  }
  return jsonReply(200, json, ctx.headers);
}

export async function rawTableItem(ctx: EndpointContext<SpecOf<'raw_table_item'>>): Promise<Reply> {
  const kind = accept(ctx);
  const handle = arg(ctx, 'table_handle');
  const body = await jsonBody(ctx, 'RawTableItemRequest');
  const hex = body.key;
  // api/types HexEncodedBytes: `0x` and an even number of hex digits.
  if (typeof hex !== 'string' || !/^0x(?:[0-9a-fA-F]{2})*$/.test(hex)) throw payloadError('RawTableItemRequest', 'key: expected a 0x hex string');
  const version = lookupVersion(ctx.info, arg(ctx, 'ledger_version'));
  const key = fromHex(hex);
  const value = await ctx.source.stateValue(tableItemKey(handle, key), version);
  if (value === undefined) throw notFound(handle, toHex(key), version);
  if (kind === 'json') throw new ApiError(403, 'api_disabled', 'Get raw table item is not allowed. Please use get table item instead.');
  return bcsReply(value, ctx.headers);
}

function tableItemKey(handle: Address, key: Uint8Array): Uint8Array {
  return stateKey.schema.encode({ $kind: 'TableItem', value: { handle, key } });
}

function notFound(handle: Address, key: string, version: bigint): ApiError {
  return new ApiError(404, 'table_item_not_found', `Table Item not found by Table handle(${formatAddress(handle, 'short')}), Table key(${key}) and Ledger version(${version})`);
}

function payloadError(type: string, reason: string): ApiError {
  return new ApiError(400, 'web_framework_error', `parse request payload error: failed to parse "${type}": ${reason}`);
}

function typeField(body: Record<string, unknown>, name: 'key_type' | 'value_type'): TypeTag {
  const t = body[name];
  if (typeof t !== 'string') throw payloadError('TableItemRequest', `missing field \`${name}\``);
  try {
    return parseTypeTag(t);
  } catch {
    throw new ApiError(400, 'invalid_input', `Failed to parse ${name}`);
  }
}

/** The JSON request body as poem-openapi reads it: 413 past the limit, 415 without JSON's content type. */
async function jsonBody(ctx: EndpointContext, type: string): Promise<Record<string, unknown>> {
  const declared = declaredLength(ctx.ex.header('content-length'));
  if (declared !== undefined && declared > ctx.maxBodyBytes) throw payloadTooLargeError();
  const typeError = jsonContentTypeError(ctx.ex.header('content-type'));
  if (typeError !== undefined) throw typeError;
  const bytes = await ctx.ex.readBody(ctx.maxBodyBytes);
  if (bytes === TOO_LARGE) throw payloadTooLargeError();
  let json: unknown;
  try {
    json = JSON.parse(bodyText(bytes));
  } catch (e) {
    throw payloadError(type, (e as Error).message);
  }
  if (typeof json !== 'object' || json === null || Array.isArray(json)) throw payloadError(type, `expected an object, got ${JSON.stringify(json)?.slice(0, 64)}`);
  return json as Record<string, unknown>;
}
