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
const text = (body: string | Uint8Array) => (typeof body === 'string' ? body : new TextDecoder().decode(body));

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
  it('makes the body with the hex it is given (the node adapter gives Buffer\'s), over exactly the message', () => {
    const body = request('0x1::aptos_account::transfer');
    const expected = JSON.stringify(encodeSubmission(body, { chainId: 4 }).hex);
    const seen: number[] = [];
    const quoted = (bytes: Uint8Array, n: number) => {
      seen.push(n);
      return `"0x${Buffer.from(bytes.buffer, bytes.byteOffset, n).toString('hex')}"`;
    };
    expect(requestMessageBody(parseSubmissionRequest(body), { chainId: 4, abis: abiRegistry() }, quoted)).toBe(expected);
    expect(seen).toEqual([(expected.length - 4) / 2]);
  });
  it('still verifies a text not compiled yet, and type arguments of a compiled function', () => {
    const abis = abiRegistry();
    requestMessageBody(parseSubmissionRequest(request('0x1::aptos_account::transfer')), { chainId: 4, abis });
    // The compiled text, now with a type argument that does not parse: verify() refuses it.
    expect(refused(abis, request('0x1::aptos_account::transfer', ['0x1::aptos_coin::']))).toBe(
      "400 'UserTransactionRequest' invalid: Unable to parse move type 0x1::aptos_coin::",
    );
    expect(refused(abis, request('0x1::9coin::transfer'))).toBe("400 'UserTransactionRequest' invalid: invalid Move module name: 9coin");
  });
  it('verifies a text spelled like the key of a call compiled with type arguments', () => {
    // `transfer_coins<AptosCoin>` is kept under `0x1::aptos_account::transfer_coins<0x1::aptos_coin::AptosCoin>`:
    // that text as a function id, without type arguments, is the node's 400 (its module name does not parse).
    const abis = abiRegistry();
    const coin = '0x1::aptos_coin::AptosCoin';
    requestMessageBody(parseSubmissionRequest(request('0x1::aptos_account::transfer_coins', [coin])), { chainId: 4, abis });
    expect(refused(abis, request(`0x1::aptos_account::transfer_coins<${coin}>`))).toBe(
      `400 'UserTransactionRequest' invalid: invalid Move module name: aptos_account::transfer_coins<0x1::aptos_coin`,
    );
  });
  it('refuses a 64-digit sender with a character that is not a hex digit, wherever it is', () => {
    const digits = '0123456789abcdef'.repeat(4);
    // U+0130 and U+0161: their low bytes are '0' and 'a'.
    for (const bad of ['g', 'G', ' ', '\u0130', '\u0161']) {
      for (const i of [0, 31, 63]) {
        const sender = `0x${digits.slice(0, i)}${bad}${digits.slice(i + 1)}`;
        expect(() => parseSubmissionRequest({ ...request('0x1::aptos_account::transfer'), sender })).toThrow(/Invalid account address/);
      }
    }
  });
});

function refused(abis: ReturnType<typeof abiRegistry>, body: unknown): string {
  try {
    requestMessageBody(parseSubmissionRequest(body), { chainId: 4, abis });
  } catch (e) {
    return e instanceof ApiError ? `${e.status} ${e.message}` : String(e);
  }
  return 'answered';
}
