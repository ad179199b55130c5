import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { toHex } from '../../src/bcs/index.js';
import {
  assertIdentifier,
  formatEntryFunctionId,
  formatModuleId,
  identifier,
  isValidIdentifier,
  moduleId,
  parseEntryFunctionId,
  parseModuleId,
} from '../../src/move/index.js';
import { expectBcsError, hex } from '../bcs/helpers.js';
import { identifierArb } from './arbitraries.js';

const ONE = '0x' + '0'.repeat(63) + '1';

describe('identifiers (identifier.rs is_valid)', () => {
  it('accepts [a-zA-Z][a-zA-Z0-9_]* and _[a-zA-Z0-9_]+', () => {
    for (const s of ['a', 'Z', 'coin', 'CoinStore', 'a_1', 'x__', '_a', '__', '_0', 'aptos_coin']) expect(isValidIdentifier(s), s).toBe(true);
  });

  it('rejects everything else', () => {
    for (const s of ['', '_', '1a', '0x1', 'a-b', 'a b', 'a::b', 'é', 'aé', '<SELF>', 'a\n', ' a']) expect(isValidIdentifier(s), JSON.stringify(s)).toBe(false);
    for (const v of [null, undefined, 1, {}]) expect(isValidIdentifier(v)).toBe(false);
  });

  it('agrees with the regular expression (fast-check)', () => {
    const re = /^(?:[a-zA-Z][a-zA-Z0-9_]*|_[a-zA-Z0-9_]+)$/;
    fc.assert(fc.property(fc.string({ maxLength: 6, unit: fc.constantFrom('a', 'Z', '0', '9', '_', '-', ' ', 'é') }), (s) => {
      expect(isValidIdentifier(s)).toBe(re.test(s));
    }));
    fc.assert(
      fc.property(identifierArb, (s) => {
        expect(isValidIdentifier(s)).toBe(true);
      }),
    );
  });

  it('assertIdentifier throws invalid_identifier naming the thing', () => {
    expect(expectBcsError(() => assertIdentifier('1x', 'module name'), 'invalid_identifier').message).toContain('Invalid module name "1x"');
    expectBcsError(() => assertIdentifier(undefined), 'invalid_identifier');
  });

  it('identifier schema: validates on write, reads any UTF-8 string like the node', () => {
    expect(toHex(identifier.encode('coin'))).toBe('0x04636f696e');
    expectBcsError(() => identifier.encode('a-b'), 'invalid_identifier');
    expect(identifier.decode(hex('03612d62'))).toBe('a-b');
    expectBcsError(() => identifier.decode(hex('0361')), 'unexpected_end');
    expectBcsError(() => identifier.decode(hex('01ff')), 'invalid_utf8');
  });
});

describe('ModuleId', () => {
  it('parses ADDRESS::NAME with any address form the API accepts', () => {
    expect(parseModuleId('0x1::coin')).toEqual({ address: ONE, name: 'coin' });
    expect(parseModuleId('0x0001::coin')).toEqual({ address: ONE, name: 'coin' });
    expect(parseModuleId('0'.repeat(63) + '1::coin')).toEqual({ address: ONE, name: 'coin' });
  });

  it('errors: code by cause, node text first', () => {
    const cases: [string, 'invalid_identifier' | 'invalid_address'][] = [
      ['0x1', 'invalid_identifier'],
      ['0x1::', 'invalid_identifier'],
      ['0x1::coin::x', 'invalid_identifier'],
      ['0x1:: coin', 'invalid_identifier'],
      ['0x1::1coin', 'invalid_identifier'],
      ['::coin', 'invalid_address'],
      ['0xg::coin', 'invalid_address'],
      ['1::coin', 'invalid_address'],
      ['0x' + '1'.repeat(65) + '::coin', 'invalid_address'],
    ];
    for (const [s, code] of cases) expect(expectBcsError(() => parseModuleId(s), code).message).toContain(`Invalid Move module ID: ${s}`);
    expectBcsError(() => parseModuleId(7 as unknown as string), 'invalid_type');
  });

  it('formats canonical (short), aip40 and long', () => {
    expect(formatModuleId({ address: ONE, name: 'coin' })).toBe('0x1::coin');
    expect(formatModuleId({ address: '0xa550c18', name: 'm' }, 'aip40')).toBe('0x' + 'a550c18'.padStart(64, '0') + '::m');
    expect(formatModuleId({ address: '0x1', name: 'm' }, 'long')).toBe(ONE + '::m');
    expectBcsError(() => formatModuleId({ address: '0x1', name: 'a b' }), 'invalid_identifier');
  });

  it('BCS: address then identifier string', () => {
    const bytes = moduleId.encode({ address: '0x1', name: 'coin' });
    expect(toHex(bytes)).toBe(ONE + '04636f696e');
    expect(moduleId.decode(bytes)).toEqual({ address: ONE, name: 'coin' });
    expectBcsError(() => moduleId.encode({ address: '0x1', name: '' }), 'invalid_identifier');
    expectBcsError(() => moduleId.encode({ address: '0xq', name: 'coin' }), 'invalid_address');
    expectBcsError(() => moduleId.encode(null as never), 'invalid_type');
    expectBcsError(() => moduleId.decode(bytes.subarray(0, 33)), 'unexpected_end');
    expectBcsError(() => moduleId.decode(hex(ONE.slice(2) + '04636f696e00')), 'remaining_input');
  });

  it('round-trips (fast-check)', () => {
    fc.assert(
      fc.property(fc.uint8Array({ minLength: 32, maxLength: 32 }), identifierArb, (a, name) => {
        const m = { address: toHex(a), name };
        expect(moduleId.decode(moduleId.encode(m))).toEqual(m);
        expect(parseModuleId(formatModuleId(m))).toEqual(m);
      }),
    );
  });
});

describe('EntryFunctionId', () => {
  it('parses ADDRESS::MODULE::FUNCTION', () => {
    expect(parseEntryFunctionId('0x1::coin::transfer')).toEqual({ module: { address: ONE, name: 'coin' }, name: 'transfer' });
    expect(parseEntryFunctionId('0x1::aptos_account::transfer_coins')).toEqual({ module: { address: ONE, name: 'aptos_account' }, name: 'transfer_coins' });
  });

  it('errors: code by cause, node text first', () => {
    const cases: [string, 'invalid_identifier' | 'invalid_address'][] = [
      ['transfer', 'invalid_identifier'],
      ['0x1::coin', 'invalid_identifier'],
      ['0x1::coin::', 'invalid_identifier'],
      ['0x1::coin::1x', 'invalid_identifier'],
      ['0x1::a::b::c', 'invalid_identifier'],
      ['0x1::co-in::transfer', 'invalid_identifier'],
      ['0xz::coin::transfer', 'invalid_address'],
      [' 0x1::coin::transfer', 'invalid_address'],
    ];
    for (const [s, code] of cases) expect(expectBcsError(() => parseEntryFunctionId(s), code).message).toContain(`Invalid entry function ID ${s}`);
  });

  it('formats and round-trips', () => {
    const f = parseEntryFunctionId('0x0001::coin::transfer');
    expect(formatEntryFunctionId(f)).toBe('0x1::coin::transfer');
    expect(formatEntryFunctionId(f, 'long')).toBe(ONE + '::coin::transfer');
    expectBcsError(() => formatEntryFunctionId({ module: { address: '0x1', name: 'coin' }, name: '' }), 'invalid_identifier');
    fc.assert(
      fc.property(fc.uint8Array({ minLength: 32, maxLength: 32 }), identifierArb, identifierArb, (a, m, n) => {
        const id = { module: { address: toHex(a), name: m }, name: n };
        expect(parseEntryFunctionId(formatEntryFunctionId(id, 'aip40'))).toEqual(id);
      }),
    );
  });
});
