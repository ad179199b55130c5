import { bytes, enumeration, struct, u64, type Decl, type DeclSchema } from '../transactions/internal.js';
import { eventKey } from './account.js';
import { typeTag } from './move-decls.js';

// types/src/contract_event.rs `ContractEvent { V1(ContractEventV1), V2(ContractEventV2) }`: V1 events
// are keyed by an event handle's key and sequence number, V2 (module events) by type alone.

const contractEventDecl = /* @__PURE__ */ enumeration('ContractEvent', {
  V1: /* @__PURE__ */ struct('ContractEventV1', { key: eventKey, sequenceNumber: u64, typeTag, eventData: bytes }),
  V2: /* @__PURE__ */ struct('ContractEventV2', { typeTag, eventData: bytes }),
});
/** Named so that the declarations embedding it stay small (docs/wire-types.md). */
export interface ContractEventSchema extends DeclSchema<typeof contractEventDecl> {}
export const contractEvent: Decl<ContractEventSchema> = contractEventDecl;
