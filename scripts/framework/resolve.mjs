// Resolves the types a Move source writes (`Object<Metadata>`, `string::String`, `T`) to the
// node's ABI form: fully qualified structs with short special addresses (`0x1::string::String`),
// type parameters as `T0`, `T1`, … (api/types/src/move_types.rs `MoveType`), generic arguments
// joined by `, `. Function types are written in the form `parseMoveType` reads back
// (`|args|(results) has abilities`), not the API's lossy `|a,b|r`.

const PRIMITIVES = new Set(['bool', 'u8', 'u16', 'u32', 'u64', 'u128', 'u256', 'i8', 'i16', 'i32', 'i64', 'i128', 'i256', 'address', 'signer']);
const ABILITY_ORDER = ['copy', 'drop', 'store', 'key'];

/** `0x0A` → `0xa` (special-address short form; framework addresses are all short). */
export function shortAddress(a) {
  const digits = a.replace(/^0x/i, '').toLowerCase().replace(/^0+(?=.)/, '');
  return `0x${digits}`;
}

export function sortAbilities(list, where) {
  for (const a of list) if (!ABILITY_ORDER.includes(a)) throw new Error(`${where}: unknown ability ${a}`);
  return ABILITY_ORDER.filter((a) => list.includes(a));
}

/**
 * A resolver for one module: `named` maps named addresses to numbers, `declared` holds every
 * module's struct names (`0x1::coin` → Set), `m` is the parsed module.
 */
export function moduleResolver(m, named, declared) {
  const address = addressOf(m.address, named, `${m.address}::${m.name}`);
  const self = `${address}::${m.name}`;
  const modules = new Map([['Self', self]]);
  const members = new Map();
  for (const u of m.uses) {
    const a = addressOf(u.address, named, self);
    if (u.kind === 'module') modules.set(u.alias, `${a}::${u.module}`);
    else members.set(u.alias, `${a}::${u.module}::${u.name}`);
  }
  const own = declared.get(self) ?? new Set();

  const structName = (path, where) => {
    if (path.length === 1) {
      const [n] = path;
      // A module's own struct shadows nothing it imports under the same name (the compiler refuses that).
      if (own.has(n)) return `${self}::${n}`;
      if (members.has(n)) return members.get(n);
      throw new Error(`${where}: unknown type ${n}`);
    }
    if (path.length === 2) {
      const mod = modules.get(path[0]);
      if (!mod) throw new Error(`${where}: unknown module alias ${path[0]}`);
      return `${mod}::${path[1]}`;
    }
    if (path.length === 3) return `${addressOf(path[0], named, where)}::${path[1]}::${path[2]}`;
    throw new Error(`${where}: bad type path ${path.join('::')}`);
  };

  const checkKnown = (id, where) => {
    const i = id.lastIndexOf('::');
    const set = declared.get(id.slice(0, i));
    if (set && !set.has(id.slice(i + 2))) throw new Error(`${where}: ${id} is not declared`);
  };

  /** `t` as the node writes it; `params` are the names of the enclosing type parameters. */
  const typeString = (t, params, where) => {
    switch (t.kind) {
      case 'ref':
        return (t.mut ? '&mut ' : '&') + typeString(t.to, params, where);
      case 'fn': {
        const list = (xs) => xs.map((x) => typeString(x, params, where)).join(', ');
        const abil = t.abilities.length ? ' has ' + sortAbilities(t.abilities, where).join(' + ') : '';
        return `|${list(t.args)}|(${list(t.results)})${abil}`;
      }
      case 'tuple':
        throw new Error(`${where}: a tuple type where a type is expected`);
      case 'name': {
        const args = t.args.map((a) => typeString(a, params, where));
        if (t.path.length === 1) {
          const n = t.path[0];
          const k = params.indexOf(n);
          if (k >= 0) {
            if (args.length) throw new Error(`${where}: type parameter ${n} with arguments`);
            return `T${k}`;
          }
          if (PRIMITIVES.has(n) && !own.has(n)) {
            if (args.length) throw new Error(`${where}: ${n} with arguments`);
            return n;
          }
          if (n === 'vector' && !own.has(n)) {
            if (args.length !== 1) throw new Error(`${where}: vector takes one argument`);
            return `vector<${args[0]}>`;
          }
        }
        const id = structName(t.path, where);
        checkKnown(id, where);
        return args.length ? `${id}<${args.join(', ')}>` : id;
      }
    }
    throw new Error(`${where}: unknown type node ${t.kind}`);
  };
  return { address, self, typeString };
}

function addressOf(a, named, where) {
  if (/^0x[0-9a-fA-F]+$/.test(a)) return shortAddress(a);
  if (/^[0-9]+$/.test(a)) return shortAddress(BigInt(a).toString(16));
  const v = named.get(a);
  if (v === undefined) throw new Error(`${where}: unknown named address ${a}`);
  return v;
}
