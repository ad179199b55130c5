import { generateTransactionPayloadWithABI, parseTypeTag } from '@aptos-labs/ts-sdk';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { encodeSubmission, type MoveModuleJson } from '../../src/submission/index.js';
import { toHex } from '../../src/bcs/index.js';

// Differential against ts-sdk's offline ABI path (generateTransactionPayloadWithABI) on the argument
// kinds where it reads JSON as the node does. Where it does not (documented in
// docs/encode-submission.md): Option<T> is a bare value or undefined there, not {"vec": […]};
// short non-special addresses are refused; signed-integer type tags are numbered 11–16; Move 2 enums
// and structs other than String/Object/Option are not converted. Those kinds are left out here.

const KINDS: { type: string; json: fc.Arbitrary<unknown> }[] = [
  { type: 'bool', json: fc.boolean() },
  { type: 'u8', json: fc.integer({ min: 0, max: 255 }) },
  { type: 'u16', json: fc.integer({ min: 0, max: 65535 }) },
  { type: 'u32', json: fc.integer({ min: 0, max: 2 ** 32 - 1 }) },
  { type: 'u64', json: fc.bigInt(0n, 2n ** 64n - 1n).map(String) },
  { type: 'u128', json: fc.bigInt(0n, 2n ** 128n - 1n).map(String) },
  { type: 'u256', json: fc.bigInt(0n, 2n ** 256n - 1n).map(String) },
  { type: 'address', json: fc.uint8Array({ minLength: 32, maxLength: 32 }).map(toHex) },
  { type: '0x1::string::String', json: fc.string() },
  { type: 'vector<u64>', json: fc.array(fc.bigInt(0n, 2n ** 64n - 1n).map(String), { maxLength: 5 }) },
  { type: 'vector<address>', json: fc.array(fc.uint8Array({ minLength: 32, maxLength: 32 }).map(toHex), { maxLength: 3 }) },
  { type: 'vector<0x1::string::String>', json: fc.array(fc.string(), { maxLength: 3 }) },
  { type: '0x1::object::Object<0x1::fungible_asset::Metadata>', json: fc.uint8Array({ minLength: 32, maxLength: 32 }).map(toHex) },
];

describe('ts-sdk generateTransactionPayloadWithABI agrees on the kinds it reads like the node', () => {
  it('same EntryFunction payload bytes', () => {
    const call = fc.array(fc.constantFrom(...KINDS), { maxLength: 5 }).chain((ks) => fc.tuple(fc.constant(ks), fc.tuple(...ks.map((k) => k.json))));
    fc.assert(
      fc.property(call, ([kinds, args]) => {
        const abi: MoveModuleJson = {
          address: '0x1',
          name: 'm',
          friends: [],
          structs: [],
          exposed_functions: [{ name: 'f', visibility: 'public', is_entry: true, is_view: false, generic_type_params: [], params: ['&signer', ...kinds.map((k) => k.type)], return: [] }],
        };
        const request = {
          sender: '0x1',
          sequence_number: '0',
          max_gas_amount: '1',
          gas_unit_price: '1',
          expiration_timestamp_secs: '1',
          payload: { type: 'entry_function_payload', function: '0x1::m::f', type_arguments: [], arguments: args },
        };
        const ours = encodeSubmission(request, { chainId: 1, abis: [abi] }).signingMessage;
        const theirs = generateTransactionPayloadWithABI({
          function: '0x1::m::f',
          functionArguments: args as never[],
          abi: { typeParameters: [], parameters: kinds.map((k) => parseTypeTag(k.type)), signers: 1 },
        }).bcsToBytes();
        // The payload sits after the prefix (32), sender (32) and sequence number (8).
        expect(toHex(ours.subarray(72, 72 + theirs.length))).toBe(toHex(theirs));
        expect(ours.length).toBe(72 + theirs.length + 25);
      }),
      { numRuns: 200 },
    );
  });
  it('ts-sdk refuses the short non-special addresses the node accepts', () => {
    expect(() =>
      generateTransactionPayloadWithABI({ function: '0x1::m::f', functionArguments: ['0xb0'], abi: { typeParameters: [], parameters: [parseTypeTag('address')], signers: 1 } }),
    ).toThrow();
    const abi: MoveModuleJson = { address: '0x1', name: 'm', friends: [], structs: [], exposed_functions: [{ name: 'f', visibility: 'public', is_entry: true, is_view: false, generic_type_params: [], params: ['address'], return: [] }] };
    const r = { sender: '0x1', sequence_number: '0', max_gas_amount: '1', gas_unit_price: '1', expiration_timestamp_secs: '1', payload: { type: 'entry_function_payload', function: '0x1::m::f', type_arguments: [], arguments: ['0xb0'] } };
    expect(encodeSubmission(r, { chainId: 1, abis: [abi] }).hex).toContain('00'.repeat(31) + 'b0');
  });
});
