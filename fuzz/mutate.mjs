// Mutation families for the fuzz harness: bit flips, truncation, splices, huge lengths, empty-element
// amplifiers and deep nesting for bytes; the same plus number-heavy, deep and huge tokens for text.

/** A small seeded PRNG (xorshift32), so a run can be repeated with --seed. */
export function rng(seed) {
  let x = seed >>> 0 || 1;
  const next = () => {
    x ^= x << 13;
    x >>>= 0;
    x ^= x >>> 17;
    x ^= x << 5;
    x >>>= 0;
    return x / 4294967296;
  };
  return { next, int: (n) => Math.floor(next() * n), pick: (a) => a[Math.floor(next() * a.length)] };
}

export function uleb(n) {
  const out = [];
  do {
    let b = n & 0x7f;
    n = Math.floor(n / 128);
    if (n > 0) b |= 0x80;
    out.push(b);
  } while (n > 0);
  return out;
}

const cat = (...parts) => {
  const n = parts.reduce((a, p) => a + p.length, 0);
  const out = new Uint8Array(n);
  let o = 0;
  for (const p of parts) {
    out.set(p, o);
    o += p.length;
  }
  return out;
};

/** One mutated input from `seed`; `big` families (MBs) come about one time in 12. */
export function mutateBytes(r, seed) {
  const s = seed.length > 0 ? seed : Uint8Array.of(0);
  const p = r.int(s.length + 1);
  const family = r.next() < 1 / 12 ? r.pick(['amplify', 'claim', 'repeat', 'nest']) : r.pick(['flip', 'set', 'truncate', 'insert', 'delete', 'uleb', 'dup']);
  switch (family) {
    case 'flip': {
      const out = s.slice();
      for (let k = 1 + r.int(3); k > 0; k--) out[r.int(out.length)] ^= 1 << r.int(8);
      return { family, input: out };
    }
    case 'set': {
      const out = s.slice();
      out[r.int(out.length)] = r.pick([0x00, 0xff, 0x80, 0x01, 0x7f, r.int(256)]);
      return { family, input: out };
    }
    case 'truncate':
      return { family, input: s.slice(0, p) };
    case 'insert':
      return { family, input: cat(s.subarray(0, p), Uint8Array.from({ length: 1 + r.int(8) }, () => r.int(256)), s.subarray(p)) };
    case 'delete':
      return { family, input: cat(s.subarray(0, p), s.subarray(Math.min(s.length, p + 1 + r.int(8)))) };
    case 'uleb':
      return { family, input: cat(s.subarray(0, p), Uint8Array.from(uleb(2 ** r.int(32))), s.subarray(Math.min(s.length, p + 1))) };
    case 'dup': {
      const q = Math.min(s.length, p + 1 + r.int(64));
      return { family, input: cat(s.subarray(0, q), ...Array.from({ length: 1 + r.int(64) }, () => s.subarray(p, q)), s.subarray(q)) };
    }
    // Huge lengths: a length of n followed by n empty elements (each 0x00), 0.5-4 M of them.
    case 'amplify': {
      const n = 2 ** (19 + r.int(4));
      return { family, input: cat(s.subarray(0, p), Uint8Array.from(uleb(n)), new Uint8Array(n), s.subarray(p)) };
    }
    // A huge length with nothing behind it, then a MB of filler.
    case 'claim':
      return { family, input: cat(s.subarray(0, p), Uint8Array.from(uleb(2 ** 31 - 1 - r.int(1000))), new Uint8Array(1 << 20).fill(r.int(256)), s.subarray(p)) };
    case 'repeat': {
      const q = Math.min(s.length, p + 1 + r.int(16));
      const unit = s.subarray(p, q);
      const times = Math.ceil((1 << 20) / Math.max(1, unit.length));
      const rep = new Uint8Array(times * unit.length);
      for (let k = 0; k < times; k++) rep.set(unit, k * unit.length);
      return { family, input: cat(s.subarray(0, p), rep, s.subarray(q)) };
    }
    default: {
      // Deep nesting: a run of one-byte prefixes that open containers (vector type tags, options, enums).
      const b = r.pick([0x06, 0x01, 0x07, 0x02]);
      return { family: 'nest', input: cat(s.subarray(0, p), new Uint8Array(1000 + r.int(100_000)).fill(b), s.subarray(p)) };
    }
  }
}

const MB = 1 << 20;
const HOSTILE_TEXT = [
  () => '1'.repeat(MB * 2),
  () => `[${'1.5,'.repeat(MB / 2)}1.5]`,
  () => `[${'{},'.repeat(MB / 3)}{}]`,
  () => `[${'[],'.repeat(MB / 3)}[]]`,
  () => '['.repeat(MB),
  () => '{"a":'.repeat(20_000),
  () => `"${'a'.repeat(MB * 2)}"`,
  () => `"${'\\u0041'.repeat(MB / 6)}"`,
  () => `[${'-0,'.repeat(MB / 3)}0]`,
  () => `[${'12345678901234567890123,'.repeat(MB / 24)}1]`,
  () => `{${Array.from({ length: 50_000 }, (_, i) => `"k${i}":${i}`).join(',')}}`,
  () => `[${'1e999999,'.repeat(1000)}1]`,
];
const SMALL_TOKENS = ['1', '-0', '1.0', '1e2', '18446744073709551616', '-9223372036854775809', '"\\ud800"', '"\\u0000"', '"\\x"', 'null', 'true', '[]', '{}', '"__proto__"', '{"__proto__":{"a":1}}', '"constructor"', '1e400', '[[[[[[[[', ']]]', ',', ':', '"', '\\', '\u0000', '\uffff', '\ud800', 'NaN', 'Infinity', '0x10', '"0x"', '"0x1::a::b"', '"u64"', '"vector<u8>"'];

/** One mutated text from `seed`. */
export function mutateText(r, seed) {
  const s = seed;
  const p = r.int(s.length + 1);
  const family = r.next() < 1 / 10 ? 'hostile' : r.pick(['char', 'truncate', 'token', 'delete', 'dup', 'swap']);
  switch (family) {
    case 'char':
      return { family, input: s.slice(0, p) + String.fromCharCode(r.int(r.next() < 0.8 ? 128 : 0x10000)) + s.slice(p + 1) };
    case 'truncate':
      return { family, input: s.slice(0, p) };
    case 'token':
      return { family, input: s.slice(0, p) + r.pick(SMALL_TOKENS) + s.slice(p + r.int(4)) };
    case 'delete':
      return { family, input: s.slice(0, p) + s.slice(p + 1 + r.int(16)) };
    case 'dup': {
      const q = Math.min(s.length, p + 1 + r.int(32));
      return { family, input: s.slice(0, q) + s.slice(p, q).repeat(1 + r.int(200)) + s.slice(q) };
    }
    case 'swap': {
      // A string value replaced by another JSON value.
      const m = /"[^"]*"/g;
      const all = [...s.matchAll(m)];
      if (all.length === 0) return { family, input: s };
      const hit = r.pick(all);
      return { family, input: s.slice(0, hit.index) + r.pick(SMALL_TOKENS) + s.slice(hit.index + hit[0].length) };
    }
    default: {
      const h = r.pick(HOSTILE_TEXT)();
      // Whole body, or in place of a value.
      return { family: 'hostile', input: r.next() < 0.5 ? h : s.slice(0, p) + h + s.slice(p) };
    }
  }
}

export { HOSTILE_TEXT };
