// Large request bodies (past submission's SLICED_PARSE_THRESHOLD) are parsed one at a time per
// handler: three 8 MiB parses at once triple the live heap the garbage collector copies while small
// requests wait (see docs/reliability.md). The next turn goes to the body with the earliest
// expected finish (its arrival plus 100 ms per MiB), not simply the first that came: a 100 KB
// request queued behind fifty 8 MiB ones waits for the parse under way, not for all of them, and
// an early large body still goes before later small ones (nothing waits forever). A body whose
// request was abandoned (its connection closed, or the budget shed it) leaves the queue unparsed.

/** What the scheduler knows of a job: its body's size, and whether its request still stands. */
export interface TurnJob {
  readonly bytes: number;
  /** The error to fail the job with once its request is abandoned, else undefined. */
  readonly abandoned?: () => Error | undefined;
}

export type Turns = <T>(work: () => Promise<T>, job?: TurnJob) => Promise<T>;

const MS_PER_BYTE = 100 / 1_048_576;
// Queued jobs are checked for abandonment this often, so a closed connection's body is let go
// while a long parse runs ahead of it.
const SWEEP_MS = 100;

interface Queued {
  readonly rank: number;
  readonly job: TurnJob | undefined;
  readonly start: () => void;
  readonly fail: (e: Error) => void;
}

/** Runs one `work` at a time, the queued one with the earliest expected finish first. */
export function fairTurns(now: () => number = () => performance.now()): Turns {
  let queue: Queued[] = [];
  let running = false;
  let sweeper: ReturnType<typeof setInterval> | undefined;
  const sweep = (): void => {
    const kept: Queued[] = [];
    for (const q of queue) {
      const e = q.job?.abandoned?.();
      if (e === undefined) kept.push(q);
      else q.fail(e);
    }
    queue = kept;
    if (queue.length === 0 && sweeper !== undefined) {
      clearInterval(sweeper);
      sweeper = undefined;
    }
  };
  const next = (): void => {
    sweep();
    if (running || queue.length === 0) return;
    let best = 0;
    for (let i = 1; i < queue.length; i++) if (queue[i]!.rank < queue[best]!.rank) best = i;
    const [q] = queue.splice(best, 1);
    running = true;
    q!.start();
  };
  return <T>(work: () => Promise<T>, job?: TurnJob): Promise<T> =>
    new Promise<T>((resolve, reject) => {
      const start = (): void => {
        let run: Promise<T>;
        try {
          run = work();
        } catch (e) {
          run = Promise.reject(e);
        }
        run
          .then(resolve, reject)
          .finally(() => {
            running = false;
            next();
          });
      };
      queue.push({ rank: now() + (job?.bytes ?? 0) * MS_PER_BYTE, job, start, fail: reject });
      if (sweeper === undefined && job?.abandoned !== undefined) {
        sweeper = setInterval(sweep, SWEEP_MS);
        (sweeper as { unref?: () => void }).unref?.();
      }
      next();
    });
}
