// One budget for the request bodies a server holds, across all its connections (docs/reliability.md,
// "Memory"). A body is charged as it is buffered and until its reply is written; when the budget is
// full the largest holders are shed first (a 503 with the node's error body), so that many large
// bodies, hostile or not, cannot crowd out a small one, and a small one never evicts another small
// one. A body is charged before its bytes are copied, so the budget bounds what is allocated.
// Without it, 500 peers slowly sending 8 MiB each held 4 GB.

/** 256 MiB: a 2-core, 2 GB host (docs/reliability.md argues the number). */
export const DEFAULT_MAX_BUFFERED_BYTES = 256 * 1024 * 1024;

/** How long the budget stays at zero before `idle` and `afterLoad` are called. */
const QUIET_MS = 1000;

export interface BudgetHold {
  /** Bytes charged now. */
  readonly bytes: number;
  /** Charges `total` bytes in all (more than now); false when it cannot fit, even by shedding larger holders. */
  grow(total: number): boolean;
  /** Gives the bytes back (idempotent). */
  release(): void;
}

/** Who holds the bytes: told once if the budget evicts it (its bytes are released first). Must not throw. */
export interface BudgetOwner {
  shedByBudget(): void;
}

export interface BodyBudget {
  /** Bytes charged across every holder. */
  used(): number;
  /** A holder of buffered bytes for `owner`. */
  hold(owner: BudgetOwner): BudgetHold;
}

/**
 * `afterLoad`, if given, is called once the budget has been back at zero for a second after it held
 * more than a quarter of its limit: the host may collect then (serve runs a full GC), so resident
 * memory returns after an attack without waiting for V8's idle collection, which can take minutes.
 * `idle`, if given, is called each time the budget has been back at zero for a second, load or not
 * (before `afterLoad`): the adapter lets go of its empty slabs then (blocks.ts).
 */
export function bodyBudget(limit: number, afterLoad?: () => void, idle?: () => void): BodyBudget {
  return new Budget(limit, afterLoad, idle);
}

// Classes with their methods on the prototype: a hold per request made no closures (issue 32).
class Budget implements BodyBudget {
  // The holders charged now, each knowing its place: an array, not a Set, which hashed every new
  // holder's identity (~1,000 instructions a request, issue 32, callgrind).
  private readonly holders: Holder[] = [];
  private total = 0;
  private loaded = false;
  // One timer at a time, not one per release: under load the budget is back at zero after nearly
  // every request, and a timer made and cleared per request was a visible share of a small
  // request's CPU (issue 32). When it fires early (the budget left zero and came back since),
  // it waits out the rest of the second from the last return to zero.
  private quiet: ReturnType<typeof setTimeout> | undefined;
  private zeroSince = 0;
  constructor(
    private readonly limit: number,
    private readonly afterLoad: (() => void) | undefined,
    private readonly idle: (() => void) | undefined,
  ) {}
  used(): number {
    return this.total;
  }
  hold(owner: BudgetOwner): BudgetHold {
    return new Holder(this, owner);
  }
  charge(h: Holder, total: number): boolean {
    const need = total - h.bytes;
    if (need <= 0) return true;
    if (this.total + need > this.limit && !this.shedLarger(need, total)) return false;
    if (h.at < 0) h.at = this.holders.push(h) - 1;
    h.bytes = total;
    this.total += need;
    if (this.total > this.limit / 4) this.loaded = true;
    return true;
  }
  release(h: Holder): void {
    if (h.at < 0) return;
    const last = this.holders.pop()!;
    if (last !== h) (this.holders[h.at] = last).at = h.at;
    h.at = -1;
    this.total -= h.bytes;
    h.bytes = 0;
    if (this.total === 0 && ((this.loaded && this.afterLoad !== undefined) || this.idle !== undefined)) {
      this.zeroSince = Date.now();
      if (this.quiet === undefined) this.wait(QUIET_MS);
    }
  }
  // Sheds holders larger than `than`, largest first, until `need` more bytes fit.
  private shedLarger(need: number, than: number): boolean {
    while (this.total + need > this.limit) {
      let largest: Holder | undefined;
      for (const h of this.holders) if (h.bytes > than && (largest === undefined || h.bytes > largest.bytes)) largest = h;
      if (largest === undefined) return false;
      this.release(largest);
      try {
        largest.owner.shedByBudget();
      } catch {
        // The shed connection's trouble is not the claimant's.
      }
    }
    return true;
  }
  private wait(ms: number): void {
    this.quiet = setTimeout(() => this.onQuiet(), ms);
    (this.quiet as { unref?: () => void }).unref?.();
  }
  private onQuiet(): void {
    this.quiet = undefined;
    if (this.total !== 0) return;
    const left = this.zeroSince + QUIET_MS - Date.now();
    if (left > 0) return this.wait(left);
    this.idle?.();
    if (!this.loaded || this.afterLoad === undefined) return;
    this.loaded = false;
    this.afterLoad();
  }
}

class Holder implements BudgetHold {
  bytes = 0;
  /** Where it stands in the budget's list of holders, or -1 while it holds nothing. */
  at = -1;
  constructor(
    private readonly budget: Budget,
    readonly owner: BudgetOwner,
  ) {}
  grow(total: number): boolean {
    return this.budget.charge(this, total);
  }
  release(): void {
    this.budget.release(this);
  }
}
