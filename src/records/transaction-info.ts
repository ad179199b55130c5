import { enumerationDecl, optionDecl, stringDecl, structDecl, u16Decl, u64Decl, type Decl, type DeclSchema } from '../transactions/internal.js';
import { hashValue } from './declare.js';
import { moduleId } from './move-decls.js';

// types/src/transaction/mod.rs `TransactionInfo::V0(TransactionInfoV0)` and `ExecutionStatus`;
// move-core-types `StatusCode` is serialised as its u64 value. The last field of TransactionInfoV0
// was `state_cemetery_hash` and is now `auxiliary_info_hash`: same position and type. The schema types
// are named, so declaration files that embed them print the names (docs/wire-types.md).

export const abortLocation = /* @__PURE__ */ enumerationDecl('AbortLocation', { Module: moduleId, Script: null });

const executionStatusDecl = /* @__PURE__ */ enumerationDecl('ExecutionStatus', {
  Success: null,
  OutOfGas: null,
  MoveAbort: /* @__PURE__ */ structDecl('MoveAbort', {
    location: abortLocation,
    code: u64Decl,
    info: /* @__PURE__ */ optionDecl(/* @__PURE__ */ structDecl('AbortInfo', { reasonName: stringDecl, description: stringDecl })),
  }),
  ExecutionFailure: /* @__PURE__ */ structDecl('ExecutionFailure', { location: abortLocation, function: u16Decl, codeOffset: u16Decl }),
  MiscellaneousError: /* @__PURE__ */ optionDecl(u64Decl),
});
export interface ExecutionStatusSchema extends DeclSchema<typeof executionStatusDecl> {}
export const executionStatus: Decl<ExecutionStatusSchema> = executionStatusDecl;

const transactionInfoDecl = /* @__PURE__ */ enumerationDecl('TransactionInfo', {
  V0: /* @__PURE__ */ structDecl('TransactionInfoV0', {
    gasUsed: u64Decl,
    status: executionStatus,
    transactionHash: hashValue,
    eventRootHash: hashValue,
    stateChangeHash: hashValue,
    stateCheckpointHash: /* @__PURE__ */ optionDecl(hashValue),
    auxiliaryInfoHash: /* @__PURE__ */ optionDecl(hashValue),
  }),
});
export interface TransactionInfoSchema extends DeclSchema<typeof transactionInfoDecl> {}
export const transactionInfo: Decl<TransactionInfoSchema> = transactionInfoDecl;
