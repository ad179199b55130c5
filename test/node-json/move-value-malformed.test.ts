import { describe, expect, it } from 'vitest';
import { BcsError, fromHex, toHex } from '../../src/bcs/index.js';
import { parseStructTag, parseTypeTag, type TypeTag } from '../../src/move/index.js';
import { moveResourceJson, moveValueJson, parseMoveResourceJson, parseMoveValueJson, parseTableItemDataJson, prefetchLayouts, tableItemDataJson } from '../../src/node-json/index.js';
import { abiRegistry, type MoveModuleJson } from '../../src/submission/index.js';

// Malformed JSON and bytes: each is a BcsError with a closed code and the path of the value, never
// a crash, a hang or different bytes.

function err(f: () => unknown): BcsError {
  try {
    f();
  } catch (e) {
    expect(e).toBeInstanceOf(BcsError);
    return e as BcsError;
  }
  throw new Error('expected a BcsError');
}

const abis = abiRegistry();
const T = parseTypeTag;
const STORE = '0x1::coin::CoinStore<0x1::aptos_coin::AptosCoin>';
const storeJson = () => ({
  coin: { value: '5' },
  deposit_events: { counter: '0', guid: { id: { addr: '0x1', creation_num: '2' } } },
  frozen: false,
  withdraw_events: { counter: '0', guid: { id: { addr: '0x1', creation_num: '3' } } },
});

describe('reading JSON back: wrong types, with the path', () => {
  it('a struct field of the wrong JSON type names its path', () => {
    const bad = storeJson();
    (bad.deposit_events.guid.id as Record<string, unknown>).creation_num = 2;
    const e = err(() => parseMoveValueJson(T(STORE), bad, abis));
    expect(e.code).toBe('invalid_type');
    expect(e.path).toBe('deposit_events.guid.id.creation_num');
  });

  it('u8…u32 must be JSON numbers and u64… strings', () => {
    expect(err(() => parseMoveValueJson(T('u8'), '1', abis)).code).toBe('invalid_type');
    expect(err(() => parseMoveValueJson(T('u64'), 1, abis)).code).toBe('invalid_type');
    expect(err(() => parseMoveValueJson(T('i64'), -1, abis)).code).toBe('invalid_type');
    expect(err(() => parseMoveValueJson(T('bool'), 'true', abis)).code).toBe('invalid_type');
    expect(err(() => parseMoveValueJson(T('vector<u64>'), { 0: '1' }, abis)).code).toBe('invalid_type');
  });

  it('numbers out of range, fractional, huge or non-canonical are refused', () => {
    expect(err(() => parseMoveValueJson(T('u8'), 256, abis)).code).toBe('out_of_range');
    expect(err(() => parseMoveValueJson(T('u8'), 1.5, abis)).code).toBe('out_of_range');
    expect(err(() => parseMoveValueJson(T('u32'), 1e400, abis)).code).toBe('out_of_range');
    expect(err(() => parseMoveValueJson(T('i8'), -129, abis)).code).toBe('out_of_range');
    expect(err(() => parseMoveValueJson(T('u64'), '18446744073709551616', abis)).code).toBe('out_of_range');
    expect(err(() => parseMoveValueJson(T('u64'), '9'.repeat(1_000_000), abis)).code).toBe('out_of_range');
    for (const s of ['', '01', '+1', '-0', '1e3', ' 1', '0x10', '-1']) {
      expect(err(() => parseMoveValueJson(T('u128'), s, abis)).code, s).toBe('out_of_range');
    }
    expect(err(() => parseMoveValueJson(T('i128'), '-170141183460469231731687303715884105729', abis)).code).toBe('out_of_range');
    expect(toHex(parseMoveValueJson(T('i128'), '-170141183460469231731687303715884105728', abis))).toBe('0x' + '00'.repeat(15) + '80');
  });

  it('bad hex and bad addresses', () => {
    expect(err(() => parseMoveValueJson(T('vector<u8>'), '0xabc', abis)).code).toBe('invalid_hex');
    expect(err(() => parseMoveValueJson(T('vector<u8>'), '0xzz', abis)).code).toBe('invalid_hex');
    expect(err(() => parseMoveValueJson(T('vector<u8>'), 'abcd', abis)).code).toBe('invalid_hex');
    expect(err(() => parseMoveValueJson(T('address'), '0x' + '1'.repeat(65), abis)).code).toBe('invalid_address');
    expect(err(() => parseMoveValueJson(T('address'), '1', abis)).code).toBe('invalid_address');
    expect(err(() => parseMoveValueJson(T('address'), '0x', abis)).code).toBe('invalid_address');
  });

  it('missing and unknown struct fields', () => {
    const missing = storeJson() as Record<string, unknown>;
    delete missing.frozen;
    expect(err(() => parseMoveValueJson(T(STORE), missing, abis)).code).toBe('missing_field');
    const extra = { ...storeJson(), extra: 1 };
    const e = err(() => parseMoveValueJson(T(STORE), extra, abis));
    expect(e.code).toBe('invalid_json');
    expect(e.message).toContain('"extra"');
    expect(err(() => parseMoveValueJson(T(STORE), [], abis)).code).toBe('invalid_type');
    expect(err(() => parseMoveValueJson(T(STORE), null, abis)).code).toBe('invalid_type');
  });

  it('strings with lone surrogates cannot be UTF-8', () => {
    expect(err(() => parseMoveValueJson(T('0x1::string::String'), 'a\ud800', abis)).code).toBe('invalid_utf8');
  });

  it('deep nesting is refused, in JSON and in bytes, without a stack overflow', () => {
    let type = 'bool';
    for (let i = 0; i < 8; i++) type = `vector<${type}>`;
    let json: unknown = true;
    for (let i = 0; i < 8; i++) json = [json];
    expect(toHex(parseMoveValueJson(T(type), json, abis))).toBe('0x' + '01'.repeat(9));
    const deep: MoveModuleJson = {
      address: '0xbad', name: 'm', friends: [], exposed_functions: [],
      structs: [{ name: 'S', is_native: false, abilities: [], generic_type_params: [], fields: [{ name: 'next', type: 'vector<0xbad::m::S>' }] }],
    };
    const r = abiRegistry([deep]);
    let v: unknown = { next: [] };
    for (let i = 0; i < 100_000; i++) v = { next: [v] };
    expect(err(() => parseMoveValueJson(T('0xbad::m::S'), v, r)).code).toBe('exceeded_max_depth');
    const bytes = new Uint8Array(100_000).fill(1);
    expect(err(() => moveValueJson(T('0xbad::m::S'), bytes, r)).code).toBe('exceeded_max_depth');
  });

  it('hostile layouts: a struct containing itself, expanding generics', () => {
    const cyc: MoveModuleJson = {
      address: '0xbad', name: 'c', friends: [], exposed_functions: [],
      structs: [
        { name: 'S', is_native: false, abilities: [], generic_type_params: [], fields: [{ name: 's', type: '0xbad::c::S' }] },
        { name: 'G', is_native: false, abilities: [], generic_type_params: [{ constraints: [] }], fields: [{ name: 'g', type: '0xbad::c::G<0xbad::c::G<T0>>' }] },
      ],
    };
    const r = abiRegistry([cyc]);
    expect(err(() => moveValueJson(T('0xbad::c::S'), new Uint8Array(10), r)).code).toBe('exceeded_max_depth');
    expect(err(() => moveValueJson(T('0xbad::c::G<u8>'), new Uint8Array(10), r)).code).toBe('exceeded_max_depth');
  });
});

describe('rendering bytes: malformed input', () => {
  it('trailing bytes, short input, a bool that is not 0/1, a non-canonical length', () => {
    expect(err(() => moveValueJson(T('u64'), fromHex('0x010000000000000000'), abis)).code).toBe('remaining_input');
    expect(err(() => moveValueJson(T('u64'), fromHex('0x0100'), abis)).code).toBe('unexpected_end');
    expect(err(() => moveValueJson(T('bool'), fromHex('0x02'), abis)).code).toBe('expected_boolean');
    expect(err(() => moveValueJson(T('vector<u8>'), fromHex('0x8000'), abis)).code).toBe('non_canonical_uleb128');
    expect(err(() => moveValueJson(T('vector<u64>'), fromHex('0xffffffff0f'), abis)).code).toMatch(/unexpected_end|exceeded_max_length/);
  });

  it('an error inside a value names its path', () => {
    const e = err(() => moveValueJson(T('vector<0x1::option::Option<bool>>'), fromHex('0x02000103'), abis));
    expect(e.code).toBe('expected_boolean');
    expect(e.path).toBe('[1].vec[0]');
  });

  it('a struct whose module is unknown is a missing layout (not_supported)', () => {
    const e = err(() => moveValueJson(T('0xdead::nope::Nope'), new Uint8Array(1), abis));
    expect(e.code).toBe('not_supported');
    expect(e.message).toContain('no layout for 0xdead::nope::Nope');
    expect(err(() => moveValueJson(T('0x1::coin::NoSuchStruct'), new Uint8Array(1), abis)).code).toBe('not_supported');
    expect(err(() => moveValueJson(T('vector<0x1::coin::CoinStore>'), new Uint8Array(1), abis)).code).toBe('invalid_type_tag');
  });

  it('function values are not rendered', () => {
    const fn: TypeTag = { $kind: 'function', value: { args: [], results: [], abilities: 0 } };
    expect(err(() => moveValueJson(fn, new Uint8Array(1), abis)).code).toBe('not_supported');
  });
});

describe('the node forms', () => {
  it('u8/u16/u32/i8/i16/i32 are numbers, wider integers strings, addresses short, bytes hex', () => {
    expect(moveValueJson(T('u32'), fromHex('0xffffffff'), abis)).toBe(4294967295);
    expect(moveValueJson(T('i8'), fromHex('0xff'), abis)).toBe(-1);
    expect(moveValueJson(T('i16'), fromHex('0x0080'), abis)).toBe(-32768);
    expect(moveValueJson(T('i32'), fromHex('0xffffff7f'), abis)).toBe(2147483647);
    expect(moveValueJson(T('i32'), fromHex('0x00000080'), abis)).toBe(-2147483648);
    expect(moveValueJson(T('i64'), fromHex('0xfeffffffffffffff'), abis)).toBe('-2');
    expect(moveValueJson(T('u256'), new Uint8Array(32).fill(255), abis)).toBe(((1n << 256n) - 1n).toString());
    expect(moveValueJson(T('address'), new Uint8Array(32), abis)).toBe('0x0');
    expect(moveValueJson(T('address'), fromHex('0x' + '00'.repeat(31) + '0a'), abis)).toBe('0xa');
    expect(moveValueJson(T('vector<u8>'), fromHex('0x02abcd'), abis)).toBe('0xabcd');
    expect(moveValueJson(T('vector<u16>'), fromHex('0x020100ffff'), abis)).toEqual([1, 65535]);
  });

  it('String is a JSON string; invalid UTF-8 is written as the node does and reads back to its bytes', () => {
    expect(moveValueJson(T('0x1::string::String'), fromHex('0x03e282ac'), abis)).toBe('€');
    const bad = moveValueJson(T('0x1::string::String'), fromHex('0x02ff00'), abis);
    expect(bad).toBe('Unparsable utf-8 0xff00');
    expect(toHex(parseMoveValueJson(T('0x1::string::String'), bad, abis))).toBe('0x02ff00');
    // Text that merely looks like the fallback but whose hex is valid UTF-8 is text.
    expect(toHex(parseMoveValueJson(T('0x1::string::String'), 'Unparsable utf-8 0x41', abis))).toBe(
      toHex(Uint8Array.of(21, ...new TextEncoder().encode('Unparsable utf-8 0x41'))),
    );
  });

  it('Option is {"vec": [...]}, Object<T> is {"inner": address}, keys are sorted', () => {
    expect(moveValueJson(T('0x1::option::Option<u64>'), fromHex('0x010500000000000000'), abis)).toEqual({ vec: ['5'] });
    expect(moveValueJson(T('0x1::object::Object<0x1::fungible_asset::Metadata>'), fromHex('0x' + '00'.repeat(31) + '0a'), abis)).toEqual({ inner: '0xa' });
    const fee = moveValueJson(T('0x1::transaction_fee::FeeStatement'), new Uint8Array(40), abis);
    expect(Object.keys(fee as object)).toEqual(['execution_gas_units', 'io_gas_units', 'storage_fee_octas', 'storage_fee_refund_octas', 'total_charge_gas_units']);
  });

  it('enums carry __variant__ among their sorted keys', () => {
    expect(moveValueJson(T('0x1::account::AccountPermission'), fromHex('0x01'), abis)).toEqual({ __variant__: 'Offering' });
    expect(err(() => moveValueJson(T('0x1::account::AccountPermission'), fromHex('0x02'), abis)).code).toBe('invalid_variant');
    expect(err(() => parseMoveValueJson(T('0x1::account::AccountPermission'), { __variant__: 'Nope' }, abis)).code).toBe('invalid_variant');
    expect(err(() => parseMoveValueJson(T('0x1::account::AccountPermission'), {}, abis)).code).toBe('missing_field');
    expect(err(() => parseMoveValueJson(T('0x1::account::AccountPermission'), { __variant__: 'Offering', x: 1 }, abis)).code).toBe('invalid_json');
  });

  it('a field named __proto__ is an own key, not a prototype', () => {
    const m: MoveModuleJson = {
      address: '0xbad', name: 'p', friends: [], exposed_functions: [],
      structs: [{ name: 'P', is_native: false, abilities: [], generic_type_params: [], fields: [{ name: '__proto__', type: 'u8' }] }],
    };
    const r = abiRegistry([m]);
    const v = moveValueJson(T('0xbad::p::P'), fromHex('0x07'), r) as Record<string, unknown>;
    expect(Object.getPrototypeOf(v)).toBe(Object.prototype);
    expect(JSON.stringify(v)).toBe('{"__proto__":7}');
    expect(toHex(parseMoveValueJson(T('0xbad::p::P'), JSON.parse('{"__proto__":7}'), r))).toBe('0x07');
  });
});

describe('resources', () => {
  it('moveResourceJson / parseMoveResourceJson round trip with the node type string', () => {
    const tag = parseStructTag(STORE);
    const bytes = parseMoveValueJson(T(STORE), storeJson(), abis);
    const json = moveResourceJson(tag, bytes, abis);
    expect(json.type).toBe(STORE);
    const back = parseMoveResourceJson(json, abis);
    expect(toHex(back.bytes)).toBe(toHex(bytes));
  });

  it('a type string not written as the node writes it, extra keys, missing data', () => {
    expect(err(() => parseMoveResourceJson({ type: '0x01::coin::CoinStore<0x1::aptos_coin::AptosCoin>', data: storeJson() }, abis)).path).toBe('type');
    expect(err(() => parseMoveResourceJson({ type: STORE, data: storeJson(), x: 1 }, abis)).code).toBe('invalid_json');
    expect(err(() => parseMoveResourceJson({ type: STORE }, abis)).code).toBe('missing_field');
    expect(err(() => parseMoveResourceJson({ type: STORE, data: { ...storeJson(), frozen: 1 } }, abis)).path).toBe('data.frozen');
    expect(err(() => parseMoveResourceJson('x', abis)).code).toBe('invalid_type');
  });
});

describe('prefetchLayouts', () => {
  it('resolves every module a layout needs through the async resolver once, then renders synchronously', async () => {
    const asked: string[] = [];
    const inner: MoveModuleJson = {
      address: '0xbeef', name: 'inner', friends: [], exposed_functions: [],
      structs: [{ name: 'I', is_native: false, abilities: [], generic_type_params: [], fields: [{ name: 'x', type: 'u8' }] }],
    };
    const outer: MoveModuleJson = {
      address: '0xbeef', name: 'outer', friends: [], exposed_functions: [],
      structs: [{ name: 'O', is_native: false, abilities: [], generic_type_params: [{ constraints: [] }], fields: [{ name: 'i', type: '0xbeef::inner::I' }, { name: 't', type: 'T0' }] }],
    };
    const r = abiRegistry([], {
      framework: true,
      resolve: async (id) => {
        asked.push(id);
        return id.endsWith('::inner') ? inner : id.endsWith('::outer') ? outer : undefined;
      },
    });
    const type = T('0xbeef::outer::O<0x1::option::Option<0x1::coin::CoinStore<0x1::aptos_coin::AptosCoin>>>');
    expect(() => moveValueJson(type, fromHex('0x0700'), r)).toThrow(/no layout/);
    await prefetchLayouts([type, type], r);
    expect(moveValueJson(type, fromHex('0x0700'), r)).toEqual({ i: { x: 7 }, t: { vec: [] } });
    expect(asked.filter((a) => a.includes('beef')).length).toBe(2);
  });
});

describe('table items', () => {
  it('decoded table data: key, key_type, value, value_type in the node order; deletions key only; read back', () => {
    const keyType = T('address');
    const valueType = T('0x1::option::Option<u64>');
    const key = fromHex('0x' + '00'.repeat(31) + '01');
    const value = fromHex('0x010500000000000000');
    const json = tableItemDataJson(keyType, valueType, key, value, abis);
    expect(JSON.stringify(json)).toBe('{"key":"0x1","key_type":"address","value":{"vec":["5"]},"value_type":"0x1::option::Option<u64>"}');
    const back = parseTableItemDataJson(json, abis);
    expect(toHex(back.key)).toBe(toHex(key));
    expect(toHex(back.value!)).toBe(toHex(value));
    expect(JSON.stringify(tableItemDataJson(keyType, valueType, key, undefined, abis))).toBe('{"key":"0x1","key_type":"address"}');
    expect(parseTableItemDataJson({ key: '0x1', key_type: 'address' }, abis).value).toBeUndefined();
    expect(err(() => parseTableItemDataJson({ key: 1, key_type: 'address' }, abis)).path).toBe('key');
    expect(err(() => parseTableItemDataJson({ key: '0x1', key_type: 'addr' }, abis)).path).toBe('key_type');
    expect(err(() => parseTableItemDataJson({ key: '0x1', key_type: 'address', value_type: 'u8' }, abis)).code).toBe('missing_field');
  });
});
