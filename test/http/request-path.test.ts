import { Session } from 'node:inspector/promises';
import { describe, expect, it } from 'vitest';
import { createLedgerHandler } from '../../src/http/index.js';
import { exampleLedger } from '../ledger/fixture.js';

// How many source files a block request crosses: the files with a function that runs while one
// request is answered (V8's precise coverage, after a warm-up, so module loading is not counted).
// docs/architecture.md gives the figures and the files; this keeps the block's path from growing
// back (before issue 28 it was 13 files in BCS, 13 in JSON without transactions; now 6 and 6).

async function filesCrossed(h: ReturnType<typeof createLedgerHandler>, url: string, accept: string): Promise<string[]> {
  const ask = async () => (await h(new Request(url, { headers: { accept } }))).arrayBuffer();
  for (let i = 0; i < 3; i++) await ask();
  const s = new Session();
  s.connect();
  try {
    await s.post('Profiler.enable');
    await s.post('Profiler.startPreciseCoverage', { callCount: true, detailed: true });
    await ask();
    const { result } = await s.post('Profiler.takePreciseCoverage');
    await s.post('Profiler.stopPreciseCoverage');
    const files = new Set<string>();
    for (const script of result) {
      const m = /\/src\/(.*\.ts)/.exec(script.url);
      if (m && script.functions.some((f) => f.functionName !== '' && f.ranges[0]!.count > 0)) files.add(m[1]!);
    }
    return [...files].sort();
  } finally {
    s.disconnect();
  }
}

describe('the files a block request crosses', () => {
  const ledger = exampleLedger();
  const h = createLedgerHandler({ source: ledger });
  const url = `http://localhost/v1/blocks/by_height/${ledger.ledgerInfo().blockHeight - 3n}`;

  // The handler (routing), the request's parameters, the replies, the endpoint, the ledger, the
  // number parser; the header's forms were written on the first request and are kept.
  const PATH = ['http/endpoints/block.ts', 'http/handler.ts', 'http/params.ts', 'http/responses.ts', 'ledger/memory.ts', 'submission/rust-int.ts'];

  it('BCS with transactions: half the files of before (13 → 6)', async () => {
    const files = await filesCrossed(h, `${url}?with_transactions=true`, 'application/x-bcs');
    expect(files, files.join('\n')).toEqual(PATH);
  });

  it('JSON without transactions: half the files of before (13 → 6)', async () => {
    const files = await filesCrossed(h, url, 'application/json');
    expect(files, files.join('\n')).toEqual(PATH);
  });

  it('a block first asked writes its header with records (the one writer), then keeps it', async () => {
    const fresh = createLedgerHandler({ source: ledger });
    const first = async (u: string, accept: string) => {
      const s = new Session();
      s.connect();
      try {
        await s.post('Profiler.enable');
        await s.post('Profiler.startPreciseCoverage', { callCount: true, detailed: true });
        await (await fresh(new Request(u, { headers: { accept } }))).arrayBuffer();
        const { result } = await s.post('Profiler.takePreciseCoverage');
        await s.post('Profiler.stopPreciseCoverage');
        return result.filter((r) => r.functions.some((f) => f.functionName !== '' && f.ranges[0]!.count > 0)).map((r) => r.url);
      } finally {
        s.disconnect();
      }
    };
    expect((await first(`${url}?with_transactions=true`, 'application/x-bcs')).some((u) => u.endsWith('src/records/block.ts'))).toBe(true);
    expect((await first(url, 'application/json')).some((u) => u.endsWith('src/records/json-forms.ts'))).toBe(true);
  });
});
