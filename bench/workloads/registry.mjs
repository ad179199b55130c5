// The workload registry's vocabulary. A workload is a name, a category (which sets its targets),
// and per implementation a setup that returns the timed operation. Setups run untimed; the
// operation starts from the same plain data for every implementation and returns its result.

/** The implementations, in table order. `floor` is the hand-written specialised code. */
export const IMPLS = ['ours', 'ts-sdk', 'mysten', 'floor'];
export const PEERS = ['ts-sdk', 'mysten'];

/** Targets per category: minimum speed-up over every peer, maximum slowdown vs the floor. */
export const TARGETS = {
  encode: { peers: 5, floor: 2 },
  decode: { peers: 3, floor: 2 },
  signing: { peers: 8, floor: 2 },
  primitive: { peers: 6, floor: 2 },
  records: { peers: 1, floor: 1.5 },
};

/** Thrown by a setup whose API has not landed in ledger-bcs yet: the table shows "pending". */
export class Pending extends Error {
  constructor(message) {
    super(message);
    this.name = 'Pending';
  }
}

/** Throws Pending unless `lib` exports every name in `names`. */
export function need(lib, names, what) {
  const missing = names.filter((n) => lib[n] === undefined);
  if (missing.length) throw new Pending(`${what}: ledger-bcs does not export ${missing.join(', ')} yet`);
}

/**
 * Declares a workload.
 * - `name`: `group/case`, used by `--filter`.
 * - `category`: a key of TARGETS (or `null` for no target).
 * - `impls`: `{ [impl]: () => op }`; `op()` returns a Uint8Array (compared byte for byte) or a value.
 * - `normalize`: `{ [impl]: (output) => canonical }` for value outputs, so that different
 *   libraries' decoded representations can be compared (used only by verification, never timed).
 * - `expected`: optional known-good output (e.g. a fixture vector's bytes) everyone must match.
 * - `minSpeedup`: optional per-workload override of the peer target (issue 2's 8× on vectors).
 */
export function workload(def) {
  return { category: null, normalize: {}, ...def };
}
