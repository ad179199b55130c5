import { describe, expect, it } from 'vitest';
import * as core from '../../src/bcs/index.js';
import { bcs } from '../../src/bcs/index.js';
import { enumeration } from '../../src/bcs/combinators.js';

// The core's public entry (also `ledger-bcs/bcs`), pinned: a name added or dropped here is an API
// change and must be deliberate. Helpers only other layers use are in src/bcs/internal.ts.
const PUBLIC = [
  'ADDRESS_LENGTH', 'BcsError', 'BcsReader', 'BcsWriter', 'MAX_CONTAINER_DEPTH', 'MAX_SEQUENCE_LENGTH',
  'MAX_ZERO_SIZED_ELEMENTS', 'address', 'addressBytes', 'bcs', 'bool', 'bytes', 'compareBytes', 'decodeBudget', 'decodeWith',
  'encodeWith', 'equalBytes', 'fixedBytes', 'formatAddress', 'fromHex', 'i128', 'i16', 'i256', 'i32', 'i64', 'i8',
  'isAddress', 'isBcsError', 'isSpecialAddress', 'lazy', 'map', 'normalizeAddress', 'option', 'patchLength', 'quote',
  'schema', 'string', 'struct', 'toHex', 'transform', 'tuple', 'typeError', 'u128', 'u16', 'u256', 'u32', 'u64', 'u8',
  'uleb128', 'ulebSize', 'unit', 'utf8Encode', 'vector', 'wrapped', 'writeAddress', 'writeBool', 'writeBytes',
  'writeI128', 'writeI16', 'writeI256', 'writeI32', 'writeI64', 'writeI8', 'writeString', 'writeU128', 'writeU16',
  'writeU256', 'writeU32', 'writeU64', 'writeU8', 'UsageError', 'isUsageError',
];

describe('the core entry point', () => {
  it('exports exactly its public names', () => {
    expect(Object.keys(core).sort()).toEqual([...PUBLIC].sort());
  });

  it('has one name per concept: the enum combinator is bcs.enum, internal helpers stay in their modules', () => {
    expect(bcs.enum).toBe(enumeration);
    for (const internal of ['enumeration', 'SPECIAL_LONG_ADDRESSES', 'hexInto', 'nibbleAt', 'hexDigitsInto', 'parseAddressInto']) {
      expect(Object.keys(core)).not.toContain(internal);
    }
  });

  it('every schema in the bcs namespace is also a named export (bcs.enum excepted), the same object', () => {
    for (const [k, v] of Object.entries(bcs)) {
      if (k === 'enum') continue;
      expect((core as Record<string, unknown>)[k], k).toBe(v);
    }
  });
});
