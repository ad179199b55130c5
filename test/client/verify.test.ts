import { afterEach, describe, expect, it } from 'vitest';
import {
  createLedgerClient,
  isLedgerResponseError,
  isSigningMessageMismatchError,
  SigningMessageMismatchError,
} from '../../src/client/index.js';
import { abiRegistry, encodeSubmission } from '../../src/submission/index.js';
import { isApiError } from '../../src/records/index.js';
import { toHex } from '../../src/bcs/index.js';
import { CAFE_ABI, jsonReply, SENDER, startLedgerServer, startStub, TRANSFER, TRANSFER_SIGNING_MESSAGE, type Stub } from './helpers.js';

// A node that answers encode_submission with bytes of its choosing.
let stub: Stub | undefined;
afterEach(async () => {
  await stub?.close();
  stub = undefined;
});

async function nodeAnswering(hex: string, headers: Record<string, string> = {}) {
  stub = await startStub(() => jsonReply(JSON.stringify(hex), 200, headers));
  return createLedgerClient({ baseUrl: stub.url });
}

async function rejection(p: Promise<unknown>): Promise<unknown> {
  try {
    await p;
  } catch (e) {
    return e;
  }
  throw new Error('expected a rejection');
}

const withAmount = (amount: string) => ({ ...TRANSFER, payload: { ...TRANSFER.payload, arguments: ['0xb0', amount] } });

describe('encodeSubmission checks the node bytes against the request', () => {
  it('the honest answer passes (the node bytes are the V2 fixture vector)', async () => {
    const c = await nodeAnswering(TRANSFER_SIGNING_MESSAGE);
    const r = await c.encodeSubmission(TRANSFER);
    expect(r.data).toMatchObject({ hex: TRANSFER_SIGNING_MESSAGE, verified: true });
  });

  it('a tampered amount throws SigningMessageMismatchError naming the amount argument', async () => {
    const tampered = encodeSubmission(withAmount('1000000'), { chainId: 4 }).hex;
    expect(tampered).not.toBe(TRANSFER_SIGNING_MESSAGE);
    const c = await nodeAnswering(tampered);
    const e = await rejection(c.encodeSubmission(TRANSFER));
    expect(e).toBeInstanceOf(SigningMessageMismatchError);
    expect(isSigningMessageMismatchError(e)).toBe(true);
    const err = e as SigningMessageMismatchError;
    expect(err.differences).toHaveLength(1);
    expect(err.differences[0]!.field).toMatch(/args\[1\]$/);
    expect(err.message).toContain(err.differences[0]!.field);
    expect(toHex(err.actual)).toBe(tampered);
    expect(err.expected.hex).toBe(TRANSFER_SIGNING_MESSAGE);
    expect(err.ledgerInfo.chainId).toBe(4);
  });

  it("bytes for another chain than the node's X-SVC-CHAIN-ID are a mismatch on chainId", async () => {
    const otherChain = encodeSubmission(TRANSFER, { chainId: 1 }).hex;
    const c = await nodeAnswering(otherChain);
    const err = (await rejection(c.encodeSubmission(TRANSFER))) as SigningMessageMismatchError;
    expect(err.differences.map((d) => d.field)).toEqual([expect.stringMatching(/chainId$/)]);
  });

  it('a tampered recipient and sequence number are both named', async () => {
    const other = { ...TRANSFER, sequence_number: '8', payload: { ...TRANSFER.payload, arguments: ['0xb1', '1000'] } };
    const c = await nodeAnswering(encodeSubmission(other, { chainId: 4 }).hex);
    const err = (await rejection(c.encodeSubmission(TRANSFER))) as SigningMessageMismatchError;
    const fields = err.differences.map((d) => d.field);
    expect(fields.some((f) => /sequenceNumber$/.test(f))).toBe(true);
    expect(fields.some((f) => /args\[0\]$/.test(f))).toBe(true);
  });

  it('bytes that do not decode at all are a mismatch too', async () => {
    const c = await nodeAnswering('0x00');
    const err = await rejection(c.encodeSubmission(TRANSFER));
    expect(isSigningMessageMismatchError(err)).toBe(true);
  });

  it('{ verify: false } passes tampered bytes through, marked unverified', async () => {
    const tampered = encodeSubmission(withAmount('1000000'), { chainId: 4 }).hex;
    const c = await nodeAnswering(tampered);
    const r = await c.encodeSubmission(TRANSFER, { verify: false });
    expect(r.data.hex).toBe(tampered);
    expect(r.data.verified).toBe(false);
  });

  it('an answer that is not a 0x hex string is a malformed body', async () => {
    for (const body of ['"b5e9"', '"0xzz"', '"0xabc"', '42', 'null']) {
      stub = await startStub(() => jsonReply(body));
      const e = await rejection(createLedgerClient({ baseUrl: stub.url }).encodeSubmission(TRANSFER, { verify: false }));
      expect(isLedgerResponseError(e) && e.code).toBe('malformed_body');
      await stub.close();
      stub = undefined;
    }
  });

  it('modules beyond the framework: verified with the ABIs given per call or per client', async () => {
    const cafe = CAFE_ABI;
    const abis = abiRegistry([cafe]);
    const request = { ...TRANSFER, sender: SENDER, payload: { type: 'entry_function_payload', function: '0xcafe::m::f', type_arguments: [], arguments: ['5'] } };
    const node = await startLedgerServer({ abis });
    try {
      const expected = encodeSubmission(request, { chainId: 4, abis }).hex;
      const perCall = await createLedgerClient({ baseUrl: node.url }).encodeSubmission(request, { abis });
      expect(perCall.data).toMatchObject({ hex: expected, verified: true });
      const perClient = await createLedgerClient({ baseUrl: node.url, abis }).encodeSubmission(request);
      expect(perClient.data.hex).toBe(expected);
      // Without the module's ABI the bytes cannot be explained, so they are not returned.
      const e = await rejection(createLedgerClient({ baseUrl: node.url }).encodeSubmission(request));
      expect(isApiError(e)).toBe(true);
    } finally {
      await node.close();
    }
  });
});
