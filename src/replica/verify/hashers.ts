import { hashPrefix } from '../../hash/index.js';
import { equalBytes } from '../../bcs/index.js';
import { ACCUMULATOR_PLACEHOLDER_HASH, accumulatorRoot, appendLeaf as append, CONTRACT_EVENT_PREFIX, emptyAccumulator, EVENT_ACCUMULATOR_PREFIX, USER_TRANSACTION_PREFIX, type Accumulator, type Sha3, type Sha3Into } from '../../hash/internal.js';

export { copyAccumulator, emptyAccumulator, nobleSha3, type Accumulator } from '../../hash/internal.js';

// The hashers a follower recomputes (aptos-crypto hash.rs): hash(x) = sha3-256(seed(Name) ‖ bytes),
// seed(Name) = sha3-256("APTOS::" ‖ Name), Name the type's serde name. `bytes` is the BCS of the value
// as the node sent it, so every hash here is taken over the received bytes, never a re-encoding.
// The accumulators are types/src/proof/accumulator/mod.rs `InMemoryAccumulator`: frozen subtree roots,
// largest first, and the root folded from the right with placeholders for missing right subtrees.

export interface Hashers {
  sha3: Sha3;
  /** seed("Transaction"): the transaction hash. */
  transaction: Uint8Array;
  /** seed("TransactionInfo"): a leaf of the transaction accumulator. */
  transactionInfo: Uint8Array;
  /** seed("ContractEvent"): a leaf of a transaction's event accumulator. */
  contractEvent: Uint8Array;
  /** seed("WriteSet"): `state_change_hash`. */
  writeSet: Uint8Array;
  /** seed("TransactionAccumulator") and seed("EventAccumulator"): internal nodes. */
  transactionNode: Uint8Array;
  eventNode: Uint8Array;
  /** ACCUMULATOR_PLACEHOLDER_HASH: the ASCII name zero-padded to 32 bytes (not a sha3). */
  placeholder: Uint8Array;
  /** sha3(seed ‖ bytes). */
  seeded(seed: Uint8Array, bytes: Uint8Array): Uint8Array;
  /** sha3(seed ‖ left ‖ right): an accumulator's internal node. */
  node(seed: Uint8Array, left: Uint8Array, right: Uint8Array): Uint8Array;
  /** Whether sha3(seed ‖ bytes) == `expected`, hashed into a buffer this hasher reuses. */
  seededIs(seed: Uint8Array, bytes: Uint8Array, expected: Uint8Array): boolean;
  /**
   * The root over `a`'s leaves (`compute_root_hash`) in a buffer this hasher reuses: valid until its
   * next call, to compare or copy. Its ~log2(leaves) nodes allocate nothing.
   */
  rootScratch(nodeSeed: Uint8Array, a: Accumulator): Uint8Array;
  /**
   * `event_root_hash` over the events' BCS, in a buffer this hasher reuses (as `rootScratch`): the
   * event accumulator's leaves and nodes are hashed into slots kept for it, none allocated.
   */
  eventRootScratch(events: readonly Uint8Array[]): Uint8Array;
}

/**
 * The seeds, computed once per verifier (no module-level state), and the hashes over a seed and
 * received bytes. Each input is copied into a buffer this hasher reuses and hashed as one chunk: a
 * contiguous input is what Node's one-shot sha3 takes (ledger-bcs/ledger/node), with no allocation
 * per hash (a block's spans are hashed where they are, never re-encoded or concatenated).
 */
export function hashers(sha3: Sha3 & { into?: Sha3Into }): Hashers {
  const nodeInput = new Uint8Array(96);
  const nodeChunks = [nodeInput];
  let input = new Uint8Array(4096);
  const into: Sha3Into = sha3.into ?? ((bytes, out, at) => out.set(sha3([bytes]), at));
  const rootInput = new Uint8Array(96);
  const root = new Uint8Array(32);
  const digest = new Uint8Array(32);
  // The event accumulator's frozen subtree roots (at most one a bit of its leaf count).
  const eventFrozen = Array.from({ length: 64 }, () => new Uint8Array(32));
  /** The digest of seed ‖ bytes written to `out`. */
  const seededInto = (seed: Uint8Array, bytes: Uint8Array, out: Uint8Array): void => {
    const one = joined(seed, bytes);
    if (one === undefined) out.set(sha3([seed, bytes]));
    else into(one, out, 0);
  };
  /** accumulatorRoot's fold over `count` frozen roots, each node hashed from rootInput (seed ‖ left ‖ right) into `root`. */
  const foldRoot = (nodeSeed: Uint8Array, f: readonly Uint8Array[], count: number, leaves: number): Uint8Array => {
    if (count <= 1) {
      root.set(count === 0 ? ACCUMULATOR_PLACEHOLDER_HASH : f[0]!);
      return root;
    }
    rootInput.set(nodeSeed, 0);
    let bits = leaves;
    while (bits % 2 === 0) bits /= 2;
    root.set(ACCUMULATOR_PLACEHOLDER_HASH);
    let i = count;
    for (; bits > 0; bits = Math.floor(bits / 2)) {
      if (bits % 2 === 1) {
        rootInput.set(f[--i]!, 32);
        rootInput.set(root, 64);
      } else {
        rootInput.set(root, 32);
        rootInput.set(ACCUMULATOR_PLACEHOLDER_HASH, 64);
      }
      into(rootInput, root, 0);
    }
    return root;
  };
  /** seed ‖ bytes in the reused input buffer (undefined when too large to keep a buffer for). */
  const joined = (seed: Uint8Array, bytes: Uint8Array): Uint8Array | undefined => {
    const n = seed.length + bytes.length;
    // Large inputs (a module publish) are not worth keeping a buffer for.
    if (n > 1 << 16) return undefined;
    if (n > input.length) input = new Uint8Array(Math.max(n, input.length * 2));
    input.set(seed, 0);
    input.set(bytes, seed.length);
    return input.subarray(0, n);
  };
  return {
    sha3,
    transaction: USER_TRANSACTION_PREFIX,
    transactionInfo: hashPrefix('APTOS::TransactionInfo'),
    contractEvent: CONTRACT_EVENT_PREFIX,
    writeSet: hashPrefix('APTOS::WriteSet'),
    transactionNode: hashPrefix('APTOS::TransactionAccumulator'),
    eventNode: EVENT_ACCUMULATOR_PREFIX,
    placeholder: ACCUMULATOR_PLACEHOLDER_HASH,
    seeded(seed, bytes) {
      const one = joined(seed, bytes);
      return one === undefined ? sha3([seed, bytes]) : sha3([one]);
    },
    seededIs(seed, bytes, expected) {
      seededInto(seed, bytes, digest);
      return equalBytes(digest, expected);
    },
    rootScratch: (nodeSeed, a) => foldRoot(nodeSeed, a.frozen, a.frozen.length, a.leaves),
    eventRootScratch(events) {
      // appendLeaf's merges (accumulator.ts) over the slots: leaf i closes one subtree a trailing 1-bit of i.
      let count = 0;
      for (let i = 0; i < events.length; i++) {
        seededInto(CONTRACT_EVENT_PREFIX, events[i]!, eventFrozen[count++]!);
        for (let n = i; n % 2 === 1; n = (n - 1) / 2) {
          nodeInput.set(EVENT_ACCUMULATOR_PREFIX, 0);
          nodeInput.set(eventFrozen[count - 2]!, 32);
          nodeInput.set(eventFrozen[--count]!, 64);
          into(nodeInput, eventFrozen[count - 1]!, 0);
        }
      }
      return foldRoot(EVENT_ACCUMULATOR_PREFIX, eventFrozen, count, events.length);
    },
    node(seed, left, right) {
      nodeInput.set(seed, 0);
      nodeInput.set(left, 32);
      nodeInput.set(right, 64);
      return sha3(nodeChunks);
    },
  };
}

/** Appends `leaf` to the accumulator whose internal nodes are hashed with `nodeSeed`. Mutates `a`. */
export function appendLeaf(h: Hashers, nodeSeed: Uint8Array, a: Accumulator, leaf: Uint8Array): void {
  append(a, leaf, (left, right) => h.node(nodeSeed, left, right));
}

/** The root over `a`'s leaves (`compute_root_hash`). */
export function rootHash(h: Hashers, nodeSeed: Uint8Array, a: Accumulator): Uint8Array {
  return accumulatorRoot(a, (left, right) => h.node(nodeSeed, left, right));
}

/** `event_root_hash`: the event accumulator's root over the events' hashes (each over its BCS). */
export function eventRoot(h: Hashers, events: readonly Uint8Array[]): Uint8Array {
  if (events.length === 0) return h.placeholder;
  const a = emptyAccumulator();
  for (const e of events) appendLeaf(h, h.eventNode, a, h.seeded(h.contractEvent, e));
  return rootHash(h, h.eventNode, a);
}

/** A TransactionInfo's hash (a transaction accumulator leaf), over its BCS with the variant byte. */
export const infoHash = (h: Hashers, info: Uint8Array): Uint8Array => h.seeded(h.transactionInfo, info);
