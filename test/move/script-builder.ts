// Hand-assembles compiled-script binaries in the layout of aptos-core
// third_party/move/move-binary-format/src/serializer.rs (`CompiledScript::serialize_for_version`):
// magic, version word, table headers (kind, ULEB offset, ULEB size), table contents, then `main`.

export const uleb = (n: number): number[] => {
  const out: number[] = [];
  do {
    let b = n % 128;
    n = Math.floor(n / 128);
    if (n > 0) b |= 0x80;
    out.push(b);
  } while (n > 0);
  return out;
};

/** Signature-token tags (`SerializedType`). */
export const T: Record<PrimitiveName, number[]> & Constructors = {
  bool: [0x01], u8: [0x02], u64: [0x03], u128: [0x04], address: [0x05], signer: [0x0c],
  u16: [0x0d], u32: [0x0e], u256: [0x0f], i8: [0x11], i16: [0x12], i32: [0x13], i64: [0x14], i128: [0x15], i256: [0x16],
  ref: (t: number[]) => [0x06, ...t],
  mut: (t: number[]) => [0x07, ...t],
  vec: (t: number[]) => [0x0a, ...t],
  struct: (h: number) => [0x08, ...uleb(h)],
  inst: (h: number, ...args: number[][]) => [0x0b, ...uleb(h), ...uleb(args.length), ...args.flat()],
  param: (i: number) => [0x09, ...uleb(i)],
  fn: (abilities: number, args: number[][], results: number[][]) =>
    [0x10, ...uleb(abilities), ...uleb(args.length), ...uleb(results.length), ...args.flat(), ...results.flat()],
};

type PrimitiveName = 'bool' | 'u8' | 'u16' | 'u32' | 'u64' | 'u128' | 'u256' | 'i8' | 'i16' | 'i32' | 'i64' | 'i128' | 'i256' | 'address' | 'signer';
interface Constructors {
  ref(t: number[]): number[];
  mut(t: number[]): number[];
  vec(t: number[]): number[];
  struct(h: number): number[];
  inst(h: number, ...args: number[][]): number[];
  param(i: number): number[];
  fn(abilities: number, args: number[][], results: number[][]): number[];
}

export const sig = (...tokens: number[][]): number[] => [...uleb(tokens.length), ...tokens.flat()];

export interface ScriptParts {
  /** The raw version word (e.g. 6, or 0x0a000007 as Aptos writes v7+). */
  version?: number;
  identifiers?: string[];
  addresses?: string[];
  moduleHandles?: [address: number, name: number][];
  structHandles?: { module: number; name: number; abilities?: number; typeParams?: number }[];
  signatures?: number[][];
  /** Extra raw tables: [kind, contents]. */
  tables?: [number, number[]][];
  typeParams?: number[];
  params?: number;
  /** Everything after the parameters index; default: no access specifiers (v8+), locals 0, `Ret`. */
  trailer?: number[];
}

const ONE = '00'.repeat(31) + '01';

export function buildScript(p: ScriptParts = {}): Uint8Array {
  const raw = p.version ?? 6;
  const version = raw - (raw & 0x0a000000);
  const tables: [number, number[]][] = [];
  const push = (kind: number, items: number[][] | undefined) => {
    if (items && items.length > 0) tables.push([kind, items.flat()]);
  };
  push(0x1, p.moduleHandles?.map(([a, n]) => [...uleb(a), ...uleb(n)]));
  push(0x2, p.structHandles?.map((s) => [
    ...uleb(s.module), ...uleb(s.name), ...uleb(s.abilities ?? 0), ...uleb(s.typeParams ?? 0),
    // Each type parameter: constraints, then (v3+) the phantom flag.
    ...Array.from({ length: s.typeParams ?? 0 }, () => (version >= 3 ? [0, 0] : [0])).flat(),
  ]));
  push(0x5, p.signatures ?? [sig()]);
  push(0x7, p.identifiers?.map((s) => {
    const b = new TextEncoder().encode(s);
    return [...uleb(b.length), ...b];
  }));
  push(0x8, p.addresses?.map((a) => a.match(/../g)!.map((b) => parseInt(b, 16))));
  tables.push(...(p.tables ?? []));
  const headers: number[] = [];
  const contents: number[] = [];
  for (const [kind, bytes] of tables) {
    headers.push(kind, ...uleb(contents.length), ...uleb(bytes.length));
    for (const b of bytes) contents.push(b); // no spread: hostile tests build megabyte tables
  }
  const typeParams = p.typeParams ?? [];
  const trailer = p.trailer ?? [...(version >= 8 ? [0x01] : []), 0x00, 0x01, 0x02];
  return Uint8Array.from([
    0xa1, 0x1c, 0xeb, 0x0b, raw & 0xff, (raw >>> 8) & 0xff, (raw >>> 16) & 0xff, raw >>> 24,
    ...uleb(tables.length), ...headers, ...contents,
    ...uleb(typeParams.length), ...typeParams.flatMap(uleb), ...uleb(p.params ?? 0), ...trailer,
  ]);
}

/** A script whose `main` takes the single signature at index 0, with one struct handle `0x1::m::S<arity>`. */
export function withParams(version: number, params: number[][], extra: Partial<ScriptParts> = {}): Uint8Array {
  return buildScript({
    version,
    identifiers: ['m', 'S', 'R'],
    addresses: [ONE],
    moduleHandles: [[0, 0]],
    structHandles: [{ module: 0, name: 1 }, { module: 0, name: 2, typeParams: 2 }],
    signatures: [sig(...params)],
    ...extra,
  });
}
