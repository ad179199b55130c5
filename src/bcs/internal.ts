// The core's API for the other layers of this library, beyond its public index: byte and hex
// helpers (and the one capped body reader, which the client and the http layer, siblings, share from
// here), variant tags and the one function behind `bcs.enum`. Not exported from the package.
export { parseAddressInto, SPECIAL_LONG_ADDRESSES } from './address.js';
export { concatBytes } from './bytes.js';
export { CappedBody, HeldBytes, PAST_LIMIT, readStreamCapped, REFUSED, type ByteStore } from './capped-body.js';
export { ARRAY_COST, ELEMENT_COST, STRING_COST, TYPED_ARRAY_COST } from './reader.js';
export { enumeration } from './combinators.js';
export { isNamedError, rethrowWithin } from './error.js';
export { hexDigitsInto, hexInto, hexRunEnd, nibbleAt, quotedHex, hexSlab, toHexRaw, type HexSlab } from './hex.js';
export { checkBig } from './primitives.js';
export { encodeInto } from './schema.js';
export { encodedMapBytes } from './map.js';
export { utf8Read } from './utf8.js';
export {
  readOptionTag,
  readVariant,
  unknownVariant,
  variantIndex,
  variantTable,
  writeVariant,
  type VariantTable,
} from './variants.js';
