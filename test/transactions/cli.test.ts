import { describe, expect, it } from 'vitest';
import { commands } from '../../src/cli/commands/index.js';
import { runCommands } from '../cli/run-commands.js';
import rawFixtures from '../../fixtures/transactions/raw-transactions.json' with { type: 'json' };
import signedFixtures from '../../fixtures/transactions/signed-transactions.json' with { type: 'json' };
import example from '../../fixtures/example-transaction.json' with { type: 'json' };

const run = (argv: string[], stdin = '') => runCommands(commands, argv, stdin);

describe('ledger-bcs decode', () => {
  it('RawTransaction from a hex argument prints the JSON-safe form', async () => {
    const v = rawFixtures.vectors[0];
    const r = await run(['decode', 'RawTransaction', '0x' + v.bcs]);
    expect(r.code).toBe(0);
    expect(JSON.parse(r.out)).toEqual(v.value);
  });
  it('SignedTransaction from stdin (-)', async () => {
    const v = signedFixtures.vectors[2];
    const r = await run(['decode', 'SignedTransaction', '-'], `${v.bcs}\n`);
    expect(r.code).toBe(0);
    expect(JSON.parse(r.out)).toEqual(v.value);
  });
  it('TransactionPayload, TypeTag and TransactionAuthenticator', async () => {
    expect(JSON.parse((await run(['decode', 'TypeTag', '0x0601'])).out)).toEqual({ $kind: 'vector', value: { $kind: 'u8' } });
    const payload = await run(['decode', 'TransactionPayload', '0x01' + '2a00000000000000']);
    expect(JSON.parse(payload.out)).toEqual({ $kind: 'ModuleBundle', value: { dummyValue: '42' } });
    const auth = signedFixtures.authenticators[0];
    expect(JSON.parse((await run(['decode', 'TransactionAuthenticator', auth.bcs])).out)).toEqual(auth.value);
  });
  it('malformed input exits 1 with code, offset and path on stderr', async () => {
    const v = rawFixtures.vectors[0];
    const r = await run(['decode', 'RawTransaction', v.bcs.slice(0, -2)]);
    expect(r.code).toBe(1);
    expect(r.out).toBe('');
    const json = JSON.parse(r.err.trim().split('\n').at(-1)!);
    expect(json.error).toMatchObject({ code: 'unexpected_end', offset: 164, path: 'chainId' });
  });
  it('bad hex and unknown types exit 1', async () => {
    expect((await run(['decode', 'RawTransaction', '0xzz'])).code).toBe(1);
    const r = await run(['decode', 'Nope', '00']);
    expect(r.code).toBe(1);
    expect(r.err).toContain('ledger-bcs decode --help');
  });
});

describe('ledger-bcs example', () => {
  it('prints the example transfer and its signing message', async () => {
    const r = await run(['example']);
    expect(r.code).toBe(0);
    expect(r.out).toContain(`signing message: ${example.signingMessage}`);
    expect(r.out).toContain('"function": "transfer"');
  });
});

describe('ledger-bcs encode and signing-message', () => {
  it('encode is the inverse of decode for every raw-transaction vector', async () => {
    for (const v of rawFixtures.vectors) {
      const r = await run(['encode', 'RawTransaction', JSON.stringify(v.value)]);
      expect(r.code, r.err).toBe(0);
      expect(r.out.trim()).toBe('0x' + v.bcs);
    }
  });
  it('signing-message prints the bundled example message (raw-transactions.json V2), from stdin too', async () => {
    const r = await run(['signing-message', '-'], JSON.stringify(example.rawTransaction));
    expect(r.code, r.err).toBe(0);
    expect(r.out.trim()).toBe(example.signingMessage);
  });
  it('JSON nested thousands of levels deep exits 1 with exceeded_max_depth, never a stack overflow', async () => {
    const deep = '{"$kind":"vector","value":'.repeat(5000) + '{"$kind":"u8"}' + '}'.repeat(5000);
    for (const argv of [['encode', 'TypeTag', '-'], ['signing-message', '-']]) {
      // Built as text: JSON.stringify itself would overflow on a value this deep.
      const payload = `{"$kind":"EntryFunction","value":{"module":{"address":"0x1","name":"m"},"function":"f","typeArgs":[${deep}],"args":[]}}`;
      const input = argv[0] === 'encode' ? deep : JSON.stringify({ ...example.rawTransaction, payload: 'P' }).replace('"P"', payload);
      const r = await run(argv, input);
      expect(r.code, r.err).toBe(1);
      expect(JSON.parse(r.err.trim().split('\n').at(-1)!).error.code).toBe('exceeded_max_depth');
    }
  });
  it('bad JSON, bad fields and bad types exit 1 with the error on stderr', async () => {
    const notJson = await run(['encode', 'TypeTag', '{']);
    expect(notJson.code).toBe(1);
    expect(notJson.err).toContain('not JSON');
    const badField = await run(['signing-message', JSON.stringify({ ...example.rawTransaction, sequenceNumber: '-1' })]);
    expect(badField.code).toBe(1);
    expect(badField.err).toContain('sequenceNumber');
    expect((await run(['encode', 'Nope', '{}'])).code).toBe(1);
    expect((await run(['encode', 'TypeTag'])).code).toBe(1);
  });
});
