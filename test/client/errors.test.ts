import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createLedgerClient,
  isLedgerApiError,
  isLedgerResponseError,
  LedgerApiError,
  type LedgerClient,
} from '../../src/client/index.js';
import { accountResource, transactionSummaries } from '../../src/records/index.js';
import { bcs } from '../../src/bcs/index.js';
import { bcsReply, errorReply, HEADERS, jsonReply, ledger, SENDER, startLedgerServer, startStub, TRANSFER, type Reply, type Stub } from './helpers.js';

// Each test sets what the test node answers next.
let next: Reply = { status: 500 };
let stub: Stub;
let c: LedgerClient;
beforeAll(async () => {
  stub = await startStub(() => next);
  c = createLedgerClient({ baseUrl: stub.url });
});
afterAll(() => stub.close());

async function rejection(p: Promise<unknown>): Promise<unknown> {
  try {
    await p;
  } catch (e) {
    return e;
  }
  throw new Error('expected a rejection');
}

const ACCOUNT = accountResource.schema.encode({
  authenticationKey: new Uint8Array(32),
  sequenceNumber: 1n,
  guidCreationNum: 2n,
  coinRegisterEvents: { count: 0n, key: { creationNumber: 0n, accountAddress: SENDER } },
  keyRotationEvents: { count: 0n, key: { creationNumber: 1n, accountAddress: SENDER } },
  rotationCapabilityOffer: { forAddress: null },
  signerCapabilityOffer: { forAddress: null },
});

describe('error statuses become LedgerApiError with the body fields', () => {
  const cases: [number, string][] = [
    [400, 'invalid_input'],
    [403, 'api_disabled'],
    [404, 'account_not_found'],
    [410, 'version_pruned'],
    [500, 'internal_error'],
    [503, 'mempool_is_full'],
  ];
  for (const [status, code] of cases) {
    it(`${status} ${code}`, async () => {
      next = errorReply(status, code, `message for ${status}`, status === 400 ? 4016 : null);
      const e = await rejection(c.getAccount(SENDER));
      expect(e).toBeInstanceOf(LedgerApiError);
      expect(isLedgerApiError(e)).toBe(true);
      const err = e as LedgerApiError;
      expect(err.status).toBe(status);
      expect(err.errorCode).toBe(code);
      expect(err.message).toBe(`message for ${status}`);
      expect(err.vmErrorCode).toBe(status === 400 ? 4016 : null);
      expect(err.ledgerInfo).toEqual(ledger());
      expect(err.isPruned).toBe(status === 410);
      expect(err.method).toBe('GET');
      expect(err.url).toBe(`${stub.url}/v1/accounts/${SENDER}`);
    });
  }

  it('410 block_pruned on the block endpoint is pruned at a glance', async () => {
    next = errorReply(410, 'block_pruned', 'Block 3 has been pruned');
    const e = (await rejection(c.getBlockByHeight(3))) as LedgerApiError;
    expect(e.isPruned).toBe(true);
    expect(e.errorCode).toBe('block_pruned');
  });

  it('an error without ledger headers still maps, with ledgerInfo undefined', async () => {
    next = { status: 500, headers: { 'content-type': 'application/json' }, body: '{"message":"boom","error_code":"internal_error","vm_error_code":null}' };
    const e = (await rejection(c.getBalance(SENDER, '0x1::aptos_coin::AptosCoin'))) as LedgerApiError;
    expect(e.status).toBe(500);
    expect(e.ledgerInfo).toBeUndefined();
  });

  it('an error status without an error body is a LedgerResponseError (unexpected_status)', async () => {
    next = { status: 502, headers: { 'content-type': 'text/html' }, body: '<html>bad gateway</html>' };
    const e = await rejection(c.getAccount(SENDER));
    expect(isLedgerResponseError(e)).toBe(true);
    expect(e).toMatchObject({ code: 'unexpected_status', status: 502 });
  });

  it('encode_submission errors from the library server (403 api_disabled, 400 invalid_input)', async () => {
    const off = await startLedgerServer({ encodeSubmissionEnabled: false });
    try {
      const oc = createLedgerClient({ baseUrl: off.url });
      const e = (await rejection(oc.encodeSubmission(TRANSFER))) as LedgerApiError;
      expect(e).toMatchObject({ status: 403, errorCode: 'api_disabled', method: 'POST' });
      expect(e.ledgerInfo?.chainId).toBe(4);
    } finally {
      await off.close();
    }
    const on = await startLedgerServer();
    try {
      const oc = createLedgerClient({ baseUrl: on.url });
      const bad = { ...TRANSFER, payload: { ...TRANSFER.payload, arguments: ['0xb0', 'x'] } };
      // The client's own check cannot run before the node answers: the node refuses first.
      const e = (await rejection(oc.encodeSubmission(bad))) as LedgerApiError;
      expect(e).toMatchObject({ status: 400, errorCode: 'invalid_input' });
    } finally {
      await on.close();
    }
  });
});

it('a stale node answers the health check 503 health_check_failed (library server)', async () => {
  const stale = await startLedgerServer({ ledgerInfo: () => ledger({ ledgerTimestampUsec: 1n }) });
  try {
    const e = (await rejection(createLedgerClient({ baseUrl: stale.url }).healthy({ durationSecs: 10 }))) as LedgerApiError;
    expect(e).toMatchObject({ status: 503, errorCode: 'health_check_failed', isPruned: false });
    expect(e.ledgerInfo?.ledgerTimestampUsec).toBe(1n);
  } finally {
    await stale.close();
  }
});

describe('unreadable answers are LedgerResponseError, never a raw TypeError', () => {
  const expectResponseError = async (p: Promise<unknown>, code: string) => {
    const e = await rejection(p);
    expect(isLedgerResponseError(e)).toBe(true);
    expect((e as { code: string }).code).toBe(code);
    return e as Error & { cause?: unknown };
  };

  it('truncated BCS account', async () => {
    next = bcsReply(ACCOUNT.subarray(0, ACCOUNT.length - 3));
    const e = await expectResponseError(c.getAccount(SENDER), 'malformed_body');
    expect((e.cause as { code?: string }).code).toBe('unexpected_end');
  });

  it('BCS account with trailing bytes', async () => {
    next = bcsReply(new Uint8Array([...ACCOUNT, 0]));
    const e = await expectResponseError(c.getAccount(SENDER), 'malformed_body');
    expect((e.cause as { code?: string }).code).toBe('remaining_input');
  });

  it('malformed summaries: an unknown IndexedTransactionSummary variant and a huge length', async () => {
    const good = transactionSummaries.schema.encode([]);
    expect(good).toEqual(new Uint8Array([0]));
    next = bcsReply(new Uint8Array([1, 7]));
    await expectResponseError(c.getTransactionSummaries(SENDER), 'malformed_body');
    next = bcsReply(new Uint8Array([0xff, 0xff, 0xff, 0xff, 0x07]));
    await expectResponseError(c.getTransactionSummaries(SENDER), 'malformed_body');
  });

  it('a balance of 7 bytes', async () => {
    next = bcsReply(bcs.u64.encode(5n).subarray(0, 7));
    await expectResponseError(c.getBalance(SENDER, '0xa'), 'malformed_body');
  });

  it('an empty block body', async () => {
    next = bcsReply(new Uint8Array(0));
    await expectResponseError(c.getBlockByHeight(1), 'malformed_body');
  });

  it('JSON that is not JSON, and a balance that is not a u64', async () => {
    next = jsonReply('{"sequence_number":');
    await expectResponseError(c.getAccount(SENDER, { format: 'json' }), 'malformed_body');
    next = jsonReply('18446744073709551616');
    await expectResponseError(c.getBalance(SENDER, '0xa', { format: 'json' }), 'malformed_body');
    next = jsonReply('1.5');
    await expectResponseError(c.getBalance(SENDER, '0xa', { format: 'json' }), 'malformed_body');
  });

  it('a JSON block whose header is not the interface\'s', async () => {
    next = jsonReply(JSON.stringify({ block_height: '1', block_hash: '0x00', block_timestamp: '1', first_version: '1', last_version: '1' }));
    await expectResponseError(c.getBlockByHeight(1, { format: 'json' }), 'malformed_body');
    next = jsonReply(JSON.stringify({ block_height: '1' }));
    await expectResponseError(c.getBlockByHeight(1, { format: 'json' }), 'malformed_body');
  });

  it('a health answer without a message', async () => {
    next = jsonReply('{}');
    await expectResponseError(c.healthy(), 'malformed_body');
  });

  it('missing or malformed ledger headers on a 200', async () => {
    const { ['X-SVC-EPOCH']: _, ...noEpoch } = HEADERS;
    next = { headers: { ...noEpoch, 'content-type': 'application/x-bcs' }, body: ACCOUNT };
    const e = await expectResponseError(c.getAccount(SENDER), 'missing_headers');
    expect(e.message).toContain('X-SVC-EPOCH');
    expect(e.message).toMatch(/: missing header X-SVC-EPOCH$/);
    next = { headers: { 'content-type': 'application/x-bcs' }, body: ACCOUNT };
    await expectResponseError(c.getAccount(SENDER), 'missing_headers');
    next = { headers: { ...HEADERS, 'X-SVC-CHAIN-ID': '256', 'content-type': 'application/x-bcs' }, body: ACCOUNT };
    await expectResponseError(c.getAccount(SENDER), 'missing_headers');
  });

  it('an answer in the other format, or of another media type', async () => {
    next = jsonReply('{"sequence_number":"1","authentication_key":"0x00"}');
    await expectResponseError(c.getAccount(SENDER), 'unexpected_content_type');
    next = bcsReply(ACCOUNT);
    await expectResponseError(c.getAccount(SENDER, { format: 'json' }), 'unexpected_content_type');
    next = { headers: { ...HEADERS, 'content-type': 'text/plain' }, body: 'ok' };
    await expectResponseError(c.healthy(), 'unexpected_content_type');
  });

  it('a body over maxResponseBytes is refused (declared length, and chunked without one)', async () => {
    const small = createLedgerClient({ baseUrl: stub.url, maxResponseBytes: ACCOUNT.length - 1 });
    next = bcsReply(ACCOUNT);
    await expectResponseError(small.getAccount(SENDER), 'body_too_large');
    next = { headers: { ...HEADERS, 'content-type': 'application/x-bcs', 'transfer-encoding': 'chunked' }, body: ACCOUNT };
    await expectResponseError(small.getAccount(SENDER), 'body_too_large');
    const exact = createLedgerClient({ baseUrl: stub.url, maxResponseBytes: ACCOUNT.length });
    next = bcsReply(ACCOUNT);
    expect((await exact.getAccount(SENDER)).data.sequenceNumber).toBe(1n);
  });

  it('a 204 is not an answer', async () => {
    next = { status: 204, headers: HEADERS };
    await expectResponseError(c.healthy(), 'unexpected_status');
  });
});
