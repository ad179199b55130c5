// A hand-written type-tag parser that writes BCS straight into a scratch buffer (no tag objects):
// the floor for "parse a type-tag string and serialize it".
import { fail, writeAddress } from './util.mjs';

const PRIM = { bool: 0, u8: 1, u64: 2, u128: 3, address: 4, signer: 5, u16: 8, u32: 9, u256: 10, i8: 12, i16: 13, i32: 14, i64: 15, i128: 16, i256: 17 };
const scratch = new Uint8Array(4096);

function isIdentChar(c) {
  return (c >= 97 && c <= 122) || (c >= 65 && c <= 90) || (c >= 48 && c <= 57) || c === 95;
}

export function parseTypeTagToBytes(s) {
  let i = 0;
  let o = 0;
  const out = scratch;
  const n = s.length;
  const ws = () => {
    while (i < n && s.charCodeAt(i) === 32) i++;
  };
  const ident = () => {
    const start = i;
    while (i < n && isIdentChar(s.charCodeAt(i))) i++;
    if (i === start) fail(`expected identifier at ${i}`);
    return start;
  };
  const expect = (c) => {
    ws();
    if (s.charCodeAt(i) !== c) fail(`expected ${String.fromCharCode(c)} at ${i}`);
    i++;
  };
  const writeIdentRange = (a, b) => {
    out[o++] = b - a;
    for (let k = a; k < b; k++) out[o++] = s.charCodeAt(k);
  };
  const type = (depth) => {
    if (depth > 8) fail('nesting');
    ws();
    const start = ident();
    if (s.charCodeAt(i) === 58) {
      // `0x…::module::Name<…>`: the first token was the address.
      if (s.charCodeAt(start) !== 48 || s.charCodeAt(start + 1) !== 120) fail('bad address');
      out[o++] = 7;
      o = writeAddress(s.slice(start, i), out, o);
      i += 2;
      const m = ident();
      writeIdentRange(m, i);
      if (s.charCodeAt(i) !== 58 || s.charCodeAt(i + 1) !== 58) fail('expected ::');
      i += 2;
      const nm = ident();
      writeIdentRange(nm, i);
      const countAt = o++;
      let count = 0;
      ws();
      if (s.charCodeAt(i) === 60) {
        i++;
        for (;;) {
          ws();
          if (s.charCodeAt(i) === 62) break;
          type(depth + 1);
          count++;
          ws();
          if (s.charCodeAt(i) === 44) i++;
          else if (s.charCodeAt(i) !== 62) fail(`expected , or > at ${i}`);
        }
        i++;
      }
      out[countAt] = count;
      return;
    }
    const word = s.slice(start, i);
    if (word === 'vector') {
      out[o++] = 6;
      expect(60);
      type(depth + 1);
      expect(62);
      return;
    }
    const p = PRIM[word];
    if (p === undefined) fail(`unknown type ${word}`);
    out[o++] = p;
  };
  type(1);
  ws();
  if (i !== n) fail(`trailing input at ${i}`);
  return out.slice(0, o);
}
