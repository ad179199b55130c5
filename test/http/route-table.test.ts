import { describe, expect, it } from 'vitest';
import { isBcsError, isUsageError } from '../../src/bcs/index.js';
import { endpointPath, readEndpoint } from '../../src/client/endpoint-request.js';
import { createTransport } from '../../src/client/transport.js';
import { isLedgerApiError } from '../../src/client/index.js';
import { STATE_ENDPOINTS } from '../../src/http/endpoints/index.js';
import type { EndpointContext } from '../../src/http/endpoints/context.js';
import { lookupVersion } from '../../src/http/endpoints/context.js';
import { createLedgerHandler, createRouteHandler } from '../../src/http/handler.js';
import { accept, arg } from '../../src/http/params.js';
import { bcsReply, jsonReply } from '../../src/http/responses.js';
import { ROUTE_HANDLERS } from '../../src/http/routes.js';
import { accountKey } from '../../src/ledger/internal.js';
import { ENDPOINTS, accountResource, type EndpointSpec } from '../../src/records/index.js';
import { u64Decl } from '../../src/transactions/internal.js';
import { FIXTURE, exampleLedger } from '../ledger/fixture.js';

// Adding a route is one entry in the endpoint table plus its handler: the client builds the path and
// query string from the entry and checks the arguments by their `type`; the server routes by the
// entry's pattern and reads each parameter by its `apiType`, answering the node's error for it.
// Proved with a route the library does not have, in a test-local table.

const sequenceNumber = {
  method: 'GET',
  path: '/accounts/{address}/sequence_number',
  params: [
    { name: 'address', in: 'path', type: 'address', apiType: 'string(Address)' },
    { name: 'ledger_version', in: 'query', type: 'u64', apiType: 'string(U64)' },
  ],
  json: (text: string): bigint => BigInt(JSON.parse(text) as string),
  bcs: u64Decl,
} as const satisfies EndpointSpec;

/** The handler: the account's sequence number at a version (its `AccountResource`'s), JSON or BCS. */
async function sequenceNumberHandler(ctx: EndpointContext<typeof sequenceNumber>) {
  const kind = accept(ctx);
  const address = arg(ctx, 'address');
  const version = lookupVersion(ctx.info, arg(ctx, 'ledger_version'));
  const stored = await ctx.source.stateValue(accountKey(address), version);
  const n = stored === undefined ? 0n : accountResource.schema.decode(stored).sequenceNumber;
  return kind === 'bcs' ? bcsReply(u64Decl.schema.encode(n), ctx.headers) : jsonReply(200, JSON.stringify(n.toString()), ctx.headers);
}

const TABLE = { ...ENDPOINTS, sequence_number: sequenceNumber };
const ledger = exampleLedger();
const handler = createRouteHandler(
  { endpoints: TABLE, routes: ROUTE_HANDLERS, stateEndpoints: { ...STATE_ENDPOINTS, sequence_number: sequenceNumberHandler } },
  { source: ledger },
);
let sent = 0;
const t = createTransport({ baseUrl: 'http://replica.test', fetch: (url, init) => (sent++, handler(new Request(url, init))) });
const user = FIXTURE.accounts.users[0]!;
const expected = (version: bigint) => accountResource.schema.decode(ledger.stateValue(accountKey(user), version)!).sequenceNumber;

describe('a route added by one table entry and its handler', () => {
  it('the client reaches it through the entry, in BCS and JSON, with its query parameter', async () => {
    const latest = ledger.ledgerInfo().ledgerVersion;
    expect(expected(latest)).toBeGreaterThan(0n);
    expect((await readEndpoint(t, sequenceNumber, [user], {})).data).toBe(expected(latest));
    expect((await readEndpoint(t, sequenceNumber, [user], { format: 'json' })).data).toBe(expected(latest));
    const at = (await readEndpoint(t, sequenceNumber, [user], { ledgerVersion: 5n })).data;
    expect(at).toBe(ledger.stateValue(accountKey(user), 5n) === undefined ? 0n : expected(5n));
    expect(endpointPath(sequenceNumber, ['0x1'], { ledgerVersion: 7 })).toBe(`/accounts/0x${'1'.padStart(64, '0')}/sequence_number?ledger_version=7`);
  });

  it('the client refuses bad arguments by their type, before anything is sent', async () => {
    const before = sent;
    await expect(readEndpoint(t, sequenceNumber, ['0xnothex'], {})).rejects.toSatisfy(isBcsError);
    await expect(readEndpoint(t, sequenceNumber, [user], { ledgerVersion: -1 })).rejects.toSatisfy(isUsageError);
    expect(sent).toBe(before);
  });

  it("the server reads its parameters by their apiType, with the node's error for each", async () => {
    const status = async (path: string) => {
      const res = await handler(new Request(`http://replica.test/v1${path}`));
      return { status: res.status, body: (await res.json()) as { error_code: string; message: string } };
    };
    const badVersion = await status(`/accounts/${user}/sequence_number?ledger_version=x`);
    expect(badVersion.status).toBe(400);
    expect(badVersion.body.message).toBe(
      'failed to parse parameter `ledger_version`: failed to parse "string(U64)": Parsing u64 string "x" failed, caused by error: invalid digit found in string (occurred while parsing "optional<string(U64)>")',
    );
    const badAddress = await status('/accounts/0xzz/sequence_number');
    expect(badAddress.body.error_code).toBe('web_framework_error');
    expect(badAddress.body.message).toMatch(/^failed to parse path `address`: failed to parse "string\(Address\)": /);
    // Its lookup rules are the shared ones: a version past the ledger is the node's 404.
    await expect(readEndpoint(t, sequenceNumber, [user], { ledgerVersion: 1n << 60n })).rejects.toSatisfy(
      (e) => isLedgerApiError(e) && e.errorCode === 'version_not_found',
    );
  });

  it('without the entry, the library handler does not serve it', async () => {
    const stock = createLedgerHandler({ source: ledger });
    expect((await stock(new Request(`http://replica.test/v1/accounts/${user}/sequence_number`))).status).toBe(404);
  });
});
