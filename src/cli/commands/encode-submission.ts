import { readFileSync } from 'node:fs';
import {
  abiRegistry,
  encodeSubmission,
  isApiError,
  parseRequestBody,
  type AbiRegistry,
  type ApiErrorBody,
  type MoveModuleJson,
} from '../../submission/index.js';
import { CliError, type Command, type Io } from '../run.js';

// `ledger-bcs encode-submission`: the endpoint's job offline. One request prints the endpoint's 200
// body (the JSON string "0x…") on stdout, or its error body on stderr with exit 1. `--batch` reads
// JSON lines on stdin and answers each with one line, in order; a bad line never stops the batch.

interface Options {
  chainId: number;
  abiFiles: string[];
  batch: boolean;
  source: string;
}

function parseOptions(args: string[]): Options {
  const o: Options = { chainId: NaN, abiFiles: [], batch: false, source: '-' };
  let sourceGiven = false;
  for (let i = 0; i < args.length; i++) {
    const a = args[i];
    if (a === '--chain-id' || a === '--abi') {
      const v = args[++i];
      if (v === undefined) throw new CliError(`${a} needs a value`);
      if (a === '--abi') o.abiFiles.push(v);
      else if (!/^[0-9]{1,3}$/.test(v) || Number(v) > 255) throw new CliError(`--chain-id must be an integer from 0 to 255, got ${JSON.stringify(v)}`);
      else o.chainId = Number(v);
    } else if (a === '--batch') o.batch = true;
    else if (a.startsWith('--')) throw new CliError(`unknown option ${JSON.stringify(a)}`);
    else if (sourceGiven) throw new CliError(`unexpected argument ${JSON.stringify(a)}`);
    else {
      o.source = a;
      sourceGiven = true;
    }
  }
  if (Number.isNaN(o.chainId)) throw new CliError('--chain-id N is required (the chain the transaction is for)');
  if (o.batch && sourceGiven && o.source !== '-') throw new CliError('--batch reads JSON lines from stdin only');
  return o;
}

/** Modules from `--abi FILE` arguments: each file holds one MoveModule JSON or an array of them. */
export function loadAbiFiles(files: readonly string[]): MoveModuleJson[] {
  const modules: MoveModuleJson[] = [];
  for (const f of files) {
    let json: unknown;
    try {
      json = JSON.parse(readFileSync(f, 'utf8'));
    } catch (e) {
      throw new CliError(`cannot read ABI file ${JSON.stringify(f)}: ${(e as Error).message}`);
    }
    modules.push(...((Array.isArray(json) ? json : [json]) as MoveModuleJson[]));
  }
  return modules;
}

/** The endpoint's answer for one body: the 200 body text, or the error body. */
function answer(text: string, chainId: number, abis: AbiRegistry): { ok: true; body: string } | { ok: false; body: ApiErrorBody } {
  try {
    return { ok: true, body: `"${encodeSubmission(parseRequestBody(text), { chainId, abis }).hex}"` };
  } catch (e) {
    if (isApiError(e)) return { ok: false, body: e.toJSON() };
    throw e;
  }
}

function runBatch(input: string, chainId: number, abis: AbiRegistry, io: Io): number {
  const lines = input.split('\n');
  if (lines.length > 0 && lines[lines.length - 1] === '') lines.pop();
  // Output goes out in chunks: one write per line would cost more than the encoding.
  let chunk: string[] = [];
  for (const raw of lines) {
    const line = raw.endsWith('\r') ? raw.slice(0, -1) : raw;
    const r = answer(line, chainId, abis);
    chunk.push(r.ok ? r.body : JSON.stringify(r.body));
    if (chunk.length === 4096) {
      io.out(chunk.join('\n'));
      chunk = [];
    }
  }
  if (chunk.length > 0) io.out(chunk.join('\n'));
  return 0;
}

export const encodeSubmissionCommand: Command = {
  summary:
    'encode a JSON transaction request as POST /v1/transactions/encode_submission would: prints the JSON string "0x…" (signing message); errors print the error body on stderr. --batch: JSON lines on stdin, one answer line each',
  usage: 'encode-submission --chain-id N [--abi FILE]... [--batch] [REQUEST.json|-]',
  async run(args, io) {
    const o = parseOptions(args);
    const abis = abiRegistry(loadAbiFiles(o.abiFiles));
    if (o.batch) return runBatch(await io.readStdin(), o.chainId, abis, io);
    let text: string;
    try {
      text = o.source === '-' ? await io.readStdin() : readFileSync(o.source, 'utf8');
    } catch (e) {
      throw new CliError(`cannot read ${JSON.stringify(o.source)}: ${(e as Error).message}`);
    }
    const r = answer(text, o.chainId, abis);
    if (r.ok) {
      io.out(r.body);
      return 0;
    }
    io.err(JSON.stringify(r.body));
    return 1;
  },
};
