// Transactions (wire-format.md §2.4–2.6, §3): payloads, raw and signed transactions, signing
// messages, hashes, authentication keys and their JSON-safe forms.
export * from './payload.js';
export * from './raw-transaction.js';
export * from './keys.js';
export * from './bitmap.js';
export * from './authenticator.js';
export * from './signed-transaction.js';
export * from './signing-message.js';
export * from './compiled-entry-function.js';
export { toJsonSafe, fromJsonSafe, parseDecimal, type JsonValue, type Shape, type SmallIntShape, type BigIntShape } from './json.js';
export { codec, transactionCodecs, type Codec } from './codecs.js';
