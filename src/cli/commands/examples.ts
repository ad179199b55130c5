import { readFileSync } from 'node:fs';
import { isApiError } from '../../records/index.js';
import { encodeSubmission } from '../../submission/index.js';
import { CliError, type Command } from '../run.js';

// `ledger-bcs examples` (what `npm start` runs): the bundled example requests
// (fixtures/example-requests.jsonl) encoded as encode_submission would for chain 4, each answer on
// one line after a label naming the request.

function loadRequests(): string[] {
  for (const rel of ['../../fixtures/example-requests.jsonl', '../../../fixtures/example-requests.jsonl']) {
    try {
      return readFileSync(new URL(rel, import.meta.url), 'utf8').split('\n').filter((l) => l.trim() !== '');
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== 'ENOENT') throw e;
    }
  }
  throw new CliError('fixtures/example-requests.jsonl not found');
}

interface EntryJson {
  function?: string;
  arguments?: unknown[];
}

/** A short name for a request: its call, and what kind of transaction it is. */
function requestLabel(request: unknown): string {
  const r = (request ?? {}) as { payload?: EntryJson & { type?: string; multisig_address?: string; transaction_payload?: EntryJson }; secondary_signers?: unknown[]; replay_protection_nonce?: unknown };
  const p = r.payload ?? {};
  const call = (e: EntryJson | undefined) => (e?.function ? `${e.function.split('::').slice(1).join('::')}(${(e.arguments ?? []).map((a) => (typeof a === 'string' ? a : JSON.stringify(a))).join(', ')})` : 'no payload');
  let label = p.type === 'multisig_payload' ? `multisig ${p.multisig_address}: ${call(p.transaction_payload)}` : p.type === 'entry_function_payload' ? call(p) : String(p.type);
  if (Array.isArray(r.secondary_signers)) label += `, multi-agent with ${r.secondary_signers.join(', ')}`;
  if (r.replay_protection_nonce !== undefined) label += ', orderless';
  return label;
}

export const examplesCommand: Command = {
  summary: 'encode the bundled example requests for chain 4, one line each: request → signing message (what `npm start` runs)',
  usage: 'examples',
  run(args, io) {
    if (args.length > 0) throw new CliError(`unexpected argument ${JSON.stringify(args[0])}; usage: ledger-bcs examples`);
    let failed = 0;
    for (const line of loadRequests()) {
      const request = JSON.parse(line) as unknown;
      try {
        io.out(`${requestLabel(request)} → ${encodeSubmission(request, { chainId: 4 }).hex}`);
      } catch (e) {
        if (!isApiError(e)) throw e;
        failed++;
        io.out(`${requestLabel(request)} → ${JSON.stringify(e.toJSON())}`);
      }
    }
    return failed === 0 ? 0 : 1;
  },
};
