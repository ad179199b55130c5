import { address, bytes, struct, u64, option } from '../transactions/internal.js';

// types/src/account_config/resources/core_account.rs `AccountResource` (the stored bytes of
// `0x1::account::Account`, the BCS body of GET /accounts/{address}); types/src/event.rs
// `EventHandle { count, key: EventKey { creation_number, account_address } }`. Move's
// `CapabilityOffer { for: Option<address> }` is one field, and Move's `Option` (a vector of at most one)
// has the bytes of a BCS option.

export const eventKey = /* @__PURE__ */ struct('EventKey', { creationNumber: u64, accountAddress: address });
export const eventHandle = /* @__PURE__ */ struct('EventHandle', { count: u64, key: eventKey });
const capabilityOffer = /* @__PURE__ */ struct('CapabilityOffer', { forAddress: /* @__PURE__ */ option(address) });

export const accountResource = /* @__PURE__ */ struct('AccountResource', {
  authenticationKey: bytes,
  sequenceNumber: u64,
  guidCreationNum: u64,
  coinRegisterEvents: eventHandle,
  keyRotationEvents: eventHandle,
  rotationCapabilityOffer: capabilityOffer,
  signerCapabilityOffer: capabilityOffer,
});

/** GET /accounts/{address}/balance/{asset_type}: `bcs(u64)`. */
export const balance = u64;
