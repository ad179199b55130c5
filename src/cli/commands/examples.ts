import { isApiError } from '../../records/index.js';
import { encodeSubmission } from '../../submission/index.js';
import { readBundledFile } from '../input.js';
import type { Command } from '../run.js';

// `ledger-bcs examples` (what `npm start` runs): the bundled example requests
// (fixtures/example-requests.jsonl) encoded as encode_submission would for chain 4, each answer on
// one line after a label naming the request.

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
  summary: 'encode the bundled example requests (what `npm start` runs)',
  description:
    'Encode the bundled example requests (fixtures/example-requests.jsonl) for chain 4, one line each: request → signing message (what `npm start` runs).',
  args: '',
  positionals: [0, 0],
  options: {},
  run(_a, io) {
    let failed = 0;
    for (const line of readBundledFile('fixtures/example-requests.jsonl').split('\n').filter((l) => l.trim() !== '')) {
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
