import { STATUS_CODE_GROUPS } from './status-code-names.js';

// move-core-types `StatusCode` (third_party/move/move-core/types/src/vm_status.rs): the names the
// node writes for `ExecutionStatus::MiscellaneousError(Some(code))` (its `{:#?}`), by number. The
// node reads a number it does not know as UNKNOWN_STATUS (u64::MAX), and so does this table. The
// names are generated from vm_status.rs (status-code-names.ts names the commit), grouped as
// `first code:names…`, each following name one code higher; `-` skips a code.
export const UNKNOWN_STATUS = 0xffffffffffffffffn;

export interface StatusCodeTable {
  name(code: bigint): string;
  /** The number of a name, or undefined. */
  code(name: string): bigint | undefined;
}

/** Built on demand (no module-level state): callers keep the table they get. */
export function statusCodeTable(): StatusCodeTable {
  const byCode = new Map<bigint, string>();
  const byName = new Map<string, bigint>();
  for (const line of STATUS_CODE_GROUPS.split('\n')) {
    const [first, names] = line.split(':') as [string, string];
    let c = BigInt(first);
    for (const n of names.split(' ')) {
      if (n !== '-') {
        byCode.set(c, n);
        byName.set(n, c);
      }
      c++;
    }
  }
  byCode.set(UNKNOWN_STATUS, 'UNKNOWN_STATUS');
  byName.set('UNKNOWN_STATUS', UNKNOWN_STATUS);
  return { name: (c) => byCode.get(c) ?? 'UNKNOWN_STATUS', code: (n) => byName.get(n) };
}

/** The table, built on its first use (most transactions succeed and never need it). */
export function lazyStatusCodeTable(): StatusCodeTable {
  let t: StatusCodeTable | undefined;
  return { name: (c) => (t ??= statusCodeTable()).name(c), code: (n) => (t ??= statusCodeTable()).code(n) };
}
