import { UsageError, quote, type AddressInput } from '../bcs/index.js';
import type { EndpointParam, EndpointSpec } from '../records/index.js';
import { addressParam, assetTypeParam, booleanParam, query, structTagParam, u16Param, u32Param, u64Param, type IntegerInput } from './params.js';
import { answer, decodeBody, ledgerResult, responseError, utf8Text, type Answer } from './response.js';
import { send, type Transport } from './transport.js';
import type { LedgerResult, ResponseFormat } from './types.js';

// A GET of an endpoint of the table (records' ENDPOINTS, or any entry of its shape): its path and
// query string built from the entry, every argument validated by its parameter's type before
// anything is sent, the answer checked to be in the format asked for, and read by the entry's
// decoders. Every read of the client goes through here.

const BCS = 'application/x-bcs';
const JSON_TYPE = 'application/json';

/** A call's options (any object): these two, and the query parameters by their names in camelCase. */
export interface EndpointCallOptions {
  signal?: AbortSignal;
  /** `bcs` (default where the endpoint has a BCS body) or `json`. */
  format?: ResponseFormat;
}

/** `bcs` or `json`, checked (default `bcs`). */
export function responseFormat(o: { format?: unknown } | undefined): ResponseFormat {
  const f = o?.format ?? 'bcs';
  if (f !== 'bcs' && f !== 'json') throw new UsageError('invalid_option', `format must be 'bcs' or 'json', got ${quote(f)}`);
  return f;
}

const camel = (name: string) => name.replace(/_([a-z])/g, (_, c: string) => c.toUpperCase());

/** A parameter's value as the interface reads it, validated by its type in the endpoint table. */
function param(p: EndpointParam, v: unknown): string {
  const name = camel(p.name);
  switch (p.type) {
    case 'address':
      return addressParam(v as AddressInput, name);
    case 'asset_type':
      return assetTypeParam(v as string, name);
    case 'u64':
      return u64Param(v as IntegerInput, name);
    case 'u32':
      return u32Param(v as IntegerInput, name);
    case 'u16':
      return u16Param(v as IntegerInput, name);
    case 'bool':
      return String(booleanParam(v, name));
    case 'struct_tag':
      return structTagParam(v as string, name);
  }
}

/**
 * The entry's path and query under `/v1`: path parameters from `args` (in the pattern's order), query
 * parameters from the options of the same name in camelCase.
 */
export function endpointPath(spec: EndpointSpec, args: readonly unknown[], o: object | undefined): string {
  let i = 0;
  const values: Record<string, string> = {};
  const q: Record<string, string | undefined> = {};
  for (const p of spec.params) {
    if (p.in === 'path') values[p.name] = param(p, args[i++]);
    else {
      const v = (o as Record<string, unknown> | undefined)?.[camel(p.name)];
      q[p.name] = v === undefined ? undefined : param(p, v);
    }
  }
  return spec.path.replace(/\{(\w+)\}/g, (_, name: string) => values[name]!) + query(q);
}

/** GET `path` asking for `fmt`; the node must answer in that format. */
export async function getAnswer(t: Transport, path: string, fmt: ResponseFormat, signal: AbortSignal | undefined): Promise<Answer> {
  const a = answer(await send(t, { method: 'GET', path, accept: fmt === 'bcs' ? BCS : JSON_TYPE, signal }));
  if (a.kind !== fmt) throw responseError(a.res, 'unexpected_content_type', `asked for ${fmt}, the node answered ${a.kind}`);
  return a;
}

/** GETs the entry's endpoint: its BCS record decoded, or its JSON read by the entry's reader. */
export async function readEndpoint(t: Transport, spec: EndpointSpec, args: readonly unknown[], options: object | undefined): Promise<LedgerResult<unknown>> {
  const o = options as EndpointCallOptions | undefined;
  const bcs = spec.bcs;
  const fmt = bcs === undefined ? 'json' : responseFormat(o);
  const a = await getAnswer(t, endpointPath(spec, args, o), fmt, o?.signal);
  return ledgerResult(a, decodeBody(a, () => (fmt === 'bcs' ? bcs!.schema.decode(a.res.body, { deadline: a.res.deadline }) : spec.json(utf8Text(a.res.body)))));
}

/** GETs the entry's endpoint in BCS, its body as sent (for a verifier that hashes the node's own bytes). */
export async function readEndpointBytes(t: Transport, spec: EndpointSpec, args: readonly unknown[], options: object | undefined): Promise<LedgerResult<Uint8Array>> {
  const a = await getAnswer(t, endpointPath(spec, args, options), 'bcs', (options as EndpointCallOptions | undefined)?.signal);
  return ledgerResult(a, a.res.body);
}
