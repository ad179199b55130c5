import { addressDecl, bytesDecl, optionDecl, structDecl, u64Decl } from '../transactions/internal.js';

// types/src/account_config/resources/core_account.rs `AccountResource` (the stored bytes of
// `0x1::account::Account`, the BCS body of GET /accounts/{address}); types/src/event.rs
// `EventHandle { count, key: EventKey { creation_number, account_address } }`. Move's
// `CapabilityOffer { for: Option<address> }` is one field, and Move's `Option` (a vector of at most one)
// has the bytes of a BCS option.

export const eventKey = /* @__PURE__ */ structDecl('EventKey', { creationNumber: u64Decl, accountAddress: addressDecl });
export const eventHandle = /* @__PURE__ */ structDecl('EventHandle', { count: u64Decl, key: eventKey });
const capabilityOffer = /* @__PURE__ */ structDecl('CapabilityOffer', { forAddress: /* @__PURE__ */ optionDecl(addressDecl) });

export const accountResource = /* @__PURE__ */ structDecl('AccountResource', {
  authenticationKey: bytesDecl,
  sequenceNumber: u64Decl,
  guidCreationNum: u64Decl,
  coinRegisterEvents: eventHandle,
  keyRotationEvents: eventHandle,
  rotationCapabilityOffer: capabilityOffer,
  signerCapabilityOffer: capabilityOffer,
});

/** GET /accounts/{address}/balance/{asset_type}: `bcs(u64)`. */
export const balance = u64Decl;
