import { transactionCodecs, type Codec } from '../../transactions/index.js';
import { recordCodecs } from '../../records/index.js';
import { CliError } from '../run.js';

// The named types `decode` and `encode` accept, shared so both commands name the same set. Names
// match in any case; a near miss is answered with the closest names.
const codecs = { ...transactionCodecs(), ...recordCodecs() };
export const CODEC_NAMES = Object.keys(codecs).join(', ');
/** Shown once at the end of the help, for both commands. */
export const CODEC_NOTES = `TYPE (decode, encode) is one of: ${CODEC_NAMES}. Any case is accepted.`;

const byLowerName = new Map(Object.keys(codecs).map((k) => [k.toLowerCase(), k]));

/** Levenshtein distance, small strings only. */
function distance(a: string, b: string): number {
  let prev = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const cur = [i];
    for (let j = 1; j <= b.length; j++) cur[j] = Math.min(prev[j]! + 1, cur[j - 1]! + 1, prev[j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1));
    prev = cur;
  }
  return prev[b.length]!;
}

function suggestions(type: string): string[] {
  const t = type.toLowerCase();
  const scored = [...byLowerName].map(([lower, name]) => ({ name, d: lower.includes(t) || t.includes(lower) ? 1 : distance(t, lower) }));
  const best = Math.min(...scored.map((s) => s.d));
  return best <= Math.max(2, Math.floor(t.length / 3)) ? scored.filter((s) => s.d === best).map((s) => s.name).slice(0, 3) : [];
}

/** The codec named `type` (any case), and its canonical name; else a usage error with the nearest names. */
export function codecFor(type: string): Codec<unknown, unknown> & { typeName: string } {
  const name = byLowerName.get(type.toLowerCase());
  if (name === undefined) {
    const near = suggestions(type);
    throw new CliError(`unknown type ${JSON.stringify(type)}${near.length ? `; did you mean ${near.join(' or ')}?` : ''} (the types: ledger-bcs decode --help)`);
  }
  return Object.assign(Object.create(codecs[name as keyof typeof codecs] as object) as Codec<unknown, unknown>, { typeName: name });
}
