import { addressBytes, type Address } from '../../bcs/index.js';
import { accountDataJson, accountResource } from '../../records/index.js';
import type { MaybeReply, Reply } from '../exchange.js';
import { after, bcsReply, jsonReply } from '../responses.js';
import { accept, arg, type SpecOf } from '../params.js';
import { accountNotFound, derivedFrom, internal, lookupVersion, remember, type EndpointContext } from './context.js';
import { accountKey, FEATURES_KEY } from '../../ledger/internal.js';
import { DEFAULT_ACCOUNT_RESOURCE, featureEnabled } from './framework.js';

// GET /accounts/{address}[?ledger_version] (api/src/accounts.rs `get_account`, `Account::account`):
// the stored `AccountResource` (BCS: its bytes as stored; JSON: `AccountData`). Without one, the
// stateless default (`AccountResource::new_stateless`: the address as its authentication key,
// sequence number 0, guid_creation_num 2) when the on-chain `DEFAULT_ACCOUNT_RESOURCE` feature is
// on — the node reads the flag from its latest state (`Context::feature_enabled`) — else 404
// `account_not_found`.

export function account(ctx: EndpointContext<SpecOf<'account'>>): MaybeReply {
  const kind = accept(ctx);
  const { address, key } = remember(ctx.memo.accounts, ctx.params.address ?? '', () => {
    const address = arg(ctx, 'address');
    return { address, key: accountKey(address) };
  });
  const version = lookupVersion(ctx.info, arg(ctx, 'ledger_version'));
  const answer = (stored: Uint8Array): Reply =>
    kind === 'bcs' ? bcsReply(stored, ctx.headers) : jsonReply(200, derivedFrom(ctx.memo.accountJson, stored, accountJsonText), ctx.headers);
  return after(ctx.source.stateValue(key, version), (stored) => {
    if (stored !== undefined) return answer(stored);
    return after(ctx.source.stateValue(FEATURES_KEY, ctx.info.ledgerVersion), (features) => {
      if (!featureEnabled(features, DEFAULT_ACCOUNT_RESOURCE)) throw accountNotFound(address, version);
      return answer(defaultAccount(address));
    });
  });
}

/** `AccountResource::new_stateless`: the address as its authentication key, GUIDs 0 and 1 used. */
function defaultAccount(address: Address): Uint8Array {
  return accountResource.schema.encode({
    authenticationKey: addressBytes(address),
    sequenceNumber: 0n,
    guidCreationNum: 2n,
    coinRegisterEvents: { count: 0n, key: { creationNumber: 0n, accountAddress: address } },
    keyRotationEvents: { count: 0n, key: { creationNumber: 1n, accountAddress: address } },
    rotationCapabilityOffer: { forAddress: null },
    signerCapabilityOffer: { forAddress: null },
  });
}

function accountJsonText(stored: Uint8Array): string {
  let decoded;
  try {
    decoded = accountResource.schema.decode(stored);
  } catch {
    // accounts.rs: "Internal error deserializing response from DB".
    throw internal();
  }
  return JSON.stringify(accountDataJson(decoded));
}
