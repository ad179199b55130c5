// encode_submission's API for the layers above it (the http handler, the CLI), beyond its public
// index: the request's parsed form and checks, and the writer behind `encodeSubmission`. Not
// exported from the package.
export { encodeRequestAsync, requestMessageBody, writeSubmission, type QuotedHex } from './encode-submission.js';
export { parseSubmissionRequest } from './request.js';
export { compiledCallMessageBody } from './compiled-request.js';
export { requestText, requestTextSliced } from './request-bytes.js';
export { SLICED_PARSE_THRESHOLD } from './json-text.js';
// serde_json's reader, exact for big integers (node-json reads the node's answers with it; no lower
// layer has a JSON reader with serde_json's rules).
export { parseSerdeJson } from './json-text.js';
export { verifyPayload } from './verify-request.js';
// The node's texts for parameters that do not parse, for the http layer's path and query parameters.
export { addressProblem, apiAddressText } from './node-text.js';
export { parseRustInt, parseRustU64 } from './rust-int.js';
export { rustDebugString } from './serde-text.js';
// The library's one bounded cache: a Map that forgets its oldest entry past its capacity (the ABI
// registry's, the http handler's memo, the replica's read-through cache).
export { BoundedMap } from './bounded-map.js';
// The embedded framework (0x1, 0x3, 0x4), for the node-json layouts.
export { frameworkModule, frameworkStruct } from './framework/index.js';
