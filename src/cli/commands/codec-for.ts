import { transactionCodecs, type Codec } from '../../transactions/index.js';
import { recordCodecs } from '../../records/index.js';
import { CliError } from '../run.js';

// The named types `decode` and `encode` accept, shared so both commands name the same set.
const codecs = { ...transactionCodecs(), ...recordCodecs() };
export const CODEC_NAMES = Object.keys(codecs).join(', ');

/** The codec named `type`, or a usage error listing the names. */
export function codecFor(type: string): Codec<unknown, unknown> {
  if (!Object.hasOwn(codecs, type)) throw new CliError(`unknown type ${JSON.stringify(type)}; expected one of ${CODEC_NAMES}`);
  return codecs[type as keyof typeof codecs] as unknown as Codec<unknown, unknown>;
}
