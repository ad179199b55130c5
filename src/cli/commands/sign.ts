import { existsSync, statSync } from 'node:fs';
import { toHex } from '../../bcs/index.js';
import { isSigningError, signSubmission, type SignerInput } from '../../signing/index.js';
import { isApiError } from '../../records/index.js';
import { abiRegistry, parseRequestBody } from '../../submission/index.js';
import { requiredChainId } from '../args.js';
import { readSource, readSourceText } from '../input.js';
import { CliError, type Command, type Io } from '../run.js';
import { ABI_OPTION, loadAbiFiles } from './encode-submission.js';

// `ledger-bcs sign`: an encode_submission request signed offline (an air-gapped machine needs no
// node): prints the signed transaction's BCS hex and its hash as JSON. Keys come from a file only
// its owner can read, or from an environment variable; a key is never printed or logged.

// Key material typed where a file or variable name belongs: refused without repeating it (an
// error message that quoted it would put the key in logs and terminals).
const KEY_LIKE = /^(ed25519-priv-)?(0x)?[0-9a-f]{32,}$/i;
const notTheKey = (option: string, what: string) => new CliError(`${option} takes ${what}, not the key itself (not shown here); put the key in a file only you can read, or in an environment variable for --key-env`);

/** The key text of a file that only its owner can read (checked where permissions mean that). */
async function keyFromFile(file: string, io: Io, option = '--key'): Promise<string> {
  if (KEY_LIKE.test(file.trim()) && !existsSync(file)) throw notTheKey(option, 'the name of a file holding the key');
  if (file === '-') throw new CliError('a key is read from a file or --key-env, not from standard input (the request is)');
  let mode: number;
  try {
    mode = statSync(file).mode;
  } catch (e) {
    throw new CliError(`cannot read key file ${JSON.stringify(file)}: ${(e as NodeJS.ErrnoException).code === 'ENOENT' ? 'no such file' : (e as Error).message}`);
  }
  if (process.platform !== 'win32' && (mode & 0o077) !== 0) {
    throw new CliError(`key file ${JSON.stringify(file)} can be read by others (mode ${(mode & 0o777).toString(8).padStart(3, '0')}); run: chmod 600 ${file}`);
  }
  return readSourceText(file, io);
}

function keyFromEnv(name: string): string {
  if (!/^[A-Za-z_][A-Za-z0-9_]*$/.test(name)) throw notTheKey('--key-env', 'the name of an environment variable holding the key');
  const v = process.env[name];
  if (v === undefined || v.trim() === '') throw new CliError(`environment variable ${name} is not set (--key-env names the variable holding the key)`);
  return v;
}

export const signCommand: Command = {
  summary: 'sign a request offline with Ed25519 keys',
  description:
    'Sign an encode_submission request with Ed25519 keys (AIP-80 or hex), offline; prints {"signed_transaction","hash"}. The sender key: exactly one of --key or --key-env.',
  args: '[REQUEST.json|-]',
  positionals: [0, 1],
  options: {
    '--key': { value: 'FILE', help: "the sender's key, in a file only you can read" },
    '--key-env': { value: 'NAME', help: "the environment variable holding the sender's key" },
    '--chain-id': { value: 'N', help: 'the chain the transaction is for (required)' },
    '--abi': ABI_OPTION,
    '--secondary-key': { value: 'FILE', repeat: true, help: "a secondary signer's key file, in the request's order" },
    '--fee-payer-key': { value: 'FILE', help: "the fee payer's key file" },
  },
  async run(a, io) {
    const chainId = requiredChainId(a);
    const keyFile = a.value('--key');
    const keyEnv = a.value('--key-env');
    if ((keyFile === undefined) === (keyEnv === undefined)) throw new CliError('give the sender key as exactly one of --key FILE or --key-env NAME');
    const source = a.positionals[0] ?? '-';
    const sender = keyFile !== undefined ? await keyFromFile(keyFile, io) : keyFromEnv(keyEnv!);
    const secondarySigners: SignerInput[] = [];
    for (const f of a.values('--secondary-key')) secondarySigners.push(await keyFromFile(f, io, '--secondary-key'));
    const feePayerFile = a.value('--fee-payer-key');
    const feePayer = feePayerFile === undefined ? undefined : await keyFromFile(feePayerFile, io, '--fee-payer-key');
    const abis = abiRegistry(loadAbiFiles(a.values('--abi')));
    const body = await readSource(source, io);
    try {
      const request = parseRequestBody(new TextDecoder('utf-8', { fatal: true }).decode(body));
      const multi = secondarySigners.length > 0 || feePayer !== undefined;
      const signed = await signSubmission(request, multi ? { sender, secondarySigners, feePayer } : sender, { chainId, abis });
      io.out(JSON.stringify({ signed_transaction: toHex(signed.bytes), hash: signed.hash }));
      return 0;
    } catch (e) {
      if (isApiError(e)) {
        io.err(JSON.stringify(e.toJSON()));
        return 1;
      }
      if (isSigningError(e)) throw new CliError(`${e.code}: ${e.message}`);
      if (e instanceof TypeError && /decode|encoding/i.test(e.message)) throw new CliError('the request is not UTF-8 text');
      throw e;
    }
  },
};
