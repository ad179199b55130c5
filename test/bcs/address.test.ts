import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { addressBytes, bcs, formatAddress, fromHex, isAddress, normalizeAddress, toHex } from '../../src/bcs/index.js';
import { hexDigitsInto, hexRunEnd } from '../../src/bcs/hex.js';
import { expectBcsError } from './helpers.js';

const ZEROS = '0'.repeat(64);
const long = (h: string) => '0x' + (ZEROS + h).slice(-64);

describe('hex helpers', () => {
  it('formats 0x-prefixed lowercase', () => {
    expect(toHex(new Uint8Array([0, 0xab, 0xff]))).toBe('0x00abff');
    expect(toHex(new Uint8Array())).toBe('0x');
  });
  it('parses strictly', () => {
    expect(fromHex('0xABcd')).toEqual(new Uint8Array([0xab, 0xcd]));
    expect(fromHex('abcd')).toEqual(new Uint8Array([0xab, 0xcd]));
    expect(fromHex('0x')).toEqual(new Uint8Array());
    expect(fromHex('')).toEqual(new Uint8Array());
    expectBcsError(() => fromHex('0xabc'), 'invalid_hex');
    expectBcsError(() => fromHex('0xzz'), 'invalid_hex');
    expectBcsError(() => fromHex('0Xab'), 'invalid_hex');
    expectBcsError(() => fromHex(' ab'), 'invalid_hex');
    expectBcsError(() => fromHex('0x+1'), 'invalid_hex');
    expectBcsError(() => fromHex(12 as unknown as string), 'invalid_hex');
    expect(expectBcsError(() => fromHex('0x0g'), 'invalid_hex').message).toContain('position 3');
  });
});

describe('account addresses', () => {
  it('parses with 0x: 1–64 digits, left-padded', () => {
    expect(normalizeAddress('0x1')).toBe(long('1'));
    expect(normalizeAddress('0xB0')).toBe(long('b0'));
    expect(normalizeAddress('0x' + 'f'.repeat(64))).toBe('0x' + 'f'.repeat(64));
    expectBcsError(() => normalizeAddress('0x'), 'invalid_address');
    expectBcsError(() => normalizeAddress('0x' + '1'.repeat(65)), 'invalid_address');
  });
  it('parses without 0x only with exactly 64 digits', () => {
    expect(normalizeAddress('a'.repeat(64))).toBe('0x' + 'a'.repeat(64));
    expectBcsError(() => normalizeAddress('1'), 'invalid_address');
    expectBcsError(() => normalizeAddress('a'.repeat(63)), 'invalid_address');
  });
  it('reports the bad character position within the padded 64-digit form, as the node does', () => {
    // aptos-core api/goldens/aptos_api__tests__invalid_post_request_test__test_invalid_sender_address.json:
    // "0x00000000000000000000000001234567" with an 'i' is "Invalid character 'i' at position 57".
    const err = expectBcsError(() => normalizeAddress('0x0000000000000000000000000123456i'), 'invalid_address');
    expect(err.message).toContain("position 63");
    const node = expectBcsError(() => normalizeAddress('0x00000000000000000000000001234i67'), 'invalid_address');
    expect(node.message).toContain('position 61');
    expectBcsError(() => normalizeAddress('0x12 4'), 'invalid_address');
  });
  it('accepts 32 bytes and rejects other lengths and types', () => {
    expect(normalizeAddress(new Uint8Array(32).fill(0x11))).toBe('0x' + '11'.repeat(32));
    expectBcsError(() => normalizeAddress(new Uint8Array(31)), 'invalid_address');
    expectBcsError(() => bcs.address.encode(new Uint8Array(33)), 'invalid_address');
    expectBcsError(() => bcs.address.encode(1 as unknown as string), 'invalid_type');
    expect(isAddress('0x1')).toBe(true);
    expect(isAddress('0xg')).toBe(false);
    expect(isAddress(null)).toBe(false);
  });
  it('formats long, short and AIP-40', () => {
    expect(formatAddress('0x1', 'long')).toBe(long('1'));
    expect(formatAddress('0x1', 'short')).toBe('0x1');
    expect(formatAddress('0x0', 'short')).toBe('0x0');
    expect(formatAddress('0xf', 'aip40')).toBe('0xf');
    expect(formatAddress('0x10', 'aip40')).toBe(long('10'));
    expect(formatAddress('0x00b0', 'short')).toBe('0xb0');
    expect(formatAddress('0x' + 'ab'.repeat(32), 'aip40')).toBe('0x' + 'ab'.repeat(32));
  });
  it('round trips every form (property)', () => {
    fc.assert(
      fc.property(fc.uint8Array({ minLength: 32, maxLength: 32 }), (b) => {
        const l = formatAddress(b, 'long');
        expect(addressBytes(l)).toEqual(b);
        expect(addressBytes(formatAddress(b, 'short'))).toEqual(b);
        expect(addressBytes(formatAddress(b, 'aip40'))).toEqual(b);
        expect(addressBytes(l.slice(2))).toEqual(b);
        expect(addressBytes(l.toUpperCase().replace('0X', '0x'))).toEqual(b);
        expect(bcs.address.decode(bcs.address.encode(formatAddress(b, 'short')))).toBe(l);
      }),
    );
  });
});

describe('the one hex-digit decoder', () => {
  it('right-aligns digits, zero-pads on the left (an odd count leaves a half byte); false on a bad digit', () => {
    const out = new Uint8Array(5).fill(0xee);
    expect(hexDigitsInto('0xaBc', 2, 5, out, 1, 5)).toBe(true);
    expect([...out]).toEqual([0xee, 0, 0, 0x0a, 0xbc]);
    expect(hexDigitsInto('12g4', 0, 4, out, 0, 2)).toBe(false);
    out.fill(0xee);
    expect(hexDigitsInto('', 0, 0, out, 0, 5)).toBe(true);
    expect([...out]).toEqual([0, 0, 0, 0, 0]);
    expect(hexRunEnd('0xabz', 2)).toBe(4);
    expect(hexRunEnd('abc', 3)).toBe(3);
  });

  it('plain hex, addresses and type strings report the first bad character', () => {
    expect(expectBcsError(() => fromHex('0xabzd'), 'invalid_hex').message).toContain('position 4');
    expect(expectBcsError(() => addressBytes('0x1g'), 'invalid_address').message).toContain('position 63');
  });
});
