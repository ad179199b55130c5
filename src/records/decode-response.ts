import { BcsError, type DecodeOptions } from '../bcs/index.js';
import { endpointSpec, type Endpoint, type ResponseBodies } from './endpoints.js';

// The BCS bodies of the interface's endpoints (Accept: application/x-bcs), read through the endpoint
// table. encode_submission answers with the signing message's bytes as JSON hex only, and the health
// check with JSON only: neither has a BCS body to decode.

/** Decodes the BCS body of `endpoint`'s response, strictly (trailing bytes are an error). */
export function decodeResponse<E extends keyof ResponseBodies>(endpoint: E, bytes: Uint8Array, options?: DecodeOptions): ResponseBodies[E];
export function decodeResponse(endpoint: Endpoint, bytes: Uint8Array, options?: DecodeOptions): never;
export function decodeResponse(endpoint: Endpoint, bytes: Uint8Array, options?: DecodeOptions): unknown {
  const spec = endpointSpec(endpoint);
  if (spec === undefined) throw new BcsError('invalid_variant', `unknown endpoint ${JSON.stringify(String(endpoint))}`);
  if (spec.bcs === undefined) throw new BcsError('not_supported', `the ${endpoint} endpoint has no BCS body (its response is JSON)`);
  return spec.bcs.schema.decode(bytes, options);
}
