// The one argument parser (src/cli/args.ts) and what every command gets from it: `--flag value` and
// `--flag=value` alike, one wording for an unknown option or command, the options a command
// declares and no others. Also the CLI's one-error-output rule and verify-json's chain-id hint.
import { describe, expect, it } from 'vitest';
import { parseArgs, type ArgsSpec } from '../../src/cli/args.js';
import { commands } from '../../src/cli/commands/index.js';
import { CliError } from '../../src/cli/errors.js';
import { signSubmission } from '../../src/signing/index.js';
import { TRANSFER } from '../client/helpers.js';
import { runCli as run } from './helpers.js';

const SPEC: ArgsSpec = {
  command: 'demo',
  options: {
    '--chain-id': { value: 'N', help: 'a value' },
    '--abi': { value: 'FILE', repeat: true, help: 'repeatable' },
    '--wait': { help: 'a switch' },
  },
  positionals: [1, 2],
  args: 'A [B]',
};

const refusal = (argv: string[]) => {
  try {
    parseArgs(argv, SPEC);
  } catch (e) {
    expect(e).toBeInstanceOf(CliError);
    return (e as CliError).message;
  }
  throw new Error(`${argv.join(' ')} was accepted`);
};

describe('parseArgs', () => {
  it('reads --flag value and --flag=value alike, switches, repeats and positionals in any order', () => {
    for (const argv of [
      ['--chain-id', '4', '--abi', 'x.json', 'a', '--abi=y.json', '--wait', 'b'],
      ['a', '--chain-id=4', '--abi=x.json', '--wait', '--abi', 'y.json', 'b'],
    ]) {
      const a = parseArgs(argv, SPEC);
      expect([a.value('--chain-id'), a.values('--abi'), a.has('--wait'), a.has('--nope'), a.positionals]).toEqual(['4', ['x.json', 'y.json'], true, false, ['a', 'b']]);
    }
    // A value may hold `=` and may be empty when given with `=`; `-` is a positional (stdin).
    expect(parseArgs(['--chain-id==x', '-'], SPEC).value('--chain-id')).toBe('=x');
    expect(parseArgs(['--chain-id=', '-'], SPEC).value('--chain-id')).toBe('');
    expect(parseArgs(['-'], SPEC).positionals).toEqual(['-']);
  });

  it('after --, everything is a positional', () => {
    expect(parseArgs(['--', '--wait', '-x'], SPEC).positionals).toEqual(['--wait', '-x']);
    expect(parseArgs(['--', '--wait', '-x'], SPEC).has('--wait')).toBe(false);
  });

  it('refuses, each in one wording', () => {
    expect(refusal(['--nope', 'a'])).toBe('unknown option "--nope"; see ledger-bcs demo --help');
    expect(refusal(['--nope=1', 'a'])).toBe('unknown option "--nope"; see ledger-bcs demo --help');
    expect(refusal(['a', '--chain-id'])).toBe('--chain-id needs a value');
    expect(refusal(['--chain-id', '--wait', 'a'])).toBe('--chain-id needs a value');
    expect(refusal(['--wait=yes', 'a'])).toBe('--wait takes no value (got "--wait=yes")');
    expect(refusal(['--chain-id', '4', '--chain-id=5', 'a'])).toBe('--chain-id is given more than once');
    expect(refusal(['a', 'b', 'c'])).toBe('unexpected argument "c"; usage: ledger-bcs demo [options] A [B]');
    expect(refusal(['--wait'])).toBe('missing argument; usage: ledger-bcs demo [options] A [B]');
    // An own property of Object.prototype is no option.
    expect(refusal(['--constructor', 'a'])).toBe('unknown option "--constructor"; see ledger-bcs demo --help');
  });
});

describe('every command', () => {
  it('refuses an unknown option in the one wording, before reading any input', async () => {
    for (const name of Object.keys(commands)) {
      for (const bogus of ['--bogus', '--bogus=1']) {
        const r = await run([name, bogus]);
        expect([r.code, r.out, r.err], name).toEqual([1, '', `error: unknown option "--bogus"; see ledger-bcs ${name} --help\n`]);
      }
    }
  });

  it('an unknown command, in the same wording', async () => {
    for (const name of ['nope', 'constructor', '__proto__']) {
      expect(await run([name])).toEqual({ code: 1, out: '', err: `error: unknown command "${name}"; see ledger-bcs --help\n` });
    }
  });

  it('takes each of its options as --flag value and as --flag=value, and its switches bare only', () => {
    for (const [name, c] of Object.entries(commands)) {
      const spec: ArgsSpec = { command: name, options: c.options, positionals: c.positionals, args: c.args };
      const filler = Array.from({ length: c.positionals[0] }, () => 'x');
      for (const [flag, o] of Object.entries(c.options)) {
        if (o.value === undefined) {
          expect(parseArgs([flag, ...filler], spec).has(flag), `${name} ${flag}`).toBe(true);
          expect(() => parseArgs([`${flag}=1`, ...filler], spec), `${name} ${flag}=1`).toThrow(/takes no value/);
        } else {
          expect(parseArgs([flag, 'v1', ...filler], spec).value(flag), `${name} ${flag} v1`).toBe('v1');
          expect(parseArgs([`${flag}=v1`, ...filler], spec).value(flag), `${name} ${flag}=v1`).toBe('v1');
        }
      }
    }
  });
});

describe('one output per failure', () => {
  it('a decode error is one JSON body on stderr, with its byte offset', async () => {
    const r = await run(['decode', 'RawTransaction', '0x00']);
    expect(r.code).toBe(1);
    expect(r.out).toBe('');
    expect(r.err.trimEnd().split('\n')).toHaveLength(1);
    expect(JSON.parse(r.err)).toEqual({ error: { code: 'unexpected_end', message: 'unexpected end of input: need 32 bytes, have 1', offset: 0, path: 'sender' } });
  });

  it('a hex error carries no offset (never -1)', async () => {
    for (const argv of [['decode', 'TypeTag', '0xzz'], ['decode', 'TypeTag', '0x123'], ['decode-request', '0xzz']]) {
      const r = await run(argv);
      expect(r.code, argv.join(' ')).toBe(1);
      expect(r.err.trimEnd().split('\n'), argv.join(' ')).toHaveLength(1);
      const { error } = JSON.parse(r.err) as { error: Record<string, unknown> };
      expect(error.code, argv.join(' ')).toBe('invalid_hex');
      expect(error, argv.join(' ')).not.toHaveProperty('offset');
    }
  });

  it('a usage error is one line', async () => {
    const r = await run(['decode', 'TypeTag']);
    expect([r.code, r.out, r.err]).toEqual([1, '', 'error: missing argument; usage: ledger-bcs decode TYPE HEX|-\n']);
  });
});

describe('verify-json --chain-id', () => {
  it('a wrong chain id is named as the likely cause, with the chain the hash matches', async () => {
    const signed = await signSubmission(TRANSFER, 'ed25519-priv-0xc5338cd251c22daa8c9c9cc94f498cc8a5c7e1d2e75287a5dda91096fe64efa5', { chainId: 4 });
    // The node's JSON of it, as pending (a user Transaction is variant 0).
    const rendered = await run(['render', 'Transaction', `0x00${signed.hex.slice(2)}`]);
    expect(rendered.code, rendered.err).toBe(0);
    for (const argv of [['verify-json', '-'], ['verify-json', '-', '--chain-id', '4']]) {
      const ok = await run(argv, rendered.out);
      expect([ok.code, JSON.parse(ok.out)], argv.join(' ')).toEqual([0, { ok: true, transactions: { Pending: 1 }, hashes_checked: true }]);
    }
    const wrong = await run(['verify-json', '-', '--chain-id=5'], rendered.out);
    expect([wrong.code, wrong.out]).toEqual([1, '']);
    expect(wrong.err.trimEnd().split('\n')).toHaveLength(1);
    const { error } = JSON.parse(wrong.err) as { error: { code: string; path: string; message: string } };
    expect(error).toMatchObject({ code: 'invalid_json', path: 'hash' });
    expect(error.message).toMatch(/^hash does not match .*: the likely cause is --chain-id 5; the hash matches chain id 4 /);
    // A hash that matches no chain is no chain-id problem: the error says only that.
    const tampered = JSON.stringify({ ...JSON.parse(rendered.out), gas_unit_price: '1' });
    const bad = await run(['verify-json', '-', '--chain-id=5'], tampered);
    expect(bad.code).toBe(1);
    expect(JSON.parse(bad.err).error.message).not.toMatch(/chain id/);
  });
});
