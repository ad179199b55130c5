// A reader of Move source files, enough to take a module's declarations as the compiler would
// publish them: structs and Move 2 enums (fields, positional fields, type parameters, phantoms,
// abilities, `#[event]`), entry and view functions (parameters, type parameters and their
// constraints, results), `use` aliases and the module's own names. Function bodies, specs and
// constants are skipped. Items marked `#[test_only]` / `#[verify_only]` are not compiled into the
// published module, so they are left out too; inline functions have no bytecode and are left out.

/** Tokens: identifiers (incl. numbers), `@addr`, and single punctuation characters; comments dropped. */
export function tokenize(text, file) {
  const out = [];
  let i = 0;
  const n = text.length;
  while (i < n) {
    const c = text[i];
    if (c === ' ' || c === '\t' || c === '\n' || c === '\r') {
      i++;
    } else if (c === '/' && text[i + 1] === '/') {
      while (i < n && text[i] !== '\n') i++;
    } else if (c === '/' && text[i + 1] === '*') {
      let depth = 1;
      i += 2;
      while (i < n && depth > 0) {
        if (text[i] === '/' && text[i + 1] === '*') (depth++, (i += 2));
        else if (text[i] === '*' && text[i + 1] === '/') (depth--, (i += 2));
        else i++;
      }
    } else if (/[A-Za-z_$0-9]/.test(c)) {
      let j = i + 1;
      while (j < n && /[A-Za-z_$0-9]/.test(text[j])) j++;
      // Byte strings b"…" and hex strings x"…" are one token.
      if ((text.slice(i, j) === 'b' || text.slice(i, j) === 'x') && text[j] === '"') {
        j++;
        while (j < n && text[j] !== '"') j += text[j] === '\\' ? 2 : 1;
        j++;
      }
      out.push(text.slice(i, j));
      i = j;
    } else if (c === '"') {
      let j = i + 1;
      while (j < n && text[j] !== '"') j += text[j] === '\\' ? 2 : 1;
      out.push(text.slice(i, j + 1));
      i = j + 1;
    } else if (c === ':' && text[i + 1] === ':') {
      out.push('::');
      i += 2;
    } else {
      out.push(c);
      i++;
    }
  }
  return out;
}

const CLOSE = { '(': ')', '[': ']', '{': '}' };

class Tokens {
  constructor(tokens, file) {
    this.t = tokens;
    this.i = 0;
    this.file = file;
  }
  peek(k = 0) {
    return this.t[this.i + k];
  }
  next() {
    if (this.i >= this.t.length) this.fail('unexpected end of file');
    return this.t[this.i++];
  }
  eat(tok) {
    if (this.t[this.i] === tok) {
      this.i++;
      return true;
    }
    return false;
  }
  expect(tok) {
    const got = this.next();
    if (got !== tok) this.fail(`expected ${tok}, got ${got}`);
  }
  fail(msg) {
    throw new Error(`${this.file}: ${msg} near token ${this.i}: ${this.t.slice(Math.max(0, this.i - 8), this.i + 8).join(' ')}`);
  }
  /** Skips a balanced group starting at an opening bracket. */
  skipGroup() {
    const open = this.next();
    const close = CLOSE[open];
    if (!close) this.fail(`expected a bracket, got ${open}`);
    let depth = 1;
    while (depth > 0) {
      const t = this.next();
      if (t === open) depth++;
      else if (t === close) depth--;
    }
  }
  /** Skips to the `;` that ends the current item, past balanced groups. */
  skipItem() {
    for (;;) {
      const t = this.peek();
      if (t === ';') return void this.i++;
      if (CLOSE[t]) this.skipGroup();
      else this.next();
    }
  }
}

/**
 * The modules of one file: `{ address, name, uses, structs, functions, testOnly }` with types
 * still as written (token trees), to be resolved against every module's names.
 */
export function parseFile(text, file) {
  const p = new Tokens(tokenize(text, file), file);
  const modules = [];
  while (p.peek() !== undefined) {
    const attrs = attributes(p);
    const t = p.next();
    if (t === 'module') {
      modules.push(parseModule(p, attrs));
    } else if (t === 'spec') {
      // `spec addr::m { … }` at file level
      while (p.peek() !== '{') p.next();
      p.skipGroup();
    } else if (t === 'address') {
      p.fail('address blocks are not supported');
    } else {
      p.fail(`unexpected ${t} at file level`);
    }
  }
  return modules;
}

function attributes(p) {
  const out = [];
  while (p.peek() === '#') {
    p.next();
    const start = p.i + 1;
    p.skipGroup();
    // `#[a, b(x = @0x1)]`: the names at the attribute list's top level
    let depth = 0;
    for (let k = start; k < p.i - 1; k++) {
      const t = p.t[k];
      if (t === '(' || t === '[') depth++;
      else if (t === ')' || t === ']') depth--;
      else if (depth === 0 && /^[A-Za-z_]/.test(t) && (k === start || p.t[k - 1] === ',')) out.push(t);
    }
  }
  return out;
}

const HIDDEN = ['test_only', 'test', 'verify_only'];

function parseModule(p, attrs) {
  // `module addr::name {` where addr is a named address or a number
  let address = p.next();
  if (address === '0x' || /^0x/.test(address)) {
    /* numeric */
  }
  p.expect('::');
  const name = p.next();
  p.expect('{');
  const m = { address, name, uses: [], structs: [], functions: [], testOnly: attrs.some((a) => HIDDEN.includes(a)) };
  while (!p.eat('}')) {
    const a = attributes(p);
    const hidden = a.some((x) => HIDDEN.includes(x));
    const mods = [];
    for (;;) {
      const t = p.peek();
      if (t === 'public' || t === 'native' || t === 'entry' || t === 'inline' || t === 'friend' || t === 'package' || t === 'private') {
        if (t === 'friend' && p.peek(1) !== 'fun' && !['entry', 'native', 'inline', 'public'].includes(p.peek(1))) break; // `friend a::b;`
        p.next();
        if (t === 'public' && p.peek() === '(') {
          p.next();
          mods.push(`public(${p.next()})`);
          p.expect(')');
        } else mods.push(t);
      } else break;
    }
    const t = p.next();
    if (t === 'use') {
      const uses = parseUse(p);
      if (!hidden) m.uses.push(...uses);
    } else if (t === 'friend') {
      p.skipItem();
    } else if (t === 'const') {
      p.skipItem();
    } else if (t === 'struct' || t === 'enum') {
      const s = parseStruct(p, t === 'enum', a, mods);
      if (!hidden) m.structs.push(s);
    } else if (t === 'fun') {
      const f = parseFunction(p, a, mods);
      if (!hidden && !mods.includes('inline')) m.functions.push(f);
    } else if (t === 'spec') {
      while (p.peek() !== '{' && p.peek() !== ';') p.next();
      if (p.peek() === '{') p.skipGroup();
      else p.next();
    } else {
      p.fail(`unexpected ${t} in module ${name}`);
    }
  }
  return m;
}

/** `use a::m;`, `use a::m as x;`, `use a::m::{Self, T as U};`, `use a::{m, n::{Self, T}};`. */
function parseUse(p) {
  const out = [];
  const address = p.next();
  p.expect('::');
  const tail = (prefix) => {
    // prefix: [address] or [address, module]
    if (p.peek() === '{') {
      p.next();
      while (!p.eat('}')) {
        tail2(prefix);
        p.eat(',');
      }
      return;
    }
    tail2(prefix);
  };
  const tail2 = (prefix) => {
    const name = p.next();
    if (prefix.length === 1) {
      // a module
      if (p.eat('::')) return tail([prefix[0], name]);
      const alias = p.eat('as') ? p.next() : name;
      out.push({ kind: 'module', address: prefix[0], module: name, alias });
      return;
    }
    const alias = p.eat('as') ? p.next() : name;
    if (name === 'Self') out.push({ kind: 'module', address: prefix[0], module: prefix[1], alias: alias === 'Self' ? prefix[1] : alias });
    else out.push({ kind: 'member', address: prefix[0], module: prefix[1], name, alias });
  };
  tail([address]);
  p.expect(';');
  return out;
}

/** `<T: copy + drop, phantom U>`; each `{ name, phantom, constraints }`. */
function typeParams(p) {
  const out = [];
  if (!p.eat('<')) return out;
  while (!p.eat('>')) {
    const phantom = p.eat('phantom');
    const name = p.next();
    const constraints = [];
    if (p.eat(':')) {
      do constraints.push(p.next());
      while (p.eat('+'));
    }
    out.push({ name, phantom, constraints });
    p.eat(',');
  }
  return out;
}

function abilities(p) {
  const out = [];
  if (!p.eat('has')) return out;
  do out.push(p.next());
  while (p.eat(','));
  return out;
}

/**
 * A type as written: `{ kind: 'ref', mut, to }`, `{ kind: 'fn', args, results, abilities }`,
 * `{ kind: 'tuple', items }` (function results), or `{ kind: 'name', path: [...], args: [...] }`.
 */
export function parseType(p) {
  if (p.eat('&')) {
    const mut = p.eat('mut');
    return { kind: 'ref', mut, to: parseType(p) };
  }
  if (p.peek() === '|') {
    p.next();
    const args = [];
    while (!p.eat('|')) {
      args.push(parseType(p));
      p.eat(',');
    }
    let results = [];
    if (p.peek() === '(') results = tupleType(p);
    else if (!isTypeEnd(p.peek())) results = [parseType(p)];
    const abilitiesList = [];
    if (p.eat('has')) {
      do abilitiesList.push(p.next());
      while (p.eat('+'));
    }
    return { kind: 'fn', args, results, abilities: abilitiesList };
  }
  if (p.peek() === '(') return { kind: 'tuple', items: tupleType(p) };
  const path = [p.next()];
  if (path[0] === '@') path[0] = p.next();
  while (p.eat('::')) path.push(p.next());
  const args = [];
  if (p.peek() === '<') {
    p.next();
    while (!p.eat('>')) {
      args.push(parseType(p));
      p.eat(',');
    }
  }
  return { kind: 'name', path, args };
}

function isTypeEnd(t) {
  return t === ',' || t === ')' || t === '>' || t === '{' || t === ';' || t === '|' || t === 'has' || t === 'acquires' || t === 'reads' || t === 'writes' || t === 'pure';
}

function tupleType(p) {
  p.expect('(');
  const items = [];
  while (!p.eat(')')) {
    items.push(parseType(p));
    p.eat(',');
  }
  return items;
}

function parseFields(p) {
  // `{ a: T, b: U }` or positional `(T, U)`; positional fields are named `_0`, `_1`, … hmm
  const out = [];
  if (p.eat('{')) {
    while (!p.eat('}')) {
      attributes(p);
      const name = p.next();
      p.expect(':');
      out.push({ name, type: parseType(p) });
      p.eat(',');
    }
    return out;
  }
  p.expect('(');
  let k = 0;
  while (!p.eat(')')) {
    out.push({ name: null, position: k++, type: parseType(p) });
    p.eat(',');
  }
  return out;
}

function parseStruct(p, isEnum, attrs, mods) {
  const name = p.next();
  const params = typeParams(p);
  let abil = abilities(p);
  const s = { name, isEnum, isEvent: attrs.includes('event'), isNative: mods.includes('native'), params, abilities: abil, fields: null, variants: null };
  if (s.isNative) {
    p.expect(';');
    return s;
  }
  if (isEnum) {
    p.expect('{');
    s.variants = [];
    while (!p.eat('}')) {
      const v = p.next();
      const fields = p.peek() === '{' || p.peek() === '(' ? parseFields(p) : [];
      s.variants.push({ name: v, fields });
      p.eat(',');
    }
  } else if (p.peek() === '{' || p.peek() === '(') {
    s.fields = parseFields(p);
  } else s.fields = [];
  // Postfix abilities: `struct S(u64) has copy;` / `enum E { … } has drop;`
  if (p.peek() === 'has') abil = abilities(p);
  s.abilities = abil;
  p.eat(';');
  return s;
}

function parseFunction(p, attrs, mods) {
  const name = p.next();
  const params = typeParams(p);
  p.expect('(');
  const args = [];
  while (!p.eat(')')) {
    p.eat('mut');
    const argName = p.next();
    p.expect(':');
    args.push({ name: argName, type: parseType(p) });
    p.eat(',');
  }
  let results = [];
  if (p.eat(':')) {
    const t = parseType(p);
    results = t.kind === 'tuple' ? t.items : [t];
  }
  // acquires / reads / writes clauses, then the body or `;`
  while (p.peek() !== '{' && p.peek() !== ';') p.next();
  if (p.peek() === '{') p.skipGroup();
  else p.next();
  let visibility = 'private';
  if (mods.includes('public')) visibility = 'public';
  else if (mods.some((m) => m === 'public(friend)' || m === 'public(package)' || m === 'friend' || m === 'package')) visibility = 'friend';
  return { name, params, args, results, visibility, isEntry: mods.includes('entry'), isView: attrs.includes('view'), isNative: mods.includes('native') };
}
