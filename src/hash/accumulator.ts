// aptos-core types/src/proof/accumulator/mod.rs `InMemoryAccumulator`: the frozen subtree roots
// (popcount(leaves) of them, largest first) and the leaf count; the root folded from the right with
// ACCUMULATOR_PLACEHOLDER_HASH for missing right subtrees. One accumulator for every hasher: the
// event root (node-json, the replica's verifier) and the transaction accumulator (the verifier).

/** crates/aptos-crypto `ACCUMULATOR_PLACEHOLDER_HASH`: the ASCII name zero-padded to 32 bytes (not a sha3). */
export const ACCUMULATOR_PLACEHOLDER_HASH: Uint8Array = /* @__PURE__ */ (() => {
  const out = new Uint8Array(32);
  const name = 'ACCUMULATOR_PLACEHOLDER_HASH';
  for (let i = 0; i < name.length; i++) out[i] = name.charCodeAt(i);
  return out;
})();

export interface Accumulator {
  frozen: Uint8Array[];
  leaves: number;
}

/** An internal node's hash: sha3(seed(<Name>Accumulator) ‖ left ‖ right). */
export type AccumulatorNode = (left: Uint8Array, right: Uint8Array) => Uint8Array;

export const emptyAccumulator = (): Accumulator => ({ frozen: [], leaves: 0 });
export const copyAccumulator = (a: Accumulator): Accumulator => ({ frozen: a.frozen.slice(), leaves: a.leaves });

/** Appends `leaf`: one merge per trailing 1-bit of the old leaf count. Mutates `a`. */
export function appendLeaf(a: Accumulator, leaf: Uint8Array, node: AccumulatorNode): void {
  a.frozen.push(leaf);
  for (let n = a.leaves; n % 2 === 1; n = (n - 1) / 2) {
    const right = a.frozen.pop()!;
    const left = a.frozen.pop()!;
    a.frozen.push(node(left, right));
  }
  a.leaves++;
}

/** The root over `a`'s leaves (`compute_root_hash`). */
export function accumulatorRoot(a: Accumulator, node: AccumulatorNode): Uint8Array {
  const f = a.frozen;
  if (f.length === 0) return ACCUMULATOR_PLACEHOLDER_HASH;
  if (f.length === 1) return f[0]!;
  let bits = a.leaves;
  while (bits % 2 === 0) bits /= 2;
  let current = ACCUMULATOR_PLACEHOLDER_HASH;
  let i = f.length;
  for (; bits > 0; bits = Math.floor(bits / 2)) current = bits % 2 === 1 ? node(f[--i]!, current) : node(current, ACCUMULATOR_PLACEHOLDER_HASH);
  return current;
}
