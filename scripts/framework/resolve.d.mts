// Types of resolve.mjs, for the tests.
import type { SourceModule, SourceType } from './move-source.mjs';
export function shortAddress(a: string): string;
export function sortAbilities(list: string[], where: string): string[];
export function moduleResolver(
  m: SourceModule,
  named: Map<string, string>,
  declared: Map<string, Set<string>>,
): { address: string; self: string; typeString(t: SourceType, params: string[], where: string): string };
