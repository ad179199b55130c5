import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLedgerClient } from '../../src/client/index.js';
import { readFileSync } from 'node:fs';
import { accountResource, bcsBlock, blockJson, decodeResponse, transactionSummaries, transactionSummaryJson } from '../../src/records/index.js';
import { bcs, fromHex, toHex } from '../../src/bcs/index.js';
import { bcsReply, HEADERS, jsonReply, ledger, SENDER, startLedgerServer, startStub, TRANSFER, TRANSFER_SIGNING_MESSAGE, type Running, type Seen, type Stub } from './helpers.js';

const HASH = new Uint8Array(32).map((_, i) => i + 1);
const ACCOUNT = {
  authenticationKey: new Uint8Array(32).fill(0xab),
  sequenceNumber: 7n,
  guidCreationNum: 4n,
  coinRegisterEvents: { count: 1n, key: { creationNumber: 0n, accountAddress: SENDER } },
  keyRotationEvents: { count: 0n, key: { creationNumber: 1n, accountAddress: SENDER } },
  rotationCapabilityOffer: { forAddress: null },
  signerCapabilityOffer: { forAddress: '0x' + 'b0'.padStart(64, '0') },
};
const SUMMARIES = [
  { $kind: 'V1' as const, value: { sender: SENDER, version: 100n, transactionHash: HASH, replayProtector: { $kind: 'SequenceNumber' as const, value: 6n } } },
  { $kind: 'V1' as const, value: { sender: SENDER, version: (1n << 64n) - 1n, transactionHash: HASH, replayProtector: { $kind: 'Nonce' as const, value: 99n } } },
];
const BLOCK = { blockHeight: 5555n, blockHash: HASH, blockTimestamp: 1_700_000_000_000_000n, firstVersion: 10n, lastVersion: 12n, transactions: null };
// The records' golden block with four transactions (fixtures/records/golden.json, see its provenance).
const GOLDEN = JSON.parse(readFileSync(new URL('../../fixtures/records/golden.json', import.meta.url), 'utf8')) as { vectors: { name: string; bcs: string }[] };
const BLOCK_WITH_TXS = fromHex(GOLDEN.vectors.find((v) => v.name.startsWith('BcsBlock with '))!.bcs);

// The test node: bytes built by the record codecs, the ledger headers, and JSON on request.
function node(req: Seen) {
  const json = req.headers.accept === 'application/json';
  const path = req.url.split('?')[0]!;
  if (path.endsWith('/transaction_summaries')) {
    return json ? jsonReply(JSON.stringify(SUMMARIES.map(transactionSummaryJson))) : bcsReply(transactionSummaries.schema.encode(SUMMARIES), { 'x-svc-cursor': 'next-page' });
  }
  if (path.includes('/balance/')) return json ? jsonReply('18446744073709551615') : bcsReply(bcs.u64.encode(1234567890123n));
  if (path.startsWith('/v1/blocks/by_height/')) {
    if (req.url.endsWith('with_transactions=true')) return json ? jsonReply(JSON.stringify(blockJson(decodeResponse('block', BLOCK_WITH_TXS)))) : bcsReply(BLOCK_WITH_TXS);
    return json ? jsonReply(JSON.stringify(blockJson(BLOCK))) : bcsReply(bcsBlock.schema.encode(BLOCK));
  }
  if (path.startsWith('/v1/accounts/')) {
    return json ? jsonReply('{"sequence_number":"7","authentication_key":"0xabab"}') : bcsReply(accountResource.schema.encode(ACCOUNT));
  }
  return jsonReply('{"message":"not found","error_code":"web_framework_error","vm_error_code":null}', 404);
}

let stub: Stub;
let lib: Running;
beforeAll(async () => {
  stub = await startStub(node);
  lib = await startLedgerServer();
});
afterAll(async () => {
  await stub.close();
  await lib.close();
});

const last = () => stub.seen[stub.seen.length - 1]!;

describe('state endpoints against a test node', () => {
  it('getAccount: GET /v1/accounts/{long address}, BCS decoded, ledger info parsed', async () => {
    const c = createLedgerClient({ baseUrl: stub.url });
    const r = await c.getAccount('1234567890abcdef1234567890abcdef1234567890abcdef1234567890abcdef', { ledgerVersion: 99n });
    expect(last().url).toBe(`/v1/accounts/${SENDER}?ledger_version=99`);
    expect(last().headers.accept).toBe('application/x-bcs');
    expect(r.data.sequenceNumber).toBe(7n);
    expect(toHex(r.data.authenticationKey)).toBe('0x' + 'ab'.repeat(32));
    expect(r.data.signerCapabilityOffer.forAddress).toBe('0x' + 'b0'.padStart(64, '0'));
    expect(r.ledgerInfo).toEqual(ledger());
    expect(r.cursor).toBeUndefined();
  });

  it('getAccount with format json returns the node JSON', async () => {
    const c = createLedgerClient({ baseUrl: `${stub.url}/` });
    const r = await c.getAccount('0x1', { format: 'json' });
    expect(last().url).toBe(`/v1/accounts/0x${'1'.padStart(64, '0')}`);
    expect(last().headers.accept).toBe('application/json');
    expect(r.data).toEqual({ sequence_number: '7', authentication_key: '0xabab' });
  });

  it('getTransactionSummaries: u64 and u16 query parameters, the vector decoded, the cursor surfaced', async () => {
    const c = createLedgerClient({ baseUrl: stub.url });
    const r = await c.getTransactionSummaries(SENDER, { startVersion: '18446744073709551615', endVersion: 5, limit: 65535 });
    expect(last().url).toBe(`/v1/accounts/${SENDER}/transaction_summaries?start_version=18446744073709551615&end_version=5&limit=65535`);
    expect(r.data).toEqual(SUMMARIES);
    expect(r.cursor).toBe('next-page');
    expect(r.ledgerInfo.cursor).toBe('next-page');
    const j = await c.getTransactionSummaries(SENDER, { format: 'json' });
    expect(j.data).toEqual(SUMMARIES.map(transactionSummaryJson));
    expect(j.data[1]!.replay_protector).toEqual({ type: 'nonce', nonce: '99' });
  });

  it('getBalance: struct tags canonical and percent-encoded, FA metadata addresses normalised', async () => {
    const c = createLedgerClient({ baseUrl: stub.url });
    const r = await c.getBalance(SENDER, '0x1::coin::CoinStore< 0x1::aptos_coin::AptosCoin >', { ledgerVersion: 7 });
    expect(last().url).toBe(`/v1/accounts/${SENDER}/balance/0x1%3A%3Acoin%3A%3ACoinStore%3C0x1%3A%3Aaptos_coin%3A%3AAptosCoin%3E?ledger_version=7`);
    expect(r.data).toBe(1234567890123n);
    await c.getBalance(SENDER, '0xA');
    expect(last().url).toBe(`/v1/accounts/${SENDER}/balance/0x${'a'.padStart(64, '0')}`);
    // JSON: the node writes the u64 as a number; read exactly, not through a double.
    const j = await c.getBalance(SENDER, '0xa', { format: 'json' });
    expect(j.data).toBe(18446744073709551615n);
  });

  it('getBlockByHeight: with_transactions flag, BcsBlock decoded (without transactions: no byte for them)', async () => {
    const c = createLedgerClient({ baseUrl: stub.url });
    const r = await c.getBlockByHeight(5555n, { withTransactions: false });
    expect(last().url).toBe('/v1/blocks/by_height/5555?with_transactions=false');
    expect(r.data).toEqual(BLOCK);
    await c.getBlockByHeight(0);
    expect(last().url).toBe('/v1/blocks/by_height/0');
    const j = await c.getBlockByHeight('18446744073709551615', { format: 'json' });
    expect(last().url).toBe('/v1/blocks/by_height/18446744073709551615');
    expect(j.data).toEqual({ block_height: '5555', block_hash: toHex(HASH), block_timestamp: '1700000000000000', first_version: '10', last_version: '12' });
  });

  it('getBlockByHeight with transactions: the golden block with four transactions', async () => {
    const c = createLedgerClient({ baseUrl: stub.url });
    const r = await c.getBlockByHeight(42, { withTransactions: true });
    expect(last().url).toBe('/v1/blocks/by_height/42?with_transactions=true');
    expect(r.data.blockHeight).toBe(42n);
    expect(r.data.transactions!.map((t) => [t.version, t.transaction.$kind])).toEqual([
      [100n, 'BlockMetadataExt'],
      [101n, 'UserTransaction'],
      [102n, 'StateCheckpoint'],
      [103n, 'BlockEpilogue'],
    ]);
    const j = await c.getBlockByHeight(42, { withTransactions: true, format: 'json' });
    expect(j.data.transactions).toHaveLength(4);
  });

  it('sends the configured headers with every request', async () => {
    const c = createLedgerClient({ baseUrl: stub.url, headers: { 'x-api-key': 'k1' } });
    await c.getAccount(SENDER);
    expect(last().headers['x-api-key']).toBe('k1');
  });
});

describe('encode_submission and health against the library server', () => {
  it('encodeSubmission returns the verified signing message and the ledger info', async () => {
    const c = createLedgerClient({ baseUrl: lib.url });
    const r = await c.encodeSubmission(TRANSFER);
    expect(r.data.hex).toBe(TRANSFER_SIGNING_MESSAGE);
    expect(toHex(r.data.signingMessage)).toBe(TRANSFER_SIGNING_MESSAGE);
    expect(r.data.verified).toBe(true);
    expect(r.ledgerInfo.chainId).toBe(4);
  });

  it('encodeSubmission sends a JSON string as written', async () => {
    const c = createLedgerClient({ baseUrl: lib.url });
    const r = await c.encodeSubmission(JSON.stringify(TRANSFER));
    expect(r.data.hex).toBe(TRANSFER_SIGNING_MESSAGE);
  });

  it('healthy, with and without duration_secs', async () => {
    const c = createLedgerClient({ baseUrl: lib.url });
    expect((await c.healthy()).data).toEqual({ message: 'aptos-node:ok' });
    const r = await c.healthy({ durationSecs: 4294967295 });
    expect(r.data.message).toBe('aptos-node:ok');
    expect(r.ledgerInfo).toEqual(ledger());
    expect(HEADERS['X-SVC-CHAIN-ID']).toBe('4');
  });
});
