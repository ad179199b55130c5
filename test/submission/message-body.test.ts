import { describe, expect, it } from 'vitest';
import { abiRegistry, encodeSubmission } from '../../src/submission/index.js';
import { parseSubmissionRequest, requestMessageBody } from '../../src/submission/internal.js';
import { ApiError } from '../../src/records/index.js';

// The http route's body writer (encode-submission.ts `requestMessageBody`): verify() is skipped for a
// function text whose call is already compiled, so a second request must answer as the first did,
// and a text not yet compiled must still be verified.
const request = (fn: string, typeArguments: string[] = [], args: unknown[] = ['0xb0', '1000']) => ({
  sender: '0x1234567890abcdef1234567890abcdef1234567890abcdef1234567890abcdef',
  sequence_number: '7',
  max_gas_amount: '200000',
  gas_unit_price: '100',
  expiration_timestamp_secs: '1700000000',
  payload: { type: 'entry_function_payload', function: fn, type_arguments: typeArguments, arguments: args },
});
const text = (body: Uint8Array) => new TextDecoder().decode(body);

describe('requestMessageBody', () => {
  it('answers a compiled call (verify skipped) with the same body as its first, verified, request', () => {
    const abis = abiRegistry();
    const body = request('0x1::aptos_account::transfer');
    const expected = JSON.stringify(encodeSubmission(body, { chainId: 4 }).hex);
    const first = text(requestMessageBody(parseSubmissionRequest(body), { chainId: 4, abis }));
    expect(abis.calls.get('0x1::aptos_account::transfer')).toBeDefined();
    const second = text(requestMessageBody(parseSubmissionRequest(body), { chainId: 4, abis }));
    expect([first, second]).toEqual([expected, expected]);
  });
  it('still verifies a text not compiled yet, and type arguments of a compiled function', () => {
    const abis = abiRegistry();
    requestMessageBody(parseSubmissionRequest(request('0x1::aptos_account::transfer')), { chainId: 4, abis });
    const refused = (body: unknown) => {
      try {
        requestMessageBody(parseSubmissionRequest(body), { chainId: 4, abis });
      } catch (e) {
        return e instanceof ApiError ? `${e.status} ${e.errorCode}` : String(e);
      }
      return 'answered';
    };
    // The compiled text, now with a type argument that does not parse: verify() refuses it.
    expect(refused(request('0x1::aptos_account::transfer', ['0x1::aptos_coin::']))).toBe('400 invalid_input');
    expect(refused(request('0x1::9coin::transfer'))).toBe('400 invalid_input');
  });
});
