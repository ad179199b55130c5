// encode_submission: the request JSON and module ABIs in, the signing message (or the node's error)
// out. The public names only (pinned by test/exports.test.ts); what the layers above share beyond
// these is declared in internal.ts.
export {
  encodeSubmission,
  encodeSubmissionAsync,
  type AbiSource,
  type EncodeSubmissionOptions,
  type EncodeSubmissionAsyncOptions,
  type EncodeSubmissionResult,
} from './encode-submission.js';
export { verifySigningMessage, verifySigningMessageAsync, type SigningMessageCheck, type SigningMessageDifference, type VerifyOptions } from './verify-message.js';
export { abiRegistry, type AbiRegistry, type AbiRegistryOptions, type AbiLookup, type AbiResolver, type ModuleIdString } from './registry.js';
export type { AbiModule, AbiFunction, AbiStruct, AbiField } from './abi.js';
export { requestFromTransaction, requestFromBytes, type SubmissionRequestJson } from './decode-request.js';
export type {
  EncodeSubmissionRequestJson,
  TransactionPayloadJson,
  EntryFunctionPayloadJson,
  ScriptPayloadJson,
  MultisigPayloadJson,
} from './request-json.js';
export { parseRequestBody, parseRequestBodySliced, isJsonFloat, type JsonFloat } from './json-text.js';
export type {
  MoveModuleJson,
  MoveModuleBytecodeJson,
  MoveFunctionJson,
  MoveStructJson,
  MoveStructFieldJson,
  MoveStructVariantJson,
  MoveAbilityJson,
  MoveFunctionGenericTypeParamJson,
  MoveStructGenericTypeParamJson,
} from './abi-json.js';
