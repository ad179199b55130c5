import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { encodeSubmission } from '../../src/submission/index.js';
import { fromHex, toHex } from '../../src/bcs/index.js';
import { parseTypeTag } from '../../src/move/index.js';
import { signingMessage, type RawTransactionInput } from '../../src/transactions/index.js';
import { buildScript, sig, T, withParams } from '../move/script-builder.js';
import { errorOf } from './helpers.js';

// script_payload through encodeSubmission (api/types/src/convert.rs `try_into_script_payload`): the
// parameter types come from the script's own bytecode, signer parameters are skipped, the JSON
// arguments convert as for entry functions, and each Move value becomes a TransactionArgument
// (move-core transaction_argument.rs `TryFrom<MoveValue>`). Expected bytes are built from typed
// values with the core schemas.

const scripts = JSON.parse(fs.readFileSync(new URL('../../fixtures/move/scripts.json', import.meta.url), 'utf8')) as {
  scripts: { name: string; hex: string }[];
};
const code = (name: string) => '0x' + scripts.scripts.find((s) => s.name === name)!.hex;

const base = { sender: '0xb0b', sequence_number: '7', max_gas_amount: '200000', gas_unit_price: '100', expiration_timestamp_secs: '1700000000' };
const request = (bytecode: string | Uint8Array, args: unknown[], typeArgs: string[] = [], extra: Record<string, unknown> = {}) => ({
  ...base,
  ...extra,
  payload: { type: 'script_payload', code: { bytecode: typeof bytecode === 'string' ? bytecode : toHex(bytecode) }, type_arguments: typeArgs, arguments: args },
});
const common = { sender: '0xb0b', sequenceNumber: 7n, maxGasAmount: 200000n, gasUnitPrice: 100n, expirationTimestampSecs: 1700000000n, chainId: 4 };
const P = 'The given transaction is invalid: Failed to parse transaction payload: ';
const message = (req: unknown) => errorOf(req).body.message;

describe('script_payload', () => {
  it('reads the parameters from the bytecode, skips the signer, and writes TransactionArguments', () => {
    const hex = code('coin_transfer'); // main<T>(&signer, u64, address)
    const got = encodeSubmission(request(hex, ['1000', '0xb0'], ['0x1::aptos_coin::AptosCoin']), { chainId: 4 }).hex;
    const txn: RawTransactionInput = {
      ...common,
      payload: {
        $kind: 'Script',
        value: {
          code: fromHex(hex),
          typeArgs: [parseTypeTag('0x1::aptos_coin::AptosCoin')],
          args: [{ $kind: 'U64', value: 1000n }, { $kind: 'Address', value: '0xb0' }],
        },
      },
    };
    expect(got).toBe(toHex(signingMessage(txn)));
  });

  it('with a nonce: the orderless Payload (Script executable) and sequence number u64::MAX', () => {
    const hex = code('single_transfer'); // main(&signer, u64, address)
    const got = encodeSubmission(request(hex, ['5', '0xb0'], [], { replay_protection_nonce: '9' }), { chainId: 4 }).hex;
    const txn: RawTransactionInput = {
      ...common,
      sequenceNumber: 2n ** 64n - 1n,
      payload: {
        $kind: 'Payload',
        value: {
          $kind: 'V1',
          value: {
            executable: { $kind: 'Script', value: { code: fromHex(hex), typeArgs: [], args: [{ $kind: 'U64', value: 5n }, { $kind: 'Address', value: '0xb0' }] } },
            extraConfig: { $kind: 'V1', value: { multisigAddress: null, replayProtectionNonce: 9n } },
          },
        },
      },
    };
    expect(got).toBe(toHex(signingMessage(txn)));
  });

  it('type arguments are not counted against the script (the node has no such check)', () => {
    expect(encodeSubmission(request(code('coin_transfer'), ['1', '0x1']), { chainId: 4 }).hex).toMatch(/^0x/);
  });

  it('a vector<u8> parameter is a U8Vector; an empty vector of anything is U8Vector([])', () => {
    const bytes = encodeSubmission(request(code('add_permission_delegation'), ['0x0102']), { chainId: 4 }).hex; // main(&signer, vector<u8>)
    expect(bytes).toContain('01' + '04' + '020102' + '400d03'); // one argument: U8Vector([1, 2]), then max gas
    const vecU64 = withParams(6, [T.vec(T.u64)]);
    expect(encodeSubmission(request(vecU64, [[]]), { chainId: 4 }).hex).toContain('01' + '04' + '00' + '400d03');
  });

  it('a generic parameter is laid out as an address (no substitution for scripts)', () => {
    const generic = buildScript({ typeParams: [0], signatures: [sig(T.param(0))], params: 0 });
    const got = encodeSubmission(request(generic, ['0xb0'], ['u64']), { chainId: 4 }).hex;
    expect(got).toContain('01' + '03' + '00'.repeat(31) + 'b0' + '400d03');
  });

  it('the argument count and the argument errors are the entry-function ones', () => {
    expect(message(request(code('single_transfer'), []))).toBe(`${P}expected 2 arguments [string<u64>, string<address>], but got 0 ([])`);
    expect(message(request(code('single_transfer'), [5, '0xb0']))).toBe(`${P}parse arguments[0] failed, expect string<u64>, caused by error: invalid type: number, expected a string`);
  });

  it('bytecode that is not a script: invalid transaction script bytecode', () => {
    for (const bad of ['0x', '0xa11ceb0b0102', code('coin_transfer').slice(0, 40)]) expect(message(request(bad, []))).toBe(`${P}invalid transaction script bytecode`);
  });

  it('a vector of anything but u8 names its first element as a MoveValue (unexpected value in bytes)', () => {
    expect(message(request(withParams(6, [T.vec(T.u64)]), [['1', '2']]))).toBe(`${P}unexpected value in bytes: U64(1)`);
    expect(message(request(withParams(6, [T.vec(T.bool)]), [[true]]))).toBe(`${P}unexpected value in bytes: Bool(true)`);
    expect(message(request(withParams(6, [T.vec(T.vec(T.u8))]), [['0x0102']]))).toBe(`${P}unexpected value in bytes: Vector([U8(1), U8(2)])`);
    expect(message(request(withParams(6, [T.vec(T.address)]), [['0x1']]))).toBe(`${P}unexpected value in bytes: Address(0x1)`);
  });

  it('a struct value is no TransactionArgument: invalid transaction argument, as a MoveValue', () => {
    const string = buildScript({ identifiers: ['string', 'String'], addresses: ['00'.repeat(31) + '01'], moduleHandles: [[0, 0]], structHandles: [{ module: 0, name: 1 }], signatures: [sig(T.struct(0))] });
    expect(message(request(string, ['ab']))).toBe(`${P}invalid transaction argument: Struct(Runtime([Vector([U8(97), U8(98)])]))`);
    const option = buildScript({ identifiers: ['option', 'Option'], addresses: ['00'.repeat(31) + '01'], moduleHandles: [[0, 0]], structHandles: [{ module: 0, name: 1, typeParams: 1 }], signatures: [sig(T.inst(0, T.u64))] });
    expect(message(request(option, [{ vec: ['42'] }]))).toBe(`${P}invalid transaction argument: Struct(Runtime([Vector([U64(42)])]))`);
    // Bounded, as every quoted value: a megabyte string does not make a megabyte message.
    expect(message(request(string, ['x'.repeat(1 << 20)])).length).toBeLessThan(400);
  });
});
