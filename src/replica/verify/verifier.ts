import { isBcsError } from '../../bcs/index.js';
import type { Sha3 } from '../../ledger/index.js';
import type { BlockParts, CheckedBlock } from '../../ledger/internal.js';
import { isReplicaError, ReplicaError } from '../errors.js';
import { inThreadHasher, type BlockHasherFactory } from './block-hasher.js';
import type { Accumulator } from './hashers.js';
import { checkStructure, INITIAL_STATE, readPlaced, startAccumulator, verifyBlock, verifyContext, type VerifierState } from './verify-block.js';
import type { VerifiedTip } from './block-checks.js';
import { witnessDisagreement, type Witness } from './witness.js';

// The follower's gate: blocks are verified in order (verify-block.ts), confirmed by the witnesses,
// and only then stored; the first refused block and everything after it in the batch are not. The
// mode follows from where verification starts: at version 0 the accumulator is rebuilt and every
// root checked ("from genesis"); later it cannot be ("mid-chain"), see docs/replica.md.

export type VerificationMode = 'from_genesis' | 'mid_chain';

export interface VerificationStatus {
  /** Undefined until the first block is verified. */
  mode: VerificationMode | undefined;
  witnesses: number;
  /** Accumulator roots pinned with `trust`. */
  trusted: number;
  /** One line for logs and the health check. */
  description: string;
}

/** `--trust VERSION:ROOT`: the accumulator root over versions 0..=VERSION. */
export interface TrustPin {
  version: bigint;
  root: Uint8Array;
}

export interface BlockVerifierOptions {
  chainId: number;
  sha3: Sha3;
  witnesses?: readonly Witness[];
  trust?: readonly TrustPin[];
  /** How long a witness may be behind or away before a batch is refused unconfirmed (default 30 s). */
  witnessWaitMs?: number;
  pollMs?: number;
  now?: () => number;
  sleep?: (ms: number) => Promise<void>;
  stopped?: () => boolean;
  /** The store's latest block height: after a store, the verifier takes the state of that block. */
  storedHeight: () => bigint | undefined;
  /** Where the hash checks run (default: this thread; ledger-bcs/replica/node's `hashInWorker`: a worker thread). */
  hasher?: BlockHasherFactory;
}

export interface BlockVerifier {
  status(): VerificationStatus;
  /** Verifies blocks already stored (a resumed ledger), as if received: the state continues after them. */
  replay(blocks: Iterable<Uint8Array>): void;
  /**
   * Verifies `blocks` (consecutive, after the last verified), has the witnesses confirm them, and
   * stores the accepted prefix with `store` (as verified, for the ledger to take as it is, and as
   * received). Returns `store`'s count and the refusal that cut the batch short, if any (nothing of
   * the refused block or after it is stored). `onStoring` is called, with that refusal, once the
   * accepted prefix is handed to `store` (or nothing will be): from then the next batch may be
   * admitted, verified after this one while it is stored; if the store then keeps less, the verifier
   * goes back to what it kept.
   */
  admit(blocks: readonly Uint8Array[], store: (accepted: CheckedBlock[], bytes: Uint8Array[]) => Promise<number>, onStoring?: (refused: ReplicaError | undefined) => void): Promise<Admitted>;
  /** The height of the last block verified and handed to the store (undefined before the first). */
  tipHeight(): bigint | undefined;
  /** Frees the hasher (a worker). */
  close(): Promise<void>;
}

export interface Admitted {
  stored: number;
  refused?: ReplicaError;
}

/** A verification failure as a refusal; anything else (a bug, an invalid option) thrown on. */
function asRefusal(e: unknown): ReplicaError {
  if (isReplicaError(e) && e.code !== 'invalid_option') return e;
  if (isBcsError(e)) return new ReplicaError('verification_failed', `block ?: ${e.message} (bytes)`, undefined, undefined, 'bytes');
  throw e;
}

export function describeMode(s: Omit<VerificationStatus, 'description'>): string {
  const where = s.mode === 'from_genesis' ? 'from genesis' : s.mode === 'mid_chain' ? 'mid-chain' : 'not started';
  const w = s.witnesses === 0 ? 'alone' : `with ${s.witnesses} witness${s.witnesses === 1 ? '' : 'es'}`;
  return `verifying ${where}, ${w}${s.trusted > 0 ? `, ${s.trusted} trusted root${s.trusted === 1 ? '' : 's'}` : ''}`;
}

export function createBlockVerifier(o: BlockVerifierOptions): BlockVerifier {
  const pins = new Map((o.trust ?? []).map((p) => [p.version, p.root] as const));
  const ctx = verifyContext(o.sha3, o.chainId, pins);
  const witnesses = o.witnesses ?? [];
  const now = o.now ?? Date.now;
  const wopts = { chainId: o.chainId, waitMs: o.witnessWaitMs ?? 30_000, pollMs: o.pollMs ?? 500, now, sleep: o.sleep ?? ((ms: number) => new Promise<void>((r) => setTimeout(r, ms))), stopped: o.stopped ?? (() => false) };
  let state: VerifierState = INITIAL_STATE;
  let mode: VerificationMode | undefined;
  // States after each verified block handed to the store, by height, kept down to the stored tip's.
  const pending = new Map<bigint, VerifierState>();
  const hasher = (o.hasher ?? inThreadHasher)(ctx.h, pins);

  function status(): VerificationStatus {
    const s = { mode, witnesses: witnesses.length, trusted: pins.size };
    return { ...s, description: describeMode(s) };
  }

  /** Fixes the mode at the first block; pins cannot be checked mid-chain. */
  function setMode(b: BlockParts): void {
    if (mode !== undefined) return;
    mode = b.firstVersion === 0n ? 'from_genesis' : 'mid_chain';
    if (mode === 'mid_chain' && pins.size > 0) {
      throw new ReplicaError(
        'invalid_option',
        `trusted accumulator roots need a replica that verifies from genesis (its first block is at version ${b.firstVersion}): a root alone cannot be extended without the frozen subtree roots, which the interface does not serve`,
      );
    }
  }

  /**
   * Verifies in order, the checks before and after the hashing in this thread, the hashing by the
   * hasher; per block in verifyBlock's order (read and placed, hashed, structure), so a refusal
   * names what verifyBlock would. The parts, states and ledger blocks of the accepted prefix.
   */
  async function verifyRun(blocks: readonly Uint8Array[]): Promise<{ parts: BlockParts[]; checked: CheckedBlock[]; states: VerifierState[]; refused?: ReplicaError }> {
    const parts: BlockParts[] = [];
    const checked: CheckedBlock[] = [];
    const tips: VerifiedTip[] = [];
    let s = state;
    let start: Accumulator | undefined;
    let refused: ReplicaError | undefined;
    /** A block refused after its hashing: hashed too, since a hash refusal in it comes first. */
    let hashAlso: BlockParts | undefined;
    for (const [i, bytes] of blocks.entries()) {
      let b: BlockParts | undefined;
      try {
        b = readPlaced(s, bytes);
        if (i === 0) start = startAccumulator(s, b);
        const r = checkStructure(ctx, s, b);
        parts.push(b);
        checked.push(r.checked);
        tips.push(r.tip);
        s = { tip: r.tip, accumulator: undefined };
      } catch (e) {
        refused = asRefusal(e);
        hashAlso = b;
        break;
      }
    }
    const hashed = hashAlso === undefined ? parts : [...parts, hashAlso];
    const verdict = hashed.length === 0 ? { after: [] } : await hasher.check({ blocks: hashed.map((p, i) => ({ parts: p, bytes: blocks[i]! })), start });
    const n = verdict.refused !== undefined ? verdict.after.length : parts.length;
    if (verdict.refused !== undefined) refused = verdict.refused;
    // The mode from the first block that verified (a refused first block fixes none).
    if (n > 0) setMode(parts[0]!);
    // The decoded transactions only for the witnesses: kept for a batch, they cost collections.
    const kept = parts.slice(0, n).map((p) => (witnesses.length > 0 ? p : { ...p, transactions: [] }));
    const states = tips.slice(0, n).map((tip, i) => ({ tip, accumulator: verdict.after[i] }));
    return refused === undefined ? { parts: kept, checked: checked.slice(0, n), states } : { parts: kept, checked: checked.slice(0, n), states, refused };
  }

  return {
    status,
    tipHeight: () => state.tip?.height,
    replay(blocks) {
      // One block at a time, in this thread: a store holds more than memory does.
      for (const bytes of blocks) {
        let r: ReturnType<typeof verifyBlock>;
        try {
          r = verifyBlock(ctx, state, bytes);
          setMode(r.block);
        } catch (e) {
          throw asRefusal(e);
        }
        state = r.state;
        pending.clear();
        pending.set(r.block.blockHeight, state);
      }
    },
    close: async () => hasher.close?.(),
    async admit(blocks, store, onStoring) {
      const before = state;
      const run = await verifyRun(blocks);
      let refused = run.refused;
      let accepted = run.parts.length;
      // Each witness confirms the verified prefix; a disagreement cuts it before the block it names.
      const proven = mode === 'from_genesis';
      for (const w of witnesses) {
        if (accepted === 0) break;
        const bad = await witnessDisagreement(w, run.parts.slice(0, accepted), proven, wopts);
        if (bad !== undefined) {
          accepted = run.parts.findIndex((b) => b.blockHeight === bad.block);
          refused = bad;
        }
      }
      run.states.slice(0, accepted).forEach((s, i) => pending.set(run.parts[i]!.blockHeight, s));
      // The next batch verifies after this one while this one is stored (a store commits off the thread).
      if (accepted > 0) state = run.states[accepted - 1]!;
      const last = accepted > 0 ? run.parts[accepted - 1]!.blockHeight : undefined;
      let stored = 0;
      try {
        const storing = accepted > 0 ? store(run.checked.slice(0, accepted), blocks.slice(0, accepted)) : Promise.resolve(0);
        onStoring?.(refused);
        stored = await storing;
      } finally {
        onStoring?.(refused);
        // Whatever the store kept (all, or a prefix before its own refusal or failure) is the tip.
        const h = o.storedHeight();
        if (last !== undefined && h !== last) state = (h === undefined ? undefined : pending.get(h)) ?? before;
        if (h !== undefined) for (const k of pending.keys()) if (k < h) pending.delete(k);
      }
      return refused === undefined ? { stored } : { stored, refused };
    },
  };
}
