import { expect, it } from 'vitest';
import { normalizeAddress } from '../../src/bcs/index.js';
import { formatMoveType, isValidIdentifier, parseMoveType } from '../../src/move/index.js';
import type { MoveModuleJson } from '../../src/submission/abi-json.js';
import { frameworkModule } from '../../src/submission/framework/index.js';

// What the framework-*.test.ts files share: the embedded modules' entry functions, their signatures
// written as the sources declare them, and the checks every module's entry functions pass.

export const ABILITIES = ['copy', 'drop', 'store', 'key'];

/**
 * The embedded module (generated from the pinned framework sources) with its entry functions only;
 * its view functions and structs are checked in framework-data.test.ts.
 */
export function entryFunctions(name: string): MoveModuleJson {
  const m = frameworkModule(normalizeAddress('0x1'), name)!;
  return { ...m, exposed_functions: m.exposed_functions.filter((f) => f.is_entry) };
}

/** `m`'s function `name` as the sources declare it: `public 0x1::m::f<T0: key>(&signer, u64)`. */
export function signature(m: MoveModuleJson, name: string): string {
  const f = m.exposed_functions.find((x) => x.name === name);
  if (!f) throw new Error(`${m.name}::${name} missing`);
  const generics = f.generic_type_params.map((p, i) => `T${i}${p.constraints.length ? `: ${p.constraints.join(' + ')}` : ''}`);
  return `${f.visibility} 0x1::${m.name}::${f.name}${generics.length ? `<${generics.join(', ')}>` : ''}(${f.params.join(', ')})`;
}

/** The checks of every framework module's entry functions (inside a describe of module `name`, `m`, with `count` of them). */
export function entryModuleContract(name: string, m: MoveModuleJson, count: number): void {
  it('is the 0x1 module of that name, declaring no friends', () => {
    expect(m.address).toBe('0x1');
    expect(m.name).toBe(name);
    expect(m.friends).toEqual([]);
    expect(m.exposed_functions).toHaveLength(count);
  });

  it('lists entry functions only, each name once and a valid identifier', () => {
    const names = m.exposed_functions.map((f) => f.name);
    expect(new Set(names).size).toBe(names.length);
    for (const f of m.exposed_functions) {
      expect(isValidIdentifier(f.name), f.name).toBe(true);
      expect(f.is_entry, f.name).toBe(true);
      expect(f.is_view, f.name).toBe(false);
      expect(f.return, f.name).toEqual([]);
      expect(['public', 'private', 'friend']).toContain(f.visibility);
    }
  });

  it('writes every parameter type as the node does: parses and formats back to the same string', () => {
    for (const f of m.exposed_functions) {
      for (const p of f.params) expect(formatMoveType(parseMoveType(p)), `${f.name}: ${p}`).toBe(p);
    }
  });

  it('puts signer references first, as the VM requires of entry functions', () => {
    for (const f of m.exposed_functions) {
      const firstOther = f.params.findIndex((p) => p !== '&signer' && p !== 'signer');
      if (firstOther >= 0) expect(f.params.slice(firstOther).some((p) => p.includes('signer')), f.name).toBe(false);
    }
  });
}

/** For modules with generic entry functions: their type parameters are ability lists, and only declared ones are used. */
export function typeParameterContract(m: MoveModuleJson): void {
  it('declares generic type parameters as ability lists and uses only declared ones', () => {
    for (const f of m.exposed_functions) {
      for (const p of f.generic_type_params) {
        expect(Array.isArray(p.constraints), f.name).toBe(true);
        for (const a of p.constraints) expect(ABILITIES, `${f.name}: ${a}`).toContain(a);
        expect(new Set(p.constraints).size, f.name).toBe(p.constraints.length);
      }
      for (const p of f.params) {
        for (const [, i] of p.matchAll(/\bT(\d+)\b/g)) expect(Number(i), `${f.name}: ${p}`).toBeLessThan(f.generic_type_params.length);
      }
    }
  });
}
