import { describe, expect, it } from 'vitest';
import { encodeSubmission, parseRequestBody, type MoveModuleJson } from '../../src/submission/index.js';
import { toHex } from '../../src/bcs/index.js';
import { errorOf } from './helpers.js';

// One entry function per rule of the node's argument conversion (api/types/src/convert.rs
// `try_into_vm_value_from_layout`), at 0xcafe::t. The argument bytes are read back from the message.

const fn = (name: string, params: string[], generics = 0) => ({
  name,
  visibility: 'public' as const,
  is_entry: true,
  is_view: false,
  generic_type_params: Array.from({ length: generics }, () => ({ constraints: [] })),
  params,
  return: [],
});

const T: MoveModuleJson = {
  address: '0xcafe',
  name: 't',
  friends: [],
  exposed_functions: [
    fn('one', ['&signer', 'T0'], 1),
    fn('signers', ['signer', 'u8', '&mut signer', 'u16']),
    fn('vec_generic', ['vector<T0>'], 1),
    fn('point', ['0xcafe::t::Point']),
    fn('wrapped', ['0xcafe::t::Box<0xcafe::t::Point>']),
    fn('shape', ['0xcafe::t::Shape']),
    fn('missing', ['0xcafe::nowhere::S']),
    fn('loopy', ['0xcafe::t::Loop']),
    { ...fn('not_entry', ['u8']), is_entry: false },
    fn('fun', ['|u64|(u8)']),
  ],
  structs: [
    { name: 'Point', is_native: false, abilities: ['copy', 'drop'], generic_type_params: [], fields: [{ name: 'x', type: 'u64' }, { name: 'y', type: 'u8' }] },
    { name: 'Box', is_native: false, abilities: ['copy', 'drop'], generic_type_params: [{ constraints: [] }], fields: [{ name: 'items', type: 'vector<T0>' }] },
    {
      name: 'Shape',
      is_native: false,
      is_enum: true,
      abilities: ['copy', 'drop'],
      generic_type_params: [],
      fields: [],
      variants: [
        { name: 'Circle', fields: [{ name: 'r', type: 'u64' }] },
        { name: 'Square', fields: [{ name: 'side', type: 'u8' }, { name: 'label', type: '0x1::string::String' }] },
      ],
    },
    { name: 'Loop', is_native: false, abilities: [], generic_type_params: [], fields: [{ name: 'next', type: '0x1::option::Option<0xcafe::t::Loop>' }] },
  ],
};

const base = {
  sender: '0x1',
  sequence_number: '0',
  max_gas_amount: '1',
  gas_unit_price: '1',
  expiration_timestamp_secs: '1',
};

const request = (name: string, args: unknown[], typeArgs: string[] = []) => ({
  ...base,
  payload: { type: 'entry_function_payload', function: `0xcafe::t::${name}`, type_arguments: typeArgs, arguments: args },
});

// The argument bytes: the message ends with args, then 8+8+8+1 bytes; the args are length-prefixed.
function argBytes(name: string, args: unknown[]): string[] {
  const m = encodeSubmission(request(name, args), { chainId: 1, abis: [T] }).signingMessage;
  const end = m.length - 25;
  const out: string[] = [];
  let off = 32 + 32 + 8 + 1 + 32; // prefix, sender, sequence, variant, module address
  off += 1 + m[off]; // module name
  off += 1 + m[off]; // function name
  expect(m[off++]).toBe(0); // no type arguments in the calls read this way
  const n = m[off++];
  for (let i = 0; i < n; i++) {
    let len = 0;
    let shift = 0;
    for (;;) {
      const b = m[off++];
      len |= (b & 0x7f) << shift;
      if (b < 0x80) break;
      shift += 7;
    }
    out.push(toHex(m.subarray(off, off + len)).slice(2));
    off += len;
  }
  expect(off).toBe(end);
  return out;
}

const argError = (name: string, args: unknown[], typeArgs: string[] = []) => errorOf(request(name, args, typeArgs), { chainId: 1, abis: [T] }).body.message;
const P = 'The given transaction is invalid: Failed to parse transaction payload: ';

describe('every Move type as an argument', () => {
  // The message up to the argument: gas, price, expiry and chain (25 bytes) dropped.
  const one = (type: string, value: unknown) => encodeSubmission(request('one', [value], [type]), { chainId: 1, abis: [T] }).hex.slice(0, -50);
  const endsWith = (type: string, value: unknown, hex: string) => expect(one(type, value).endsWith(hex)).toBe(true);
  it('unsigned integers: u8–u32 as JSON numbers, u64–u256 as decimal strings', () => {
    endsWith('u8', 255, '01ff');
    endsWith('u16', 65535, '02ffff');
    endsWith('u32', 4294967295, '04ffffffff');
    endsWith('u64', '18446744073709551615', '08' + 'ff'.repeat(8));
    endsWith('u128', '1', '10' + '01' + '00'.repeat(15));
    endsWith('u256', '1', '20' + '01' + '00'.repeat(31));
  });
  it('signed integers: i8–i32 as JSON numbers, i64–i256 as decimal strings with a sign', () => {
    endsWith('i8', -1, '01ff');
    endsWith('i16', -2, '02feff');
    endsWith('i32', -3, '04fdffffff');
    endsWith('i64', '-4', '08fc' + 'ff'.repeat(7));
    endsWith('i128', '-5', '10fb' + 'ff'.repeat(15));
    endsWith('i256', '-6', '20fa' + 'ff'.repeat(31));
    endsWith('i64', '9223372036854775807', '08' + 'ff'.repeat(7) + '7f');
  });
  it('bool, address, vector<u8> as hex, String, Object<T>, Option<T>', () => {
    endsWith('bool', true, '0101');
    endsWith('address', '0xb0', '20' + '00'.repeat(31) + 'b0');
    endsWith('address', 'b0', '20' + '00'.repeat(31) + 'b0');
    endsWith('vector<u8>', '0xDEADbeef', '0504deadbeef');
    endsWith('vector<u8>', '', '0100');
    endsWith('0x1::string::String', 'é', '0302c3a9');
    endsWith('0x1::object::Object<0x1::fungible_asset::Metadata>', '0xa', '20' + '00'.repeat(31) + '0a');
    endsWith('0x1::option::Option<u64>', { vec: ['42'] }, '09012a00000000000000');
    endsWith('0x1::option::Option<u64>', { vec: [] }, '0100');
    endsWith('vector<vector<u16>>', [[1], []], '05' + '02' + '01' + '0100' + '00');
  });
  it('integers: out of range, wrong JSON type, floats as serde_json reads them', () => {
    expect(argError('one', [256], ['u8'])).toBe(`${P}parse arguments[0] failed, expect integer<u8>, caused by error: invalid value: integer \`256\`, expected u8`);
    expect(argError('one', [-1], ['u32'])).toContain('invalid value: integer `-1`, expected u32');
    expect(argError('one', ['1'], ['u8'])).toContain('invalid type: string "1", expected u8');
    expect(argError('one', [1.5], ['u16'])).toContain('invalid type: floating point `1.5`, expected u16');
    expect(argError('one', [null], ['i8'])).toContain('invalid type: null, expected i8');
    expect(argError('one', [128], ['i8'])).toContain('invalid value: integer `128`, expected i8');
    expect(argError('one', [5], ['u64'])).toBe(`${P}parse arguments[0] failed, expect string<u64>, caused by error: invalid type: number, expected a string`);
    expect(argError('one', ['x'], ['u128'])).toContain('Parsing u128 string "x" failed, caused by error: invalid digit found in string');
    expect(argError('one', ['-1'], ['u256'])).toContain('Parsing move_core_types::u256::U256 string "-1" failed');
    expect(argError('one', ['-2'.padEnd(41, '0')], ['i128'])).toContain('number too small to fit in target type');
    expect(argError('one', ['true'], ['bool'])).toContain('invalid type: string "true", expected a boolean');
  });
  it('u256 strings parse as move-core U256::from_str does (uint from_dec_str), not as Rust integers', () => {
    const U = 'Parsing move_core_types::u256::U256 string';
    expect(argError('one', ['+5'], ['u256'])).toBe(`${P}parse arguments[0] failed, expect string<u256>, caused by error: ${U} "+5" failed, caused by error: a character is not in the range 0-9`);
    expect(argError('one', ['-1'], ['u256'])).toContain(`${U} "-1" failed, caused by error: a character is not in the range 0-9`);
    expect(argError('one', ['0x10'], ['u256'])).toContain('caused by error: a character is not in the range 0-9');
    expect(argError('one', [(1n << 256n).toString()], ['u256'])).toContain('caused by error: the number is too large for the type');
    // The leading zeros are trimmed first, and an empty digit string is zero.
    endsWith('u256', '', '20' + '00'.repeat(32));
    endsWith('u256', '0000', '20' + '00'.repeat(32));
    endsWith('u256', '0'.repeat(100) + (2n ** 256n - 1n).toString(), '20' + 'ff'.repeat(32));
    // u128 is Rust's u128::from_str: a + is accepted, an empty string is not.
    endsWith('u128', '+5', '10' + '05' + '00'.repeat(15));
    expect(argError('one', [''], ['u128'])).toContain('cannot parse integer from empty string');
  });
  it('JSON text: 1.0 and 1e2 are floats to serde_json, not u8 values; big integers keep their digits', () => {
    const body = (arg: string) => parseRequestBody(JSON.stringify(request('one', [0], ['u8'])).replace('"arguments":[0]', `"arguments":[${arg}]`));
    const err = (arg: string) => errorOf(body(arg), { chainId: 1, abis: [T] }).body.message;
    expect(err('1.0')).toContain('invalid type: floating point `1.0`, expected u8');
    expect(err('1e2')).toContain('invalid type: floating point `100.0`, expected u8');
    expect(err('-0.0')).toContain('invalid type: floating point `-0.0`, expected u8');
    expect(err('18446744073709551615')).toContain('invalid value: integer `18446744073709551615`, expected u8');
    expect(err('18446744073709551616')).toContain('invalid type: floating point `18446744073709552000.0`, expected u8');
    expect(encodeSubmission(body('7'), { chainId: 1, abis: [T] }).hex).toBe(encodeSubmission(request('one', [7], ['u8']), { chainId: 1, abis: [T] }).hex);
  });
  it('addresses and hex: the node\'s messages', () => {
    expect(argError('one', ['0xzz'], ['vector<u8>'])).toContain('decode hex-encoded string("0xzz") failed, caused by error: Invalid character \'z\' at position 0');
    expect(argError('one', ['0xabc'], ['vector<u8>'])).toContain('caused by error: Odd number of digits');
    expect(argError('one', [[1, 2]], ['vector<u8>'])).toContain('invalid type: sequence, expected a string');
    expect(argError('one', ['0X12'], ['vector<u8>'])).toContain("Invalid character 'X' at position 1");
    expect(argError('one', [true], ['address'])).toContain('invalid type: boolean `true`, expected a string');
  });
  it('vectors of other types are arrays; strings must be strings', () => {
    expect(argError('one', ['1'], ['vector<u64>'])).toBe(`${P}parse arguments[0] failed, expect array<string<u64>>, caused by error: expected vector<U64>, but got: String("1")`);
    expect(argError('one', [['1', 2]], ['vector<u64>'])).toContain('invalid type: number, expected a string');
    expect(argError('one', [5], ['0x1::string::String'])).toContain('caused by error: failed to parse string::String.');
  });
  it('Option<T> is {"vec": […]}, never null or a bare value', () => {
    expect(argError('one', [null], ['0x1::option::Option<u64>'])).toContain('Expecting a JSON Map for struct.');
    expect(argError('one', ['1'], ['0x1::option::Option<u64>'])).toContain('Expecting a JSON Map for struct.');
    expect(argError('one', [{}], ['0x1::option::Option<u64>'])).toContain('field vec not found.');
  });
});

describe('parameters', () => {
  it('signer parameters are skipped wherever they are', () => {
    expect(argBytes('signers', [1, 2])).toEqual(['01', '0200']);
    expect(argError('signers', [1])).toBe(`${P}expected 2 arguments [integer<u8>, integer<u16>], but got 1 ([Number(1)])`);
  });
  it('generic parameters are substituted from type_arguments, through vectors', () => {
    const m = encodeSubmission(request('vec_generic', [['1', '2']], ['u64']), { chainId: 1, abis: [T] }).hex;
    expect(m).toContain('1102' + '0100000000000000' + '0200000000000000');
  });
  it('a function that is not an entry function is not found', () => {
    expect(argError('not_entry', [1])).toBe(`${P}could not find entry function by 0x${'0'.repeat(60)}cafe::t::not_entry`);
  });
  it('function-typed parameters cannot be given in JSON', () => {
    expect(argError('fun', ['0x1::m::f'])).toContain('unexpected move type Function for value String("0x1::m::f")');
  });
});

describe('structs and enums from the ABI', () => {
  it('a struct is an object keyed by field name, written in declaration order; extra keys are ignored', () => {
    expect(argBytes('point', [{ y: 2, x: '1', z: 'ignored' }])).toEqual(['010000000000000002']);
  });
  it('a generic struct takes its type arguments into its fields', () => {
    expect(argBytes('wrapped', [{ items: [{ x: '1', y: 2 }, { x: '3', y: 4 }] }])).toEqual(['02' + '010000000000000002' + '030000000000000004']);
  });
  it('struct errors', () => {
    expect(argError('point', [[]])).toContain('Expecting a JSON Map for struct.');
    expect(argError('point', [{ x: '1' }])).toContain('field y not found.');
    expect(argError('point', [{ x: 1, y: 2 }])).toContain('invalid type: number, expected a string');
    expect(argError('point', [JSON.parse('{"__proto__": 1, "x": "1"}')])).toContain('field y not found.');
  });
  it('an enum is {"Variant": {fields}}, written as its variant index and fields', () => {
    expect(argBytes('shape', [{ Circle: { r: '7' } }])).toEqual(['00' + '0700000000000000']);
    expect(argBytes('shape', [{ Square: { label: 'a', side: 3 } }])).toEqual(['01' + '03' + '0161']);
  });
  it('enum errors, each with the node\'s message', () => {
    expect(argError('shape', ['Circle'])).toContain('Expecting a JSON Map for enum.');
    expect(argError('shape', [{}])).toContain('Enum value must have exactly one variant specified.');
    expect(argError('shape', [{ Circle: { r: '1' }, Square: {} }])).toContain('Enum value must have exactly one variant specified.');
    expect(argError('shape', [{ Triangle: {} }])).toContain('Variant Triangle not found.');
    expect(argError('shape', [{ Circle: 1 }])).toContain('Expecting a JSON Map for variant fields.');
    expect(argError('shape', [{ Circle: {} }])).toContain('field r not found in variant Circle.');
    expect(argError('shape', [{ Circle: { r: '1', q: 2 } }])).toContain('Unknown fields ["q"] in variant Circle.');
  });
  it('a struct whose module has no ABI fails the argument that needs it', () => {
    expect(argError('missing', [{}])).toBe(
      `${P}parse arguments[0] failed, expect string<move_struct_tag_id>, caused by error: Module ModuleId { address: 0xcafe, name: Identifier("nowhere") } can't be found`,
    );
  });
  it('a recursive struct (only hostile ABIs declare one) converts any finite value and never loops', () => {
    expect(argBytes('loopy', [{ next: { vec: [{ next: { vec: [] } }] } }])).toEqual(['0100']);
    const cyclic: Record<string, unknown> = {};
    cyclic.next = { vec: [cyclic] };
    expect(argError('loopy', [cyclic])).toContain('nested too deeply');
  });
});

describe('hostile arguments', () => {
  it('a megabyte string gives a short message', () => {
    const m = argError('one', ['z'.repeat(1 << 20)], ['vector<u8>']);
    expect(m.length).toBeLessThan(400);
  });
  it('a huge array of the wrong element type fails at the first element', () => {
    expect(argError('one', [Array(1e5).fill(true)], ['vector<u64>'])).toContain('invalid type: boolean `true`, expected a string');
  });
  it('a large valid array encodes', () => {
    const n = 50_000;
    const hex = encodeSubmission(request('one', [Array(n).fill(255)], ['vector<u16>']), { chainId: 1, abis: [T] }).hex;
    expect(hex.length).toBeGreaterThan(n * 4);
  });
});
