import { describe, expect, it } from 'vitest';
import {
  abiRegistry,
  encodeSubmission,
  encodeSubmissionAsync,
  verifySigningMessage,
  type MoveModuleJson,
} from '../../src/submission/index.js';
import { isApiError } from '../../src/records/index.js';
import vectors from '../../fixtures/submission/requests.json' with { type: 'json' };
import { errorOf } from './helpers.js';

const v2 = vectors.vectors[0];
const entry = (name: string, params: string[]) => ({ name, visibility: 'public' as const, is_entry: true, is_view: false, generic_type_params: [], params, return: [] });
const module = (address: string, name: string, fns: ReturnType<typeof entry>[], structs: MoveModuleJson['structs'] = []): MoveModuleJson => ({ address, name, friends: [], exposed_functions: fns, structs });
const call = (fn: string, args: unknown[]) => ({ ...v2.request, payload: { type: 'entry_function_payload', function: fn, type_arguments: [], arguments: args } });

describe('ABI sources', () => {
  it('the embedded framework ABIs answer the common calls with no ABI given', () => {
    expect(encodeSubmission(v2.request, { chainId: 4 }).hex).toBe(v2.signing_message);
  });
  it('given ABIs take precedence over the framework', () => {
    const mine = module('0x1', 'aptos_account', [entry('transfer', ['&signer', 'address', 'u8'])]);
    const hex = encodeSubmission(call('0x1::aptos_account::transfer', ['0xb0', 5]), { chainId: 4, abis: [mine] }).hex;
    expect(hex).toContain('0220' + '00'.repeat(31) + 'b0' + '0105');
  });
  it('a lookup function is asked with the module id, and its answer validated', () => {
    const asked: string[] = [];
    const cafe = `0x${'0'.repeat(60)}cafe::m`; // AIP-40: special addresses short, all others long
    const lookup = (id: string) => (asked.push(id), id === cafe ? module('0xcafe', 'm', [entry('f', ['u8'])]) : undefined);
    encodeSubmission(call('0xcafe::m::f', [1]), { chainId: 4, abis: lookup });
    expect(asked).toEqual([cafe]);
    const liar = () => module('0xbeef', 'm', []);
    expect(() => encodeSubmission(call('0xcafe::m::f', [1]), { chainId: 4, abis: liar })).toThrow(/asked for/);
  });
  it('the framework can be turned off', () => {
    const e = errorOf(v2.request, { chainId: 4, abis: abiRegistry([], { framework: false }) });
    expect(e.body.message).toBe(`The given transaction is invalid: Failed to parse transaction payload: Module ModuleId { address: 0x1, name: Identifier("aptos_account") } can't be found`);
  });
  it('compiled calls are cached per registry, bounded', () => {
    const r = abiRegistry([module('0xcafe', 'm', [entry('a', ['u8']), entry('b', ['u8']), entry('c', ['u8'])])], { maxCachedFunctions: 2 });
    for (const f of ['a', 'b', 'c', 'a']) encodeSubmission(call(`0xcafe::m::${f}`, [1]), { chainId: 4, abis: r });
    expect(r.calls.size).toBe(2);
  });
  it('invalid ABIs are refused when loaded, with the path of the fault', () => {
    const bad = (m: unknown) => () => abiRegistry([module('0x1', 'ok', []), m as MoveModuleJson]);
    expect(bad({ ...module('0x1', 'm', []), exposed_functions: [{ ...entry('f', ['u9']) }] })).toThrow(/exposed_functions\[0\]\.params\[0\]/);
    expect(bad({ ...module('0x1', 'm', []), name: 'bad name' })).toThrow(/\[1\]\.name/);
    expect(bad({ ...module('0x1', 'm', []), exposed_functions: [{ ...entry('f', []), visibility: 'internal' }] })).toThrow(/visibility/);
    expect(bad({ ...module('0x1', 'm', []), exposed_functions: [entry('f', []), entry('f', [])] })).toThrow(/listed twice/);
    expect(bad({ ...module('0x1', 'm', []), structs: [{ name: 'S', is_native: false, abilities: [], generic_type_params: [], fields: [{ name: 'x', type: 7 }] }] })).toThrow(/structs\[0\]\.fields\[0\]\.type/);
    expect(bad(null)).toThrow(/MoveModule/);
    expect(() => abiRegistry('x' as never)).toThrow(/array/);
    for (const bad of [0, -1, 1.5, NaN, Infinity]) expect(() => abiRegistry([], { maxCachedFunctions: bad })).toThrow(/positive integer/);
    expect(() => abiRegistry([], { resolve: 'x' as never })).toThrow(/function/);
  });
});

describe('encodeSubmissionAsync', () => {
  const structs: MoveModuleJson['structs'] = [{ name: 'P', is_native: false, abilities: ['drop'], generic_type_params: [], fields: [{ name: 'q', type: '0xd::inner::Q' }] }];
  const modules: Record<string, MoveModuleJson> = {
    '0xc::outer': module('0xc', 'outer', [entry('f', ['&signer', '0xc::outer::P'])], structs),
    '0xd::inner': module('0xd', 'inner', [], [{ name: 'Q', is_native: false, abilities: ['drop'], generic_type_params: [], fields: [{ name: 'n', type: 'u8' }] }]),
  };
  it('resolves the function\'s module and every module its parameters need, once per registry', async () => {
    const asked: string[] = [];
    const registry = abiRegistry([], { resolve: async (id) => (asked.push(id), modules[id]) });
    const req = call('0xc::outer::f', [{ q: { n: 7 } }]);
    const a = await encodeSubmissionAsync(req, { chainId: 4, abis: registry });
    const b = await encodeSubmissionAsync(req, { chainId: 4, abis: registry });
    expect(a.hex).toBe(b.hex);
    expect(a.hex).toContain('010107');
    expect(asked.sort()).toEqual(Object.keys(modules).sort());
    // The synchronous encoder now finds them in the same registry.
    expect(encodeSubmission(req, { chainId: 4, abis: registry }).hex).toBe(a.hex);
  });
  it('a resolver in the options works without a registry', async () => {
    const r = await encodeSubmissionAsync(call('0xc::outer::f', [{ q: { n: 7 } }]), { chainId: 4, resolve: async (id) => modules[id] });
    expect(r.hex).toContain('010107');
  });
  it('a failing resolver is a 500 internal_error, never a crash', async () => {
    const e = await encodeSubmissionAsync(call('0xc::outer::f', [{}]), { chainId: 4, resolve: async () => Promise.reject(new Error('connection refused')) }).catch((x) => x);
    expect(isApiError(e) && e.status).toBe(500);
    expect(e.toJSON()).toEqual({ message: 'Failed to resolve the ABI of 0xc::outer: connection refused', error_code: 'internal_error', vm_error_code: null });
  });
  it('asks only for modules the conversion reads, each once: framework fallbacks are kept, built-in structs need none', async () => {
    const asked: string[] = [];
    const registry = abiRegistry([], { resolve: async (id) => void asked.push(id) });
    const fa = {
      ...v2.request,
      payload: { type: 'entry_function_payload', function: '0x1::primary_fungible_store::transfer', type_arguments: ['0x1::fungible_asset::Metadata'], arguments: ['0xa', '0xb0', '1'] },
    };
    for (let i = 0; i < 2; i++) {
      expect((await encodeSubmissionAsync(v2.request, { chainId: 4, abis: registry })).hex).toBe(v2.signing_message);
      await encodeSubmissionAsync(fa, { chainId: 4, abis: registry });
    }
    // Object<T> is an address: neither 0x1::object nor T's module is read.
    expect(asked).toEqual(['0x1::aptos_account', '0x1::primary_fungible_store']);
  });
  it('a call compiled while a struct module was missing is not cached: the resolver supplies it later', async () => {
    const registry = abiRegistry([modules['0xc::outer']], { resolve: async (id) => modules[id] });
    const req = call('0xc::outer::f', [{ q: { n: 7 } }]);
    // The synchronous encoder never asks the resolver: the struct's module is missing.
    expect(errorOf(req, { chainId: 4, abis: registry }).body.message).toContain('Identifier("inner") } can\'t be found');
    expect((await encodeSubmissionAsync(req, { chainId: 4, abis: registry })).hex).toContain('010107');
    expect(encodeSubmission(req, { chainId: 4, abis: registry }).hex).toContain('010107');
  });
  it('a module no source has is the node\'s "can\'t be found"', async () => {
    const e = await encodeSubmissionAsync(call('0xc::nothing::f', []), { chainId: 4, resolve: async () => undefined }).catch((x) => x);
    expect(e.toJSON().message).toContain(`Module ModuleId { address: 0xc, name: Identifier("nothing") } can't be found`);
  });
});

describe('verifySigningMessage', () => {
  it('accepts the bytes the request encodes to (hex or bytes)', () => {
    const r = verifySigningMessage(v2.request, v2.signing_message, { chainId: 4 });
    expect(r.ok).toBe(true);
    expect(verifySigningMessage(v2.request, encodeSubmission(v2.request, { chainId: 4 }).signingMessage).ok).toBe(true);
  });
  it('names the field a tampered message changes', () => {
    // The amount argument (1000 = e803…) raised to 0xffff.
    const tampered = v2.signing_message.replace('08e803000000000000', '08ffff000000000000');
    const r = verifySigningMessage(v2.request, tampered, { chainId: 4 });
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(r.differences).toEqual([{ field: 'rawTxn.payload.value.args[1]', expected: '0xe803000000000000', actual: '0xffff000000000000' }]);
  });
  it('a message for another chain, another recipient, or another envelope', () => {
    const otherChain = v2.signing_message.slice(0, -2) + '01';
    const r = verifySigningMessage(v2.request, otherChain, { chainId: 4 });
    expect(!r.ok && r.differences.map((d) => d.field)).toEqual(['rawTxn.chainId']);
    // Without a chain id, the message's own is taken on trust, and nothing else differs.
    expect(verifySigningMessage(v2.request, otherChain).ok).toBe(true);
    const multi = verifySigningMessage({ ...v2.request, secondary_signers: [] }, v2.signing_message, { chainId: 4 });
    expect(!multi.ok && multi.differences[0].field).toBe('prefix');
  });
  it('a message that is neither bytes nor hex is a typed error, not a TypeError', () => {
    for (const m of [null, undefined, 5, {}, [1, 2]]) {
      expect(() => verifySigningMessage(v2.request, m as never, { chainId: 4 })).toThrow(expect.objectContaining({ code: 'invalid_type' }));
    }
  });
  it('bytes that are not a transaction at all', () => {
    const r = verifySigningMessage(v2.request, '0x0102', { chainId: 4 });
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.differences.map((d) => d.field)).toEqual(['prefix', 'message']);
  });
});
