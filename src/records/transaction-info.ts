import { enumeration, option, string, struct, u16, u64, type Decl, type DeclSchema } from '../transactions/internal.js';
import { hashValue } from './declare.js';
import { moduleId } from './move-decls.js';

// types/src/transaction/mod.rs `TransactionInfo::V0(TransactionInfoV0)` and `ExecutionStatus`;
// move-core-types `StatusCode` is serialised as its u64 value. The last field of TransactionInfoV0
// was `state_cemetery_hash` and is now `auxiliary_info_hash`: same position and type. The schema types
// are named, so declaration files that embed them print the names (docs/wire-types.md).

export const abortLocation = /* @__PURE__ */ enumeration('AbortLocation', { Module: moduleId, Script: null });

const executionStatusDecl = /* @__PURE__ */ enumeration('ExecutionStatus', {
  Success: null,
  OutOfGas: null,
  MoveAbort: /* @__PURE__ */ struct('MoveAbort', {
    location: abortLocation,
    code: u64,
    info: /* @__PURE__ */ option(/* @__PURE__ */ struct('AbortInfo', { reasonName: string, description: string })),
  }),
  ExecutionFailure: /* @__PURE__ */ struct('ExecutionFailure', { location: abortLocation, function: u16, codeOffset: u16 }),
  MiscellaneousError: /* @__PURE__ */ option(u64),
});
export interface ExecutionStatusSchema extends DeclSchema<typeof executionStatusDecl> {}
export const executionStatus: Decl<ExecutionStatusSchema> = executionStatusDecl;

const transactionInfoDecl = /* @__PURE__ */ enumeration('TransactionInfo', {
  V0: /* @__PURE__ */ struct('TransactionInfoV0', {
    gasUsed: u64,
    status: executionStatus,
    transactionHash: hashValue,
    eventRootHash: hashValue,
    stateChangeHash: hashValue,
    stateCheckpointHash: /* @__PURE__ */ option(hashValue),
    auxiliaryInfoHash: /* @__PURE__ */ option(hashValue),
  }),
});
export interface TransactionInfoSchema extends DeclSchema<typeof transactionInfoDecl> {}
export const transactionInfo: Decl<TransactionInfoSchema> = transactionInfoDecl;
