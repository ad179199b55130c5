import { BcsError, quote, encodeWith, patchLength, type BcsWriter } from '../bcs/index.js';
import { abilityBit } from './ability.js';
import { ALPHA, CHAR_CLASS, DIGIT, isSpace } from './chars.js';
import { MAX_GENERIC_INDEX, type MoveFunctionParam, type MoveType, type MoveValueType } from './move-type.js';
import {
  atWord,
  describe,
  expectChar,
  expectColons,
  expectNameAt,
  fail,
  peek,
  scan,
  scanAddress,
  scanName,
  skipSpace,
  writeAddressDigits,
  writeName,
  type Scan,
} from './scanner.js';
import { isPrimitiveKind, MAX_TYPE_TAG_NESTING, primitiveTypeTag, typeTagKindIndex, type StructTag, type TypeArg, type TypeTag } from './type-tag.js';

// ---------------------------------------------------------------------------------------------
// Type-tag strings, after the node's `third_party/move/move-core/types/src/parser.rs`: one
// hand-written pass over the characters, no token array.
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
// * `i8 … i256` (TypeTag variants since bytecode v9; the parser.rs followed here predates them);
// * function types in the node's canonical form `|u64, &mut 0x1::m::S|(bool) has copy + drop`:
//   parameters may be references; results are always parenthesised (that keeps `||||()…` unambiguous);
//   the ability postfix is optional, abilities may come in any order but not twice. That parser.rs
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
// Each parse keeps its state (input, position, writer) in its own `Scan` (scanner.ts), passed down
// every production: nothing is shared between calls.
// ---------------------------------------------------------------------------------------------

/** What a production returns while writing BCS: the bytes are in the writer, there is no value. */
const WRITTEN = null as unknown as MoveValueType;

function parseStruct(p: Scan, depth: number): MoveValueType {
  const w = p.out;
  let address = '';
  if (w) {
    w.u8(7);
    writeAddressDigits(p, w);
  } else address = scanAddress(p);
  expectColons(p);
  const moduleAt = expectNameAt(p, 'a module name');
  const module = w ? (writeName(p, w, moduleAt), '') : p.src.slice(moduleAt, p.pos);
  expectColons(p);
  const nameAt = expectNameAt(p, 'a struct name');
  const name = w ? (writeName(p, w, nameAt), '') : p.src.slice(nameAt, p.pos);
  const typeArgs: MoveValueType[] = [];
  let count = 0;
  const countAt = reserveCount(w);
  if (peek(p) === 60) {
    p.pos++;
    if (peek(p) !== 62) {
      for (;;) {
        const t = parseType(p, depth + 1);
        if (w) count++;
        else typeArgs.push(t);
        const c = peek(p);
        if (c === 62) break;
        if (c !== 44) fail(p, `expected ',' or '>', got ${describe(p, p.pos)}`, p.pos);
        p.pos++;
        if (peek(p) === 62) break;
      }
    }
    p.pos++;
  }
  if (w) {
    patchLength(w, countAt, count);
    return WRITTEN;
  }
  return { $kind: 'struct', value: { address, module, name, typeArgs } };
}

function parseParam(p: Scan, depth: number): MoveFunctionParam {
  // FunctionParamOrReturnTag indices: Reference 0, MutableReference 1, Value 2.
  if (peek(p) !== 38) {
    p.out?.u8(2);
    return { $kind: 'value', value: parseType(p, depth) };
  }
  p.pos++;
  skipSpace(p);
  if (atWord(p, 'mut')) {
    p.pos += 3;
    p.out?.u8(1);
    return { $kind: 'mutableReference', value: parseType(p, depth) };
  }
  p.out?.u8(0);
  return { $kind: 'reference', value: parseType(p, depth) };
}

/** Reserves a count byte when writing; returns where (or -1). */
function reserveCount(w: BcsWriter | null): number {
  if (!w) return -1;
  const at = w.off;
  w.u8(0);
  return at;
}

function parseFunction(p: Scan, depth: number): MoveValueType {
  const w = p.out;
  p.pos++;
  w?.u8(11);
  const argsAt = reserveCount(w);
  const args: MoveFunctionParam[] = [];
  let emptyArgs = false;
  if (peek(p) === 124) {
    // `||(` is an empty parameter list; `||…` otherwise starts a function-typed parameter.
    let q = p.pos + 1;
    while (q < p.end && isSpace(p.src.charCodeAt(q))) q++;
    emptyArgs = p.src.charCodeAt(q) === 40;
  }
  if (emptyArgs) p.pos++;
  else {
    for (;;) {
      args.push(parseParam(p, depth + 1));
      const c = peek(p);
      if (c === 124) break;
      if (c !== 44) fail(p, `expected ',' or '|', got ${describe(p, p.pos)}`, p.pos);
      p.pos++;
    }
    p.pos++;
  }
  if (w) patchLength(w, argsAt, args.length);
  expectChar(p, 40, '(');
  const resultsAt = reserveCount(w);
  const results: MoveFunctionParam[] = [];
  if (peek(p) !== 41) {
    for (;;) {
      results.push(parseParam(p, depth + 1));
      const c = peek(p);
      if (c === 41) break;
      if (c !== 44) fail(p, `expected ',' or ')', got ${describe(p, p.pos)}`, p.pos);
      p.pos++;
      if (peek(p) === 41) break;
    }
  }
  p.pos++;
  if (w) patchLength(w, resultsAt, results.length);
  let abilities = 0;
  const save = p.pos;
  skipSpace(p);
  if (atWord(p, 'has')) {
    p.pos += 3;
    for (;;) {
      const c = peek(p);
      const at = p.pos;
      const name = c < 128 && CHAR_CLASS[c] & ALPHA ? scanName(p) : '';
      const bit = abilityBit(name);
      if (bit === 0) fail(p, `expected an ability (copy, drop, store, key), got ${describe(p, at)}`, at);
      if (abilities & bit) fail(p, `duplicate ability '${name}'`, at);
      abilities |= bit;
      if (peek(p) !== 43) break;
      p.pos++;
    }
  } else p.pos = save;
  if (w) {
    w.u8(abilities);
    return WRITTEN;
  }
  return { $kind: 'function', value: { args, results, abilities } };
}

function parseGeneric(p: Scan, name: string, at: number): MoveValueType {
  let i = 0;
  for (let k = 1; k < name.length; k++) {
    const c = name.charCodeAt(k);
    if (c < 48 || c > 57) fail(p, `expected a type, got ${quote(name)}`, at);
    i = i * 10 + (c - 48);
  }
  if (name.length < 2 || name.length > 6 || i > MAX_GENERIC_INDEX) fail(p, `expected a type, got ${quote(name)}`, at);
  if (!p.abi) fail(p, `generic type parameter ${name} is not allowed in a type tag`, at);
  return { $kind: 'generic', value: i };
}

function parseType(p: Scan, depth: number): MoveValueType {
  const c = peek(p);
  const at = p.pos;
  if (depth > MAX_TYPE_TAG_NESTING) fail(p, `Exceeded TypeTag nesting limit during parsing: ${depth}`, at);
  if (at >= p.end) fail(p, 'expected a type, got end of input', at);
  const k = c < 128 ? CHAR_CLASS[c] : 0;
  if (k & ALPHA || c === 95) {
    const name = scanName(p);
    if (isPrimitiveKind(name)) {
      if (p.out) {
        p.out.u8(typeTagKindIndex(name));
        return WRITTEN;
      }
      return primitiveTypeTag(name);
    }
    switch (name) {
      case 'vector': {
        p.out?.u8(6);
        expectChar(p, 60, '<');
        const value = parseType(p, depth + 1);
        expectChar(p, 62, '>');
        return p.out ? WRITTEN : { $kind: 'vector', value };
      }
      default:
        if (c === 84) return parseGeneric(p, name, at);
        return fail(p, `expected a type, got ${quote(name)}`, at);
    }
  }
  if (c === 48) {
    const x = p.src.charCodeAt(at + 1);
    if (x === 120 || x === 88) return parseStruct(p, depth);
  }
  if (c === 124) return parseFunction(p, depth);
  if (k & DIGIT) fail(p, `expected a type, got number ${describe(p, at)}`, at);
  if (c === 38) fail(p, 'a reference is only allowed at the top of a Move type or as a function parameter or result', at);
  return fail(p, `expected a type, got ${describe(p, at)}`, at);
}

function finish(p: Scan): void {
  skipSpace(p);
  if (p.pos < p.end) fail(p, `expected end of input, got ${describe(p, p.pos)}`, p.pos);
}

/** Parses a type-tag string (`u64`, `vector<u8>`, `0x1::coin::CoinStore<0x1::aptos_coin::AptosCoin>`, …). */
export function parseTypeTag(s: string): TypeTag {
  const p = scan(s, false, null);
  const t = parseType(p, 0) as TypeTag;
  finish(p);
  return t;
}

/**
 * Parses a type-tag string straight into BCS at the writer's offset, in one pass without building
 * the tag: the same strings as `parseTypeTag` are accepted, with the same errors, and the bytes are
 * those of `typeTag.encode(parseTypeTag(s))`.
 */
export function writeTypeTagString(w: BcsWriter, s: string): void {
  const p = scan(s, false, w);
  parseType(p, 0);
  finish(p);
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
  const p = scan(s, true, null);
  const t: MoveType = peek(p) === 38 ? (parseParam(p, 0) as MoveType) : parseType(p, 0);
  finish(p);
  return t;
}
