import { createMemoryLedger, type LedgerSource } from '../../src/ledger/index.js';
import { sourceContract } from './source-contract.js';

// The LedgerSource contract over the memory ledger, as it answers (synchronously) and behind a
// wrapper that answers every call with a promise of copies (as a store on disk would).

sourceContract('memory ledger', async (blocks) => {
  const l = createMemoryLedger();
  l.ingest([...blocks]);
  return l;
});

sourceContract('memory ledger, asynchronously', async (blocks) => {
  const l = createMemoryLedger();
  l.ingest([...blocks]);
  const copy = <T>(v: T): T => (v instanceof Uint8Array ? (v.slice() as T) : v);
  const methods = Object.entries(l).filter(([, f]) => typeof f === 'function') as [string, (...a: unknown[]) => unknown][];
  return Object.fromEntries(methods.map(([k, f]) => [k, async (...args: unknown[]) => copy(await f(...args.map(copy)))])) as unknown as LedgerSource;
});
