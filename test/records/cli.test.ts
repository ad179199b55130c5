import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { toHex } from '../../src/bcs/index.js';
import { recordCodecs } from '../../src/records/index.js';
import { recordArbitraries } from './arbitraries.js';
import { decodeCommand } from '../../src/cli/commands/decode.js';
import { encodeCommand } from '../../src/cli/commands/encode.js';
import { runCommands } from '../cli/run-commands.js';
import golden from '../../fixtures/records/golden.json' with { type: 'json' };

// The decode and encode commands alone (the full command table pulls in every layer).
const commands = { decode: decodeCommand, encode: encodeCommand };

const run = (argv: string[], stdin = '') => runCommands(commands, argv, stdin);

describe('ledger-bcs decode with record types', () => {
  for (const v of golden.vectors.filter((x) => x.value !== null)) {
    it(`decode ${v.type} (${v.name})`, async () => {
      const r = await run(['decode', v.type, '0x' + v.bcs]);
      expect(r.code).toBe(0);
      expect(JSON.parse(r.out)).toEqual(v.value);
    });
  }
  it('a block with transactions from stdin, and encode gives the bytes back', async () => {
    const v = golden.vectors.find((x) => x.name.startsWith('BcsBlock with metadata'))!;
    const r = await run(['decode', 'BcsBlock', '-'], `${v.bcs}\n`);
    expect(r.code).toBe(0);
    const json = JSON.parse(r.out);
    expect(json.transactions).toHaveLength(4);
    const back = await run(['encode', 'BcsBlock', r.out]);
    expect(back.code).toBe(0);
    expect(back.out.trim().replace(/^0x/, '')).toBe(v.bcs);
  });
  it('every record type is listed, and malformed bytes are a clear error', async () => {
    expect((await run(['decode'])).code).not.toBe(0);
    const help = await run(['decode', '--help']);
    for (const name of ['AccountResource', 'BcsBlock', 'TransactionSummaries', 'WriteSet', 'ContractEvent', 'TransactionInfo', 'TransactionData']) {
      expect(help.err + help.out).toContain(name);
    }
    const ws = golden.vectors.find((x) => x.type === 'WriteSet')!.bcs;
    const bad = await run(['decode', 'WriteSet', ws + '00']);
    expect(bad.code).not.toBe(0);
    expect(bad.err).toMatch(/remaining input/);
  });
  it('every record codec is a decode TYPE (and encode TYPE) of the CLI, from an argument and from stdin', async () => {
    const arbs = recordArbitraries();
    const codecs = Object.entries(recordCodecs()) as [string, { schema: { encode(v: unknown): Uint8Array; decode(b: Uint8Array): unknown }; toJson(v: unknown): unknown }][];
    expect(codecs.length).toBe(23);
    for (const [name, codec] of codecs) {
      for (const value of fc.sample(arbs[name]!, { numRuns: 3, seed: 13 })) {
        const bytes = codec.schema.encode(value);
        const hex = toHex(bytes);
        // From the decoded value: maps come back in encoded-key order.
        const expected = JSON.parse(JSON.stringify(codec.toJson(codec.schema.decode(bytes))));
        const r = await run(['decode', name, hex]);
        expect([name, r.code, r.err]).toEqual([name, 0, '']);
        expect(JSON.parse(r.out)).toEqual(expected);
        const piped = await run(['decode', name, '-'], `${hex}\n`);
        expect(JSON.parse(piped.out)).toEqual(expected);
        const back = await run(['encode', name, r.out]);
        expect([name, back.out.trim()]).toEqual([name, hex]);
      }
    }
  });
  it('bad input is one JSON error with code, offset (where there is one) and path, never a stack trace', async () => {
    const ws = golden.vectors.find((x) => x.type === 'WriteSet')!.bcs;
    for (const [argv, code, path] of [
      [['decode', 'WriteSet', '0x' + ws.slice(0, 4)], 'unexpected_end', 'V0'], // three entries declared, none there: refused at the length,
      [['decode', 'BcsBlock', '00'.repeat(64) + '02'], 'expected_option', 'transactions'],
      [['decode', 'TransactionSummaries', 'ffffffff07'], 'unexpected_end', ''],
      [['decode', 'Balance', '0xzz'], 'invalid_hex', ''],
    ] as const) {
      const r = await run([...argv]);
      expect(r.code).toBe(1);
      const lines = r.err.trim().split('\n');
      expect(lines).toHaveLength(1);
      const error = JSON.parse(lines[0]!).error;
      expect(error).toMatchObject({ code, path });
      // A decode failure has a byte offset; bad hex has none (never -1).
      if (code === 'invalid_hex') expect(error).not.toHaveProperty('offset');
      else expect(error.offset).toBeGreaterThanOrEqual(0);
      expect(r.err).not.toMatch(/\n\s+at /);
    }
  });
});
