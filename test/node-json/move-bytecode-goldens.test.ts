import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { fromHex, isBcsError } from '../../src/bcs/index.js';
import { readModuleSignature } from '../../src/move/index.js';
import { moduleBytecodeJson, scriptBytecodeJson } from '../../src/node-json/index.js';
import { goldens, walk } from './goldens.js';

// Module and script ABIs parsed from bytecode as the node's try_parse_abi does, against the
// bytecode + ABI pairs in the node's goldens. Those goldens predate `is_view` and `is_event` (the
// node has written both since 2023), so the comparison leaves those two keys out.

interface Pair { file: string; bytecode: string; abi: unknown }

function pairs(): { modules: Pair[]; scripts: Pair[] } {
  const modules: Pair[] = [];
  const scripts: Pair[] = [];
  for (const g of goldens()) {
    walk(g.json, (o) => {
      const data = o.data as { bytecode?: unknown; abi?: unknown } | undefined;
      if (o.type === 'write_module' && data && typeof data.bytecode === 'string' && data.bytecode.startsWith('0x')) {
        modules.push({ file: g.name, bytecode: data.bytecode, abi: data.abi });
      }
      const code = o.code as { bytecode?: unknown; abi?: unknown } | undefined;
      if (o.type === 'script_payload' && code && typeof code.bytecode === 'string') scripts.push({ file: g.name, bytecode: code.bytecode, abi: code.abi });
    });
  }
  return { modules, scripts };
}

function withoutNewKeys(abi: unknown): unknown {
  return JSON.parse(JSON.stringify(abi, (k, v) => (k === 'is_view' || k === 'is_event' ? undefined : v)));
}

describe('module and script ABIs from bytecode, against the node goldens', () => {
  const { modules, scripts } = pairs();

  it('every module of the goldens gives the node ABI (JSON text)', () => {
    expect(modules.length).toBeGreaterThan(200);
    for (const m of modules) {
      const json = moduleBytecodeJson(fromHex(m.bytecode));
      expect(json.bytecode).toBe(m.bytecode);
      expect(JSON.stringify(withoutNewKeys(json.abi)), `${m.file} ${(m.abi as { name: string }).name}`).toBe(JSON.stringify(m.abi));
    }
  });

  it('every script payload of the goldens gives the node ABI, or null where the node wrote null', () => {
    expect(scripts.length).toBeGreaterThan(3);
    for (const s of scripts) {
      const json = scriptBytecodeJson(fromHex(s.bytecode));
      expect(JSON.stringify(withoutNewKeys(json)), s.file).toBe(JSON.stringify({ bytecode: s.bytecode, abi: s.abi }));
    }
  });

  it('mutated and truncated module bytecode is a BcsError or an ABI, never a crash', () => {
    const sample = modules.slice(0, 40).map((m) => fromHex(m.bytecode));
    fc.assert(
      fc.property(fc.nat(sample.length - 1), fc.nat(), fc.integer({ min: 0, max: 255 }), fc.boolean(), (i, at, byte, cut) => {
        const b = sample[i].slice();
        const pos = at % b.length;
        const bytes = cut ? b.subarray(0, pos) : (b[pos] = byte, b);
        try {
          readModuleSignature(bytes);
        } catch (e) {
          if (!isBcsError(e)) throw e;
        }
        const json = moduleBytecodeJson(bytes);
        expect(typeof json.bytecode).toBe('string');
      }),
      { numRuns: Number(process.env.FUZZ_RUNS ?? 2000) },
    );
  });
});

describe('module bytecode: not a module', () => {
  it('garbage, a script, and hostile table counts give abi null', () => {
    expect(moduleBytecodeJson(fromHex('0xa11ceb0b030000')).abi).toBeNull();
    expect(moduleBytecodeJson(new Uint8Array(0))).toEqual({ bytecode: '0x', abi: null });
    expect(moduleBytecodeJson(fromHex('0xa11ceb0b0600000005ffffffff0f')).abi).toBeNull();
    expect(scriptBytecodeJson(fromHex('0x00')).abi).toBeNull();
  });
});

// A hand-built module (bytecode version 6): one struct, a public view function, a private
// function, an entry function, an enum-free struct marked #[event] in `aptos::metadata_v1`.
function moduleWithMetadata(metadata: number[] | null, version = 6): Uint8Array {
  const str = (s: string) => [...uleb(s.length), ...new TextEncoder().encode(s)];
  const tables: [number, number[]][] = [
    [0x1, [0, 0]], // module handle: address 0, name "m"
    [0x2, [0, 1, 0x6, 1, 0x0, 1]], // struct handle S<phantom T0> has drop+store
    [0x3, [0, 2, 0, 0, 0, 0, 4, 0, 0, 0, 0, 5, 0, 0, 1, 1]], // function handles f(), g(), h<T: copy>()
    [0x5, [0]], // signature 0: ()
    [0x7, [...str('m'), ...str('S'), ...str('f'), ...str('x'), ...str('g'), ...str('h')]],
    [0x8, [...new Uint8Array(31), 0xab]],
    [0xa, [0, 2, 1, 3, 0x01]], // struct def: S { x: bool }
    [0xc, [0, 1, 0x2, 0, 1, 0, 0x2, 0, 2, 0, 0x6, 0]], // f public native; g private native; h private entry native (no acquires)
  ];
  if (metadata) tables.push([0x10, [...str('aptos::metadata_v1'), ...uleb(metadata.length), ...metadata]]);
  const header: number[] = [...uleb(tables.length)];
  let offset = 0;
  for (const [kind, content] of tables) {
    header.push(kind, ...uleb(offset), ...uleb(content.length));
    offset += content.length;
  }
  return Uint8Array.from([0xa1, 0x1c, 0xeb, 0x0b, version, 0, 0, 0, ...header, ...tables.flatMap(([, c]) => c), 0]);
}

function uleb(n: number): number[] {
  const out: number[] = [];
  do {
    out.push((n & 0x7f) | (n >= 0x80 ? 0x80 : 0));
    n >>>= 7;
  } while (n > 0);
  return out;
}

describe('module ABI: view and event attributes from aptos::metadata_v1', () => {
  const attrs = (name: string, kinds: number[]) => [...uleb(name.length), ...new TextEncoder().encode(name), kinds.length, ...kinds.flatMap((k) => [k, 0])];
  // error_map {}, struct_attributes { S: [event] }, fun_attributes { f: [view] }
  const metadata = [0, 1, ...attrs('S', [4]), 1, ...attrs('f', [1])];

  it('marks is_view and is_event, lists public, friend and entry functions only', () => {
    const abi = moduleBytecodeJson(moduleWithMetadata(metadata)).abi!;
    expect(abi).toEqual({
      address: '0xab',
      name: 'm',
      friends: [],
      exposed_functions: [
        { name: 'f', visibility: 'public', is_entry: false, is_view: true, generic_type_params: [], params: [], return: [] },
        { name: 'h', visibility: 'private', is_entry: true, is_view: false, generic_type_params: [{ constraints: ['copy'] }], params: [], return: [] },
      ],
      structs: [
        { name: 'S', is_native: false, is_event: true, abilities: ['drop', 'store'], generic_type_params: [{ constraints: [] }], fields: [{ name: 'x', type: 'bool' }] },
      ],
    });
  });

  it('the legacy view kind 0 marks a view function too; a version 5 module has its attributes cleared', () => {
    const legacy = [0, 0, 1, ...attrs('f', [0])];
    expect(moduleBytecodeJson(moduleWithMetadata(legacy)).abi!.exposed_functions[0].is_view).toBe(true);
    const v5 = moduleBytecodeJson(moduleWithMetadata(metadata, 5)).abi!;
    expect(v5.exposed_functions[0].is_view).toBe(false);
    expect(v5.structs[0].is_event).toBe(false);
  });

  it('map keys are in the order of their encoded bytes (length first), as bcs requires, not of the raw strings', () => {
    // struct_attributes { S: [event], AA: [] }, fun_attributes { f: [view], ab: [] }: canonical BCS,
    // though "AA" < "S" and "ab" < "f" as strings.
    const canonical = [0, 2, ...attrs('S', [4]), ...attrs('AA', []), 2, ...attrs('f', [1]), ...attrs('ab', [])];
    const abi = moduleBytecodeJson(moduleWithMetadata(canonical)).abi!;
    expect(abi.exposed_functions[0].is_view).toBe(true);
    expect(abi.structs[0].is_event).toBe(true);
    // The string order is not canonical: the node's get_metadata fails and writes no attributes.
    const stringOrder = [0, 2, ...attrs('AA', []), ...attrs('S', [4]), 2, ...attrs('ab', []), ...attrs('f', [1])];
    expect(moduleBytecodeJson(moduleWithMetadata(stringOrder)).abi!.exposed_functions[0].is_view).toBe(false);
    // error_map keys are u64s, ordered by their little-endian bytes: 256 (00 01 …) before 1 (01 00 …).
    const errorEntry = (code: number) => [code & 0xff, code >> 8, 0, 0, 0, 0, 0, 0, 1, 0x45, 0];
    const errors = [2, ...errorEntry(256), ...errorEntry(1), 0, 1, ...attrs('f', [1])];
    expect(moduleBytecodeJson(moduleWithMetadata(errors)).abi!.exposed_functions[0].is_view).toBe(true);
    const errorsNumeric = [2, ...errorEntry(1), ...errorEntry(256), 0, 1, ...attrs('f', [1])];
    expect(moduleBytecodeJson(moduleWithMetadata(errorsNumeric)).abi!.exposed_functions[0].is_view).toBe(false);
  });

  it('no metadata, or metadata it cannot read, means no attributes (as the node)', () => {
    expect(moduleBytecodeJson(moduleWithMetadata(null)).abi!.exposed_functions[0].is_view).toBe(false);
    expect(moduleBytecodeJson(moduleWithMetadata([0, 1, 5])).abi!.structs[0].is_event).toBe(false);
  });

  it('a module whose self handle or indices are out of range has no ABI', () => {
    const b = moduleWithMetadata(null);
    b[b.length - 1] = 7; // self module handle 7 of 1
    expect(moduleBytecodeJson(b).abi).toBeNull();
  });
});
