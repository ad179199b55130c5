import { addressBytes } from '../../bcs/index.js';
import { accountDataJson, accountResource } from '../../records/index.js';
import type { Reply } from '../exchange.js';
import { queryParams, queryU64, pathAddress } from '../node-params.js';
import { jsonReply } from '../responses.js';
import { accept, pathParam, accountNotFound, bcsReply, derivedFrom, internal, lookupVersion, remember, type EndpointContext } from './context.js';
import { accountKey, DEFAULT_ACCOUNT_RESOURCE, featureEnabled, FEATURES_KEY } from './framework.js';

// GET /accounts/{address}[?ledger_version] (api/src/accounts.rs `get_account`, `Account::account`):
// the stored `AccountResource` (BCS: its bytes as stored; JSON: `AccountData`). Without one, the
// stateless default (`AccountResource::new_stateless`: the address as its authentication key,
// sequence number 0, guid_creation_num 2) when the on-chain `DEFAULT_ACCOUNT_RESOURCE` feature is
// on — the node reads the flag from its latest state (`Context::feature_enabled`) — else 404
// `account_not_found`.

export async function account(ctx: EndpointContext): Promise<Reply> {
  const kind = accept(ctx);
  const { address, key } = remember(ctx.memo, `account ${ctx.params.address}`, () => {
    const address = pathAddress(pathParam(ctx, 'address'));
    return { address, key: accountKey(address) };
  });
  const version = lookupVersion(ctx.info, queryU64(queryParams(ctx.ex.query), 'ledger_version'));
  let stored = await ctx.source.stateValue(key, version);
  if (stored === undefined) {
    const features = await ctx.source.stateValue(FEATURES_KEY, ctx.info.ledgerVersion);
    if (!featureEnabled(features, DEFAULT_ACCOUNT_RESOURCE)) throw accountNotFound(address, version);
    stored = accountResource.schema.encode({
      authenticationKey: addressBytes(address),
      sequenceNumber: 0n,
      guidCreationNum: 2n,
      coinRegisterEvents: { count: 0n, key: { creationNumber: 0n, accountAddress: address } },
      keyRotationEvents: { count: 0n, key: { creationNumber: 1n, accountAddress: address } },
      rotationCapabilityOffer: { forAddress: null },
      signerCapabilityOffer: { forAddress: null },
    });
  }
  if (kind === 'bcs') return bcsReply(stored, ctx.headers);
  return jsonReply(200, derivedFrom(ctx.memo.accountJson, stored, accountJsonText), ctx.headers);
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
