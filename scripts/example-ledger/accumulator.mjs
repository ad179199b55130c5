// The node's in-memory Merkle accumulator (types/src/proof/accumulator/mod.rs `InMemoryAccumulator`),
// for the generators that commit blocks a follower verifies: the example ledger's chain and the
// replica bench's transfer chain. `nodeSeed` is the internal nodes' hash prefix
// (seed("TransactionAccumulator") or seed("EventAccumulator")).
import { sha3_256 } from '@noble/hashes/sha3.js';

/** ACCUMULATOR_PLACEHOLDER_HASH: the ASCII name, zero-padded to 32 bytes (not a sha3). */
const PLACEHOLDER = new Uint8Array(32);
PLACEHOLDER.set(new TextEncoder().encode('ACCUMULATOR_PLACEHOLDER_HASH'));

const sha3 = (...parts) => {
  const h = sha3_256.create();
  for (const p of parts) h.update(p);
  return h.digest();
};

/** Frozen subtree roots (largest first) and the leaf count; `root()` the accumulator root hash. */
export function accumulator(nodeSeed) {
  const frozen = [];
  let leaves = 0;
  return {
    append(leaf) {
      frozen.push(leaf);
      for (let n = leaves; n % 2 === 1; n = (n - 1) / 2) {
        const right = frozen.pop();
        frozen.push(sha3(nodeSeed, frozen.pop(), right));
      }
      leaves++;
    },
    root() {
      if (frozen.length === 0) return PLACEHOLDER;
      if (frozen.length === 1) return frozen[0];
      let bits = leaves;
      while (bits % 2 === 0) bits /= 2;
      let current = PLACEHOLDER;
      for (let i = frozen.length; bits > 0; bits = Math.floor(bits / 2)) current = bits % 2 ? sha3(nodeSeed, frozen[--i], current) : sha3(nodeSeed, current, PLACEHOLDER);
      return current;
    },
  };
}
