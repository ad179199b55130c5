import { bcs, string as stringSchema, struct } from '../bcs/index.js';

// The two JWK variants a `JWKMoveStruct` (records/transaction.ts) carries as a Move `Any`: its
// `type_name` and the BCS of the struct (aptos-core types/src/jwks/rsa/mod.rs, types/src/jwks/unsupported/mod.rs).

export const RSA_JWK_TYPE = '0x1::jwks::RSA_JWK';
export const UNSUPPORTED_JWK_TYPE = '0x1::jwks::UnsupportedJWK';

export const rsaJwk = /* @__PURE__ */ struct('RSA_JWK', { kid: stringSchema, kty: stringSchema, alg: stringSchema, e: stringSchema, n: stringSchema });
export const unsupportedJwk = /* @__PURE__ */ struct('UnsupportedJWK', { id: bcs.bytes, payload: bcs.bytes });
