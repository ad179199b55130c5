import { sha3_256 } from '@noble/hashes/sha3.js';
import { describe, expect, it } from 'vitest';
import { serveCommand } from '../../src/cli/commands/serve.js';
import { runCommand, type Io } from '../../src/cli/run.js';
import { bcsBlock } from '../../src/records/index.js';
import { FIXTURE_BLOCKS } from '../ledger/fixture.js';

// `ledger-bcs serve` over the example ledger renders, for every write-set change, the state key hash
// the node's formula gives. The expected values are computed here from the ledger's records with the
// formula written out (aptos-core types/src/state_store/state_key/registry.rs and inner.rs
// `StateKeyInner::encode()`), not with the library's hasher:
//   sha3-256( sha3-256("APTOS::StateKey") ‖ 00 ‖ address ‖ uleb128(|path|) ‖ path )   an access path
//   sha3-256( sha3-256("APTOS::StateKey") ‖ 01 ‖ handle ‖ key )                          a table item

const hexBytes = (h: string) => Uint8Array.from((h.slice(2).padStart(64, '0').match(/../g) ?? []).map((x) => parseInt(x, 16)));
const hex = (b: Uint8Array) => '0x' + Array.from(b, (x) => x.toString(16).padStart(2, '0')).join('');
function uleb(n: number): number[] {
  const out: number[] = [];
  do {
    out.push((n & 0x7f) | (n > 0x7f ? 0x80 : 0));
    n >>>= 7;
  } while (n > 0);
  return out;
}
const PREFIX = sha3_256(new TextEncoder().encode('APTOS::StateKey'));
function expectedHash(key: { $kind: string; value: any }): string {
  const body =
    key.$kind === 'AccessPath'
      ? [0, ...hexBytes(key.value.address), ...uleb(key.value.path.length), ...key.value.path]
      : [1, ...hexBytes(key.value.handle), ...key.value.key];
  return hex(sha3_256(new Uint8Array([...PREFIX, ...body])));
}

const LISTENING = /^listening on (http:\/\/127\.0\.0\.1:(\d+))/;

function serve(): Promise<{ url: string; stop: () => Promise<number> }> {
  return new Promise((resolve) => {
    let exit: Promise<number>;
    const io: Io = {
      out: () => {},
      err: (t) => {
        const m = t.match(LISTENING);
        if (m) resolve({ url: m[1]!, stop: () => (process.emit('SIGTERM'), exit) });
      },
      readStdin: async () => '',
    };
    exit = runCommand({ serve: serveCommand }, ['serve', '--port', '0', '--ledger', 'fixtures/example-ledger.bin'], io);
  });
}

describe('serve: state_key_hash of every change of the example ledger', () => {
  it('equals the node formula computed from the ledger records', async () => {
    const expected = new Map<string, Set<string>>();
    for (const bytes of FIXTURE_BLOCKS) {
      for (const t of bcsBlock.schema.decode(bytes).transactions ?? []) expected.set(String(t.version), new Set(t.changes.value.map((e) => expectedHash(e.key))));
    }
    const { url, stop } = await serve();
    try {
      let checked = 0;
      let versions = 0;
      for (let start = 0; ; start += 100) {
        const res = await fetch(`${url}/v1/transactions?start=${start}&limit=100`);
        expect(res.status).toBe(200);
        const page = (await res.json()) as { version: string; changes: { state_key_hash: string }[] }[];
        for (const t of page) {
          const want = expected.get(t.version)!;
          const got = new Set(t.changes.map((c) => c.state_key_hash));
          expect(got, `version ${t.version}`).toEqual(want);
          checked += t.changes.length;
          versions++;
        }
        if (page.length < 100) break;
      }
      expect(versions).toBe(expected.size);
      expect(checked).toBeGreaterThan(1000);
    } finally {
      expect(await stop()).toBe(0);
    }
  }, 60_000);
});
