import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { abiRegistry, type AbiRegistry } from '../../src/submission/index.js';
import { compiledCallMessageBody, parseSubmissionRequest, requestMessageBody } from '../../src/submission/internal.js';

// compiled-request.ts answers encode_submission's common request straight from its JSON value; it
// must answer only what the general path answers, with the same bytes, and leave everything else
// (undefined) to the general path, which gives the node's errors in the node's order.

const SENDER = '0x1234567890abcdef1234567890abcdef1234567890abcdef1234567890abcdef';
const TRANSFER = '0x1::aptos_account::transfer';
const base = (): Record<string, unknown> => ({
  sender: SENDER,
  sequence_number: '7',
  max_gas_amount: '200000',
  gas_unit_price: '100',
  expiration_timestamp_secs: '1700000000',
  payload: { type: 'entry_function_payload', function: TRANSFER, type_arguments: [], arguments: ['0xb0', '1000'] },
});
const quoted = (bytes: Uint8Array, n: number): string => `"0x${Buffer.from(bytes.buffer, bytes.byteOffset, n).toString('hex')}"`;

/** The general path's answer: the body, or the error's status and message. */
function general(abis: AbiRegistry, body: unknown): string {
  try {
    return requestMessageBody(parseSubmissionRequest(body), { chainId: 4, abis }, quoted) as string;
  } catch (e) {
    const { status, message } = e as { status?: number; message: string };
    return `error ${status} ${message}`;
  }
}

const direct = (abis: AbiRegistry, body: unknown) => compiledCallMessageBody(body, abis, 4, quoted);

describe('compiledCallMessageBody', () => {
  it('answers the common request once its function is compiled, with the general path\'s bytes', () => {
    const abis = abiRegistry();
    expect(direct(abis, base())).toBeUndefined(); // not compiled yet: the general path compiles it
    const expected = general(abis, base());
    expect(expected).toMatch(/^"0x[0-9a-f]+"$/);
    expect(direct(abis, base())).toBe(expected);
  });

  it('leaves every other request to the general path', () => {
    const abis = abiRegistry();
    general(abis, base());
    const variants: [string, (b: Record<string, unknown>) => void][] = [
      ['a nonce', (b) => (b.replay_protection_nonce = '5')],
      ['secondary signers', (b) => (b.secondary_signers = [])],
      ['a short sender', (b) => (b.sender = '0xb0')],
      ['a sender without 0x', (b) => (b.sender = '00' + SENDER.slice(2))],
      ['a sender with a bad digit', (b) => (b.sender = SENDER.slice(0, 65) + 'g')],
      ['a signed number', (b) => (b.sequence_number = '+7')],
      ['16 digits', (b) => (b.max_gas_amount = '1234567890123456')],
      ['a JSON number', (b) => (b.gas_unit_price = 100)],
      ['type arguments', (b) => ((b.payload as Record<string, unknown>).type_arguments = ['u8'])],
      ['a script', (b) => ((b.payload as Record<string, unknown>).type = 'script_payload')],
      ['a text ending in >', (b) => ((b.payload as Record<string, unknown>).function = `${TRANSFER}<u8>`)],
      ['an argument the call refuses', (b) => ((b.payload as Record<string, unknown>).arguments = ['0xb0', '1000.5'])],
      ['one argument too few', (b) => ((b.payload as Record<string, unknown>).arguments = ['0xb0'])],
    ];
    for (const [name, change] of variants) {
      const b = base();
      change(b);
      expect(direct(abis, b), name).toBeUndefined();
    }
    expect(direct(abis, [base()])).toBeUndefined();
    expect(direct(abis, null)).toBeUndefined();
  });

  it('answers only what the general path answers, with the same bytes (property)', () => {
    const abis = abiRegistry();
    // Compile the functions the requests below may name, through the general path.
    general(abis, base());
    // Each field mostly as the common request has it, so that whole common requests turn up too.
    const mostly = (usual: unknown, ...others: unknown[]) => fc.oneof({ arbitrary: fc.constant(usual), weight: 4 }, { arbitrary: fc.constantFrom(...others), weight: 1 });
    const u64 = (usual: string) => mostly(usual, '0', '007', '+7', '-1', '', ' 7', '1.0', '999999999999999', '1234567890123456', '18446744073709551615', '18446744073709551616', 7, null, undefined);
    const sender = mostly(SENDER, SENDER.toUpperCase().replace('0X', '0x'), SENDER.slice(0, 65) + 'g', SENDER.slice(0, 65), SENDER.slice(2), '0x1', '0xb0', 5, null, undefined);
    const fn = mostly(TRANSFER, `${TRANSFER}<u8>`, '0x1::coin::transfer', '0x1::aptos_account::transfer_coins', '0x01::aptos_account::transfer', 'transfer', 7);
    const arg = fc.constantFrom<unknown>('0xb0', '0x' + 'f'.repeat(64), '0x' + 'f'.repeat(65), '0xZZ', '1000', '18446744073709551616', '1000.0', 1000, null, [], {});
    const args = fc.oneof(
      { arbitrary: fc.tuple(mostly('0xb0', '0x' + 'f'.repeat(64), '0xZZ', 1000, null), mostly('1000', '0', '18446744073709551615', '18446744073709551616', '1000.0', '+1', 1000)), weight: 4 },
      { arbitrary: fc.array(arg, { maxLength: 3 }), weight: 1 },
      { arbitrary: fc.constantFrom<unknown>('x', null, undefined), weight: 1 },
    );
    const typeArgs = mostly([], ['0x1::aptos_coin::AptosCoin'], ['u8'], 'x', undefined);
    const optional = mostly(undefined, null, '5', [], ['0x1']);
    const request = fc.record({
      sender, sequence_number: u64('7'), max_gas_amount: u64('200000'), gas_unit_price: u64('100'), expiration_timestamp_secs: u64('1700000000'),
      type: mostly('entry_function_payload', 'script_payload', 'multisig_payload', undefined),
      fn, typeArgs, args, nonce: optional, signers: optional,
    });
    let answered = 0;
    fc.assert(
      fc.property(request, (r) => {
        const body: Record<string, unknown> = {
          sender: r.sender, sequence_number: r.sequence_number, max_gas_amount: r.max_gas_amount, gas_unit_price: r.gas_unit_price,
          expiration_timestamp_secs: r.expiration_timestamp_secs,
          payload: { type: r.type, function: r.fn, type_arguments: r.typeArgs, arguments: r.args },
          replay_protection_nonce: r.nonce, secondary_signers: r.signers,
        };
        const expected = general(abis, body);
        const got = direct(abis, body);
        if (got !== undefined) {
          answered++;
          expect(got).toBe(expected);
        }
      }),
      { numRuns: 3000, seed: 32 },
    );
    // Not vacuous: many cases are common requests, answered here (and many are not).
    expect(answered).toBeGreaterThan(100);
    expect(answered).toBeLessThan(2900);
  });
});
