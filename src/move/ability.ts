import { BcsError } from '../bcs/index.js';

/** `AbilitySet` bits, as the node's `Ability` enum: copy 0x1, drop 0x2, store 0x4, key 0x8. */
export const ABILITY = { copy: 0x1, drop: 0x2, store: 0x4, key: 0x8 } as const;
export type AbilityName = keyof typeof ABILITY;
export const ALL_ABILITIES = 0xf;

/** The bit of an ability name, or 0 if `name` is not one (names are case-sensitive). */
export function abilityBit(name: string): number {
  switch (name) {
    case 'copy':
      return 0x1;
    case 'drop':
      return 0x2;
    case 'store':
      return 0x4;
    case 'key':
      return 0x8;
    default:
      return 0;
  }
}

const POSTFIX: string[] = /* @__PURE__ */ Array.from({ length: 16 }, (_, set) => {
  const names = (Object.keys(ABILITY) as AbilityName[]).filter((n) => set & ABILITY[n]);
  return names.length === 0 ? '' : ` has ${names.join(' + ')}`;
});

/**
 * The node's `AbilitySet::display_postfix`: `''` for the empty set, else ` has copy + drop + …` in
 * bit order. Bits above 0x8 have no name and, as in the node, are not shown.
 */
export function abilityPostfix(set: number): string {
  return POSTFIX[set & ALL_ABILITIES];
}

/** Throws `out_of_range` unless `set` is an integer subset of copy|drop|store|key. */
export function assertAbilitySet(set: unknown): asserts set is number {
  if (typeof set !== 'number' || !Number.isInteger(set) || set < 0 || set > ALL_ABILITIES) {
    throw new BcsError('out_of_range', `ability set must be an integer bitmask in 0..15 (copy 1, drop 2, store 4, key 8), got ${String(set)}`);
  }
}
