import { BcsError, encodeWith, patchLength, quote, type BcsWriter } from '../bcs/index.js';
import { abilityBit } from './ability.js';
import { ALPHA, CHAR_CLASS, DIGIT, HEX, IDENT, SPACE, UPPER } from './chars.js';
import { MAX_GENERIC_INDEX, type MoveFunctionParam, type MoveType, type MoveValueType } from './move-type.js';
import { SPECIAL_LONG_ADDRESSES } from '../bcs/index.js';
import { isPrimitiveKind, MAX_TYPE_TAG_NESTING, primitiveTypeTag, typeTagKindIndex, type StructTag, type TypeArg, type TypeTag } from './type-tag.js';

// ---------------------------------------------------------------------------------------------
// Type-tag strings, after the node's `third_party/move/move-core/types/src/parser.rs` (the newest
// version stored in the index): one hand-written pass over the characters, no token array.
//
// Same as the node:
// * keywords are case-sensitive (`U8` is a name, not a type); whitespace (Rust's
//   is_ascii_whitespace: space, \t, \n, \x0C, \r) may stand between any two tokens but not inside one;
// * addresses are `0x`/`0X` followed by 1–64 hex digits of either case, left-padded to 32 bytes;
// * `vector<T>` takes exactly one argument and no trailing comma; struct arguments `<…>` allow a
//   trailing comma and may be empty (`S<>` is `S`);
// * nesting: every type has a depth (the top is 0; vector, struct and function arguments are one
//   deeper) and a depth above MAX_TYPE_TAG_NESTING fails with the node's message
//   `Exceeded TypeTag nesting limit during parsing: 9`. Leaves count, so this is not the BCS rule.
//
// A superset of that parser, so that every type tag the node can hold has a string that parses back
// (parse(format(t)) = t):
// * `i8 … i256` (TypeTag variants since bytecode v9; the stored parser predates them);
// * function types in the node's canonical form `|u64, &mut 0x1::m::S|(bool) has copy + drop`:
//   parameters may be references; results are always parenthesised (that keeps `||||()…` unambiguous);
//   the ability postfix is optional, abilities may come in any order but not twice. The stored parser
//   has no function types at all;
// * identifiers that start with `_` (valid Move identifiers the node's tokenizer does not start a
//   name with), and keywords used as module or struct names (`0x1::vector::X`, which the node's
//   parser refuses because `vector` is tokenized as a keyword).
//
// Move types (ABIs) additionally accept generic parameters `T0`…`T65535` anywhere a type may stand
// and a reference `&T` / `&mut T` at the top level.
//
// Errors: code `invalid_type_tag`, the message names the input and what was expected, and `offset`
// is the index (UTF-16 code unit) in the string where the problem starts.
//
// One pass to BCS: with a writer set (`encodeTypeTagString`), every production writes its bytes as it
// is recognised instead of building objects (a struct's type-argument count is patched in after its
// arguments). Same code, so the same strings are accepted and the same errors raised; a parsed tag has
// at most 9 nested composites, which the encoder accepts, so there is nothing left to check.
//
// The scanner keeps its state in module variables: it calls no user code, so nothing can re-enter.
// ---------------------------------------------------------------------------------------------

let src = '';
let pos = 0;
let end = 0;
let abi = false;
/** Set while parsing straight to BCS; productions then write bytes and return WRITTEN. */
let out: BcsWriter | null = null;
const WRITTEN = null as unknown as MoveValueType;

const ZEROS = /* @__PURE__ */ '0'.repeat(64);

function fail(what: string, at: number): never {
  throw new BcsError('invalid_type_tag', `invalid ${abi ? 'Move type' : 'type tag'} ${quote(src, 200)}: ${what}`, at);
}

function cls(at: number): number {
  const c = src.charCodeAt(at);
  return c < 128 ? CHAR_CLASS[c] : 0;
}

/** What stands at `at`, for error messages: a whole name or number, or one character. */
function describe(at: number): string {
  if (at >= end) return 'end of input';
  if (cls(at) & IDENT) {
    let e = at + 1;
    while (e < end && cls(e) & IDENT) e++;
    return quote(src.slice(at, e));
  }
  return `'${String.fromCodePoint(src.codePointAt(at)!)}'`;
}

function skipSpace(): void {
  while (pos < end) {
    const c = src.charCodeAt(pos);
    if (c < 128 && CHAR_CLASS[c] & SPACE) pos++;
    else return;
  }
}

function expectChar(code: number, shown: string): void {
  skipSpace();
  if (src.charCodeAt(pos) !== code) fail(`expected '${shown}', got ${describe(pos)}`, pos);
  pos++;
}

function expectColons(): void {
  skipSpace();
  if (src.charCodeAt(pos) !== 58 || src.charCodeAt(pos + 1) !== 58) fail(`expected '::', got ${describe(pos)}`, pos);
  pos += 2;
}

/** Scans a name at `pos` (which starts with a letter or `_`); returns where it starts, `pos` is its end. */
function skipName(): number {
  const start = pos;
  pos++;
  while (pos < end) {
    const c = src.charCodeAt(pos);
    if (c < 128 && CHAR_CLASS[c] & IDENT) pos++;
    else break;
  }
  if (pos - start === 1 && src.charCodeAt(start) === 95) fail(`invalid identifier '_'`, start);
  return start;
}

function scanName(): string {
  const start = skipName();
  return src.slice(start, pos);
}

/** Scans a name that must stand here; returns where it starts (`pos` is its end). */
function expectNameAt(what: string): number {
  skipSpace();
  const c = src.charCodeAt(pos);
  if (!(c < 128 && (CHAR_CLASS[c] & ALPHA || c === 95))) fail(`expected ${what}, got ${describe(pos)}`, pos);
  return skipName();
}

/** The name just scanned from `start`, as BCS (uleb length ‖ ASCII): names are ASCII by construction. */
function writeName(w: BcsWriter, start: number): void {
  const n = pos - start;
  w.length(n);
  w.ensure(n);
  const b = w.buf;
  let o = w.off;
  for (let i = start; i < pos; i++) b[o++] = src.charCodeAt(i);
  w.off = o;
}

/** True if the name `word` stands at `pos` as a whole token. */
function atWord(word: string): boolean {
  return src.startsWith(word, pos) && !(cls(pos + word.length) & IDENT);
}

/** Scans `0x…` at `pos` and writes its 32 bytes (zeros, then the digits right-aligned). */
function writeAddressDigits(w: BcsWriter): void {
  const start = pos + 2;
  let p = start;
  while (p < end) {
    const c = src.charCodeAt(p);
    if (c < 128 && CHAR_CLASS[c] & HEX) p++;
    else break;
  }
  const digits = p - start;
  if (digits === 0) fail(`expected hex digits after '${src.slice(pos, start)}'`, start);
  if (digits > 64) fail(`address has ${digits} hex digits, at most 64 allowed`, pos);
  pos = p;
  w.ensure(32);
  const b = w.buf;
  const o = w.off;
  const last = o + 31;
  let k = last;
  let j = p - 1;
  for (; j > start; j -= 2) b[k--] = nibble(src.charCodeAt(j)) | (nibble(src.charCodeAt(j - 1)) << 4);
  if (j === start) b[k--] = nibble(src.charCodeAt(j));
  while (k >= o) b[k--] = 0;
  w.off = o + 32;
}

/** Value of a hex digit already known to be one. */
function nibble(c: number): number {
  return c <= 57 ? c - 48 : (c | 32) - 87;
}

/** Scans `0x…` at `pos` into the long address form. */
function scanAddress(): string {
  const start = pos;
  let p = pos + 2;
  let upper = false;
  while (p < end) {
    const c = src.charCodeAt(p);
    const k = c < 128 ? CHAR_CLASS[c] : 0;
    if ((k & HEX) === 0) break;
    if (k & UPPER) upper = true;
    p++;
  }
  const digits = p - start - 2;
  if (digits === 0) fail(`expected hex digits after '${src.slice(start, start + 2)}'`, start + 2);
  if (digits > 64) fail(`address has ${digits} hex digits, at most 64 allowed`, start);
  pos = p;
  // A 64-digit lowercase `0x…` is already the long form: a slice of the input, no copy.
  if (digits === 64 && !upper && src.charCodeAt(start + 1) === 120) return src.slice(start, p);
  // `0x1` and the other special addresses: the shared long form, no slice or lookup.
  if (digits === 1) return SPECIAL_LONG_ADDRESSES[CHAR_CLASS[src.charCodeAt(start + 2)] & DIGIT ? src.charCodeAt(start + 2) - 48 : (src.charCodeAt(start + 2) | 32) - 87];
  const hex = src.slice(start + 2, p);
  const key = upper ? hex.toLowerCase() : hex;
  let long = LONG_FORMS.get(key);
  if (long === undefined) {
    long = flat('0x' + ZEROS.slice(digits) + key);
    if (LONG_FORMS.size < LONG_FORM_CACHE_LIMIT) LONG_FORMS.set(key, long);
  }
  return long;
}

// Short addresses (0x1, 0x3, 0xa550c18…) recur in almost every tag. Their long forms are interned
// here (strings are immutable, so sharing is safe): no padding concatenation per parse, and the
// encoder reads a flat string instead of flattening a fresh rope each time. Bounded: once full,
// further addresses are simply built per call.
const LONG_FORM_CACHE_LIMIT = 1024;
const LONG_FORMS = /* @__PURE__ */ new Map<string, string>(/* @__PURE__ */ SPECIAL_LONG_ADDRESSES.map((long, d) => [d.toString(16), long]));

/** The same string, flattened (V8 keeps `a + b` as a rope until first read). */
function flat(s: string): string {
  s.charCodeAt(0);
  return s;
}

function parseStruct(depth: number): MoveValueType {
  const w = out;
  let address = '';
  if (w) {
    w.u8(7);
    writeAddressDigits(w);
  } else address = scanAddress();
  expectColons();
  const moduleAt = expectNameAt('a module name');
  const module = w ? (writeName(w, moduleAt), '') : src.slice(moduleAt, pos);
  expectColons();
  const nameAt = expectNameAt('a struct name');
  const name = w ? (writeName(w, nameAt), '') : src.slice(nameAt, pos);
  const typeArgs: MoveValueType[] = [];
  let count = 0;
  const countAt = reserveCount();
  skipSpace();
  if (src.charCodeAt(pos) === 60) {
    pos++;
    skipSpace();
    if (src.charCodeAt(pos) !== 62) {
      for (;;) {
        const t = parseType(depth + 1);
        if (w) count++;
        else typeArgs.push(t);
        skipSpace();
        const c = src.charCodeAt(pos);
        if (c === 62) break;
        if (c !== 44) fail(`expected ',' or '>', got ${describe(pos)}`, pos);
        pos++;
        skipSpace();
        if (src.charCodeAt(pos) === 62) break;
      }
    }
    pos++;
  }
  if (w) {
    patchLength(w, countAt, count);
    return WRITTEN;
  }
  return { $kind: 'struct', value: { address, module, name, typeArgs } };
}

function parseParam(depth: number): MoveFunctionParam {
  skipSpace();
  // FunctionParamOrReturnTag indices: Reference 0, MutableReference 1, Value 2.
  if (src.charCodeAt(pos) !== 38) {
    out?.u8(2);
    return { $kind: 'value', value: parseType(depth) };
  }
  pos++;
  skipSpace();
  if (atWord('mut')) {
    pos += 3;
    out?.u8(1);
    return { $kind: 'mutableReference', value: parseType(depth) };
  }
  out?.u8(0);
  return { $kind: 'reference', value: parseType(depth) };
}

/** Reserves a count byte when writing; returns where (or -1). */
function reserveCount(): number {
  if (!out) return -1;
  const at = out.off;
  out.u8(0);
  return at;
}

function parseFunction(depth: number): MoveValueType {
  pos++;
  out?.u8(11);
  const argsAt = reserveCount();
  const args: MoveFunctionParam[] = [];
  skipSpace();
  let emptyArgs = false;
  if (src.charCodeAt(pos) === 124) {
    // `||(` is an empty parameter list; `||…` otherwise starts a function-typed parameter.
    let q = pos + 1;
    while (q < end && cls(q) & SPACE) q++;
    emptyArgs = src.charCodeAt(q) === 40;
  }
  if (emptyArgs) pos++;
  else {
    for (;;) {
      args.push(parseParam(depth + 1));
      skipSpace();
      const c = src.charCodeAt(pos);
      if (c === 124) break;
      if (c !== 44) fail(`expected ',' or '|', got ${describe(pos)}`, pos);
      pos++;
    }
    pos++;
  }
  if (out) patchLength(out, argsAt, args.length);
  expectChar(40, '(');
  const resultsAt = reserveCount();
  const results: MoveFunctionParam[] = [];
  skipSpace();
  if (src.charCodeAt(pos) !== 41) {
    for (;;) {
      results.push(parseParam(depth + 1));
      skipSpace();
      const c = src.charCodeAt(pos);
      if (c === 41) break;
      if (c !== 44) fail(`expected ',' or ')', got ${describe(pos)}`, pos);
      pos++;
      skipSpace();
      if (src.charCodeAt(pos) === 41) break;
    }
  }
  pos++;
  if (out) patchLength(out, resultsAt, results.length);
  let abilities = 0;
  const save = pos;
  skipSpace();
  if (atWord('has')) {
    pos += 3;
    for (;;) {
      skipSpace();
      const at = pos;
      const c = src.charCodeAt(pos);
      const name = c < 128 && CHAR_CLASS[c] & ALPHA ? scanName() : '';
      const bit = abilityBit(name);
      if (bit === 0) fail(`expected an ability (copy, drop, store, key), got ${describe(at)}`, at);
      if (abilities & bit) fail(`duplicate ability '${name}'`, at);
      abilities |= bit;
      skipSpace();
      if (src.charCodeAt(pos) !== 43) break;
      pos++;
    }
  } else pos = save;
  if (out) {
    out.u8(abilities);
    return WRITTEN;
  }
  return { $kind: 'function', value: { args, results, abilities } };
}

function parseGeneric(name: string, at: number): MoveValueType {
  let i = 0;
  for (let k = 1; k < name.length; k++) {
    const c = name.charCodeAt(k);
    if (c < 48 || c > 57) fail(`expected a type, got ${quote(name)}`, at);
    i = i * 10 + (c - 48);
  }
  if (name.length < 2 || name.length > 6 || i > MAX_GENERIC_INDEX) fail(`expected a type, got ${quote(name)}`, at);
  if (!abi) fail(`generic type parameter ${name} is not allowed in a type tag`, at);
  return { $kind: 'generic', value: i };
}

function parseType(depth: number): MoveValueType {
  skipSpace();
  const at = pos;
  if (depth > MAX_TYPE_TAG_NESTING) fail(`Exceeded TypeTag nesting limit during parsing: ${depth}`, at);
  if (pos >= end) fail('expected a type, got end of input', at);
  const c = src.charCodeAt(pos);
  const k = c < 128 ? CHAR_CLASS[c] : 0;
  if (k & ALPHA || c === 95) {
    const name = scanName();
    if (isPrimitiveKind(name)) {
      if (out) {
        out.u8(typeTagKindIndex(name));
        return WRITTEN;
      }
      return primitiveTypeTag(name);
    }
    switch (name) {
      case 'vector': {
        out?.u8(6);
        expectChar(60, '<');
        const value = parseType(depth + 1);
        expectChar(62, '>');
        return out ? WRITTEN : { $kind: 'vector', value };
      }
      default:
        if (c === 84) return parseGeneric(name, at);
        return fail(`expected a type, got ${quote(name)}`, at);
    }
  }
  if (c === 48) {
    const x = src.charCodeAt(pos + 1);
    if (x === 120 || x === 88) return parseStruct(depth);
  }
  if (c === 124) return parseFunction(depth);
  if (k & DIGIT) fail(`expected a type, got number ${describe(at)}`, at);
  if (c === 38) fail('a reference is only allowed at the top of a Move type or as a function parameter or result', at);
  return fail(`expected a type, got ${describe(at)}`, at);
}

function begin(s: unknown, moveType: boolean, writer: BcsWriter | null = null): void {
  if (typeof s !== 'string') {
    throw new BcsError('invalid_type', `expected ${moveType ? 'a Move type' : 'a type tag'} string, got ${s === null ? 'null' : typeof s}`);
  }
  src = s;
  pos = 0;
  end = s.length;
  abi = moveType;
  out = writer;
}

function finish(): void {
  skipSpace();
  if (pos < end) fail(`expected end of input, got ${describe(pos)}`, pos);
}

/** Parses a type-tag string (`u64`, `vector<u8>`, `0x1::coin::CoinStore<0x1::aptos_coin::AptosCoin>`, …). */
export function parseTypeTag(s: string): TypeTag {
  begin(s, false);
  const t = parseType(0) as TypeTag;
  finish();
  return t;
}

/**
 * Parses a type-tag string straight into BCS at the writer's offset, in one pass without building
 * the tag: the same strings as `parseTypeTag` are accepted, with the same errors, and the bytes are
 * those of `typeTag.encode(parseTypeTag(s))`.
 */
export function writeTypeTagString(w: BcsWriter, s: string): void {
  begin(s, false, w);
  try {
    parseType(0);
    finish();
  } finally {
    out = null;
  }
}

/**
 * A type argument from a type-tag string such as `'0x1::aptos_coin::AptosCoin'`, parsed straight
 * into BCS when written (`writeTypeTagString`); parse errors surface then, at the argument's path.
 */
export function typeArgFromString(s: string): TypeArg {
  return { write: writeTypeTagString, value: s };
}

/** `typeTag.encode(parseTypeTag(s))` in one pass: the BCS bytes of a type-tag string. */
export function encodeTypeTagString(s: string): Uint8Array {
  return encodeWith(writeTypeTagString, s);
}

/** Parses a struct-tag string; any other type fails with the node's `invalid struct tag: {s}`. */
export function parseStructTag(s: string): StructTag {
  const t = parseTypeTag(s);
  if (t.$kind !== 'struct') throw new BcsError('invalid_type_tag', `invalid struct tag: ${s}`, 0);
  return t.value;
}

/** Parses an ABI type string: a type tag, or generic parameters `T0…`, or a top-level `&T` / `&mut T`. */
export function parseMoveType(s: string): MoveType {
  begin(s, true);
  skipSpace();
  let t: MoveType;
  if (src.charCodeAt(pos) === 38) {
    const p = parseParam(0);
    t = p as MoveType;
  } else t = parseType(0);
  finish();
  return t;
}
