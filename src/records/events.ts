import { bytesDecl, enumerationDecl, structDecl, u64Decl, type Decl, type DeclSchema } from '../transactions/internal.js';
import { eventKey } from './account.js';
import { typeTag } from './move-decls.js';

// types/src/contract_event.rs `ContractEvent { V1(ContractEventV1), V2(ContractEventV2) }`: V1 events
// are keyed by an event handle's key and sequence number, V2 (module events) by type alone.

const contractEventDecl = /* @__PURE__ */ enumerationDecl('ContractEvent', {
  V1: /* @__PURE__ */ structDecl('ContractEventV1', { key: eventKey, sequenceNumber: u64Decl, typeTag, eventData: bytesDecl }),
  V2: /* @__PURE__ */ structDecl('ContractEventV2', { typeTag, eventData: bytesDecl }),
});
/** Named so that the declarations embedding it stay small (docs/wire-types.md). */
export interface ContractEventSchema extends DeclSchema<typeof contractEventDecl> {}
export const contractEvent: Decl<ContractEventSchema> = contractEventDecl;
