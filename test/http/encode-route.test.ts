import { describe, expect, it } from 'vitest';
import { createLedgerHandler } from '../../src/http/index.js';
import { EXCHANGE, type BodyPieces, type Exchange, type Reply } from '../../src/http/exchange.js';
import { Later } from '../../src/http/later.js';
import { ApiError } from '../../src/records/index.js';

// encode.ts `EncodeCall`: from the node adapter, encode_submission's reply is a Later read from the
// body's, which never fails: every failure after the body's read began (the read itself, or the
// request it held) is answered as the handler answers a route's (responses.ts `failureReply`), with
// the request's ledger headers. handler.ts passes the Later on as it is.

const ledgerInfo = () => ({ chainId: 4, ledgerVersion: 9n, oldestLedgerVersion: 0n, ledgerTimestampUsec: 5n, epoch: 1n, blockHeight: 3n, oldestBlockHeight: 0n });

/** The route's reply when the body's read ends with `end` (an error, or the body's bytes). */
function replyWhen(end: (body: Later<BodyPieces>) => void): { reply?: Reply; failed: boolean } {
  const serve = createLedgerHandler({ ledgerInfo })[EXCHANGE];
  const body = new Later<BodyPieces>();
  const ex: Exchange = {
    method: 'POST',
    path: '/v1/transactions/encode_submission',
    query: '',
    header: (name) => (name === 'content-type' ? 'application/json' : undefined),
    readBody: () => Promise.reject(new Error('not read this way')),
    readBodyPiecesLater: () => body,
  };
  const later = serve(ex) as Later<Reply>;
  const seen: { reply?: Reply; failed: boolean } = { failed: false };
  later.read({ ok: (r) => (seen.reply = r), fail: () => (seen.failed = true) });
  end(body);
  return seen;
}

const message = (r: Reply | undefined) => JSON.parse(r!.body as string) as { message: string; error_code: string };

describe('encode_submission from a body read later', () => {
  it('answers a failed read with its ApiError (the budget shed 503), with the ledger headers', () => {
    const { reply, failed } = replyWhen((b) => b.reject(new ApiError(503, 'web_framework_error', 'server busy')));
    expect(failed).toBe(false);
    expect(reply!.status).toBe(503);
    expect(message(reply)).toMatchObject({ message: 'server busy', error_code: 'web_framework_error' });
    expect(reply!.headers['X-SVC-LEDGER-VERSION']).toBe('9');
  });
  it('answers any other failure of the read as a 500', () => {
    const { reply, failed } = replyWhen((b) => b.reject(new Error('the client closed the connection')));
    expect(failed).toBe(false);
    expect([reply!.status, message(reply).error_code]).toEqual([500, 'internal_error']);
  });
  it('answers a body the route refuses with the node\'s error, and a good one with its message', () => {
    const bad = replyWhen((b) => b.resolve([new TextEncoder().encode('{"sender":')]));
    expect([bad.failed, bad.reply!.status, message(bad.reply).error_code]).toEqual([false, 400, 'web_framework_error']);
    const request = {
      sender: '0x1234567890abcdef1234567890abcdef1234567890abcdef1234567890abcdef',
      sequence_number: '7', max_gas_amount: '200000', gas_unit_price: '100', expiration_timestamp_secs: '1700000000',
      payload: { type: 'entry_function_payload', function: '0x1::aptos_account::transfer', type_arguments: [], arguments: ['0xb0', '1000'] },
    };
    const good = replyWhen((b) => b.resolve([new TextEncoder().encode(JSON.stringify(request))]));
    expect(good.reply!.status).toBe(200);
    expect(new TextDecoder().decode(good.reply!.body as Uint8Array)).toMatch(/^"0xb5e97db07fa0bd0e5598aa3643a9bc6f6693bddc1a9fec9e674a461eaa00b193/);
  });
});
