// Large request bodies (past submission's SLICED_PARSE_THRESHOLD) are parsed one at a time per handler: three 8 MiB parses at once triple the
// live heap the garbage collector copies while small requests wait (see docs/reliability.md).

export type Turns = <T>(work: () => Promise<T>) => Promise<T>;

/** Runs each `work` after the previous one settled. */
export function oneAtATime(): Turns {
  let tail: Promise<unknown> = Promise.resolve();
  return <T>(work: () => Promise<T>): Promise<T> => {
    const run = tail.then(work, work);
    tail = run.catch(() => undefined);
    return run;
  };
}
