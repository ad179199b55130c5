import { describe, expect, it } from 'vitest';
import { encodeSubmission, type MoveModuleJson } from '../../src/submission/index.js';
import { errorOf } from './helpers.js';
import vectors from '../../fixtures/submission/requests.json' with { type: 'json' };
import goldens from '../../fixtures/submission/error-goldens.json' with { type: 'json' };


function setPath(o: Record<string, unknown>, path: string[], value: unknown): Record<string, unknown> {
  const copy = structuredClone(o);
  let at: Record<string, unknown> = copy;
  for (const k of path.slice(0, -1)) at = at[k] as Record<string, unknown>;
  at[path[path.length - 1]] = value;
  return copy;
}

describe('encode_submission vectors', () => {
  for (const v of vectors.vectors) {
    it(v.name, () => {
      const r = encodeSubmission(v.request, { chainId: vectors.chain_id, abis: vectors.abis as MoveModuleJson[] });
      expect(r.hex).toBe(v.signing_message);
      expect(r.signingMessage.length).toBe((v.signing_message.length - 2) / 2);
    });
  }
  it('decodes the transaction it built, for single and multi-agent messages', () => {
    const single = encodeSubmission(vectors.vectors[0].request, { chainId: 4 });
    expect(single.rawTransaction.sequenceNumber).toBe(7n);
    expect(single.secondarySigners).toBeUndefined();
    const multi = encodeSubmission(vectors.vectors.find((v) => v.name.startsWith('V11 '))!.request, { chainId: 4 });
    expect(multi.rawTransaction.chainId).toBe(4);
    expect(multi.secondarySigners).toEqual([`0x${'0'.repeat(62)}c1`, `0x${'0'.repeat(62)}c2`]);
  });
  it('takes the chain id from the options, never from the request', () => {
    const req = { ...vectors.vectors[0].request, chain_id: 99 };
    const r = encodeSubmission(req, { chainId: 2 });
    expect(r.hex.slice(-2)).toBe('02');
    expect(r.hex.slice(0, -2)).toBe(vectors.vectors[0].signing_message.slice(0, -2));
  });
  it('ignores unknown fields, including signature and __proto__', () => {
    const req = JSON.parse(JSON.stringify(vectors.vectors[0].request).replace('{', '{"signature":{"type":"x"},"__proto__":{"sender":"0x2"},'));
    expect(encodeSubmission(req, { chainId: 4 }).hex).toBe(vectors.vectors[0].signing_message);
  });
  it('refuses a chain id outside u8', () => {
    for (const chainId of [-1, 256, 1.5, NaN, '4'] as never[]) expect(() => encodeSubmission(vectors.vectors[0].request, { chainId })).toThrow(/chainId/);
  });
});

describe('encode_submission error goldens (aptos-core api/goldens)', () => {
  for (const c of goldens.cases) {
    it(c.name, () => {
      const req = setPath(goldens.template, c.path, c.value);
      expect(errorOf(req, { chainId: 4 })).toEqual({ status: c.status, body: c.body });
    });
  }
  // The two goldens whose text predates the poem-era node: their status, code and wording hold.
  it('test_invalid_type_argument_data_type: the 2022 golden\'s cause, in the poem-era chain', () => {
    const e = errorOf(setPath(goldens.template, ['payload', 'type_arguments'], [true]), { chainId: 4 });
    expect(e).toEqual({
      status: 400,
      body: {
        message:
          'parse request payload error: failed to parse "string(MoveType)": deserialize Move type failed, invalid type: boolean `true`, expected a string' +
          ' (occurred while parsing "[string(MoveType)]") (occurred while parsing "EntryFunctionPayload") (occurred while parsing "TransactionPayload")' +
          ' (occurred while parsing "UserTransactionRequestInner") (occurred while parsing "EncodeSubmissionRequest")',
        error_code: 'web_framework_error',
        vm_error_code: null,
      },
    });
  });
  it('test_invalid_entry_function_module_address: "The given transaction is invalid", now with its cause', () => {
    const e = errorOf(setPath(goldens.template, ['payload', 'function'], '0x2342342342::Invalid::invalid'), { chainId: 4 });
    expect(e.status).toBe(400);
    expect(e.body.error_code).toBe('invalid_input');
    expect(e.body.message).toBe('The given transaction is invalid: Failed to parse transaction payload: Module ModuleId { address: 0x2342342342, name: Identifier("Invalid") } can\'t be found');
  });
});

describe('payload kinds', () => {
  const base = vectors.vectors[0].request;
  it('module bundles are always refused, with or without a nonce', () => {
    const m = 'The given transaction is invalid: Failed to parse transaction payload: Module bundle payload has been removed';
    expect(errorOf({ ...base, payload: { type: 'module_bundle_payload', modules: [] } }).body.message).toBe(m);
    expect(errorOf({ ...base, replay_protection_nonce: '1', payload: { type: 'module_bundle_payload', modules: [] } }).body.message).toBe(m);
  });
  it('a multisig payload whose transaction_payload is null is one without', () => {
    const without = encodeSubmission({ ...base, payload: { type: 'multisig_payload', multisig_address: '0xbeef' } }, { chainId: 4 }).hex;
    expect(encodeSubmission({ ...base, payload: { type: 'multisig_payload', multisig_address: '0xbeef', transaction_payload: null } }, { chainId: 4 }).hex).toBe(without);
  });
  it('the inner payload of a multisig is only ever an entry function', () => {
    const e = errorOf({ ...base, payload: { type: 'multisig_payload', multisig_address: '0xbeef', transaction_payload: { type: 'script_payload' } } });
    expect(e.body.error_code).toBe('web_framework_error');
    expect(e.body.message).toContain('Expected input type \\"MultisigTransactionPayload\\"'.replace(/\\/g, ''));
  });
  it('private entry functions are found (find_entry_function matches is_entry only)', () => {
    // 0x1::account::set_originating_address is `entry fun` without `public` in the framework.
    const r = encodeSubmission({ ...base, payload: { type: 'entry_function_payload', function: '0x1::account::set_originating_address', type_arguments: [], arguments: [] } }, { chainId: 4 });
    expect(r.rawTransaction.payload).toMatchObject({ $kind: 'EntryFunction', value: { function: 'set_originating_address', args: [] } });
  });
  it('the sequence number must parse even when the nonce replaces it', () => {
    const e = errorOf({ ...base, sequence_number: 'x', replay_protection_nonce: '5' });
    expect(e.body.message).toContain('Parsing u64 string "x" failed');
  });
  it('replay_protection_nonce null is no nonce', () => {
    expect(encodeSubmission({ ...base, replay_protection_nonce: null }, { chainId: 4 }).hex).toBe(vectors.vectors[0].signing_message);
  });
});

describe('request fields (web_framework_error)', () => {
  const base = vectors.vectors[0].request;
  const W = ' (occurred while parsing "UserTransactionRequestInner") (occurred while parsing "EncodeSubmissionRequest")';
  it('a body that is not an object', () => {
    for (const body of [null, 1, 'x', [], true]) {
      const e = errorOf(body, { chainId: 4 });
      expect(e.status).toBe(400);
      expect(e.body.message).toMatch(/^parse request payload error: Expected input type "EncodeSubmissionRequest", found .*\. \(occurred while parsing "EncodeSubmissionRequest"\)$/);
    }
  });
  it('a missing required field is read as null', () => {
    const { sender: _, ...noSender } = base;
    expect(errorOf(noSender).body.message).toBe(`parse request payload error: failed to parse "string(Address)": invalid type: null, expected a string${W}`);
  });
  it('u64 fields are decimal strings, never JSON numbers', () => {
    expect(errorOf({ ...base, max_gas_amount: 200000 }).body.message).toBe(
      `parse request payload error: failed to parse "string(U64)": invalid type: number, expected a string${W}`,
    );
    expect(errorOf({ ...base, gas_unit_price: '18446744073709551616' }).body.message).toContain('number too large to fit in target type');
    expect(errorOf({ ...base, gas_unit_price: '' }).body.message).toContain('cannot parse integer from empty string');
    expect(errorOf({ ...base, gas_unit_price: '-1' }).body.message).toContain('invalid digit found in string');
    expect(errorOf({ ...base, gas_unit_price: ' 1' }).body.message).toContain('invalid digit found in string');
    expect(errorOf({ ...base, gas_unit_price: '0x10' }).body.message).toContain('invalid digit found in string');
  });
  it("u64 fields follow Rust's u64::from_str: a leading + and leading zeros are accepted", () => {
    const r = encodeSubmission({ ...base, sequence_number: '+007' }, { chainId: 4 });
    expect(r.hex).toBe(vectors.vectors[0].signing_message);
    expect(encodeSubmission({ ...base, sequence_number: '18446744073709551615' }, { chainId: 4 }).rawTransaction.sequenceNumber).toBe(2n ** 64n - 1n);
  });
  it('addresses with or without 0x, 1 to 64 digits', () => {
    const short = encodeSubmission({ ...base, sender: '1234567890abcdef1234567890abcdef1234567890abcdef1234567890abcdef' }, { chainId: 4 });
    expect(short.hex).toBe(vectors.vectors[0].signing_message);
    expect(errorOf({ ...base, sender: '0x' + '1'.repeat(65) }).body.message).toContain('Hex string is too long');
    expect(errorOf({ ...base, sender: '0x' }).body.message).toContain('Hex string is too short');
  });
  it('secondary_signers must be an array of addresses', () => {
    expect(errorOf({ ...base, secondary_signers: '0xc1' }).body.message).toBe(
      'parse request payload error: Expected input type "[string(Address)]", found "0xc1". (occurred while parsing "optional<[string(Address)]>") (occurred while parsing "EncodeSubmissionRequest")',
    );
    expect(errorOf({ ...base, secondary_signers: ['0xc1', 5] }).body.message).toContain('failed to parse "string(Address)": invalid type: number, expected a string (occurred while parsing "[string(Address)]")');
  });
  it('type_arguments and arguments must be arrays', () => {
    expect(errorOf({ ...base, payload: { ...base.payload, type_arguments: 'u64' } }).body.message).toContain('Expected input type "[string(MoveType)]", found "u64".');
    expect(errorOf({ ...base, payload: { ...base.payload, arguments: {} } }).body.message).toContain('Expected input type "[any]", found {}.');
  });
  it('a script bytecode must be hex', () => {
    const e = errorOf({ ...base, payload: { type: 'script_payload', code: { bytecode: '0xzz' }, type_arguments: [], arguments: [] } });
    expect(e.body.message).toContain('decode hex-encoded string("0xzz") failed, caused by error: Invalid character \'z\' at position 0');
  });
});

describe("verify() (400 invalid_input, 'UserTransactionRequest' invalid)", () => {
  const base = vectors.vectors[0].request;
  const withTypeArgs = (type_arguments: unknown[]) => ({ ...base, payload: { ...base.payload, function: '0x1::coin::transfer', type_arguments, arguments: ['0xb0', '5'] } });
  it('a type argument that does not parse, or a generic parameter', () => {
    for (const t of ['T0', 'u7', '0x1::coin', 'vector<u8', '&u8']) {
      expect(errorOf(withTypeArgs([t]))).toEqual({ status: 400, body: { message: `'UserTransactionRequest' invalid: Unable to parse move type ${t}`, error_code: 'invalid_input', vm_error_code: null } });
    }
  });
  it('type arguments nested deeper than 8', () => {
    const deep = 'vector<'.repeat(9) + 'u8' + '>'.repeat(9);
    expect(errorOf(withTypeArgs([deep])).body.message).toBe(`'UserTransactionRequest' invalid: Unable to parse move type ${deep}`);
    const ok = 'vector<'.repeat(7) + 'u8' + '>'.repeat(7);
    expect(encodeSubmission(withTypeArgs([ok]), { chainId: 4 }).hex).toMatch(/^0x/);
  });
  it('module and function names must be identifiers', () => {
    expect(errorOf({ ...base, payload: { ...base.payload, function: '0x1::bad-name::transfer' } }).body.message).toBe("'UserTransactionRequest' invalid: invalid Move module name: bad-name");
    expect(errorOf({ ...base, payload: { ...base.payload, function: '0x1::coin::9x' } }).body.message).toBe("'UserTransactionRequest' invalid: invalid Move function name: 9x");
  });
  it('type argument count is checked against the ABI', () => {
    expect(errorOf(withTypeArgs([])).body.message).toBe(
      'The given transaction is invalid: Failed to parse transaction payload: expect 1 type arguments for entry function 0x1::coin::transfer, but got 0',
    );
  });
});
