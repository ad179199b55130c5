import { readFileSync } from 'node:fs';
import { BcsError, fromHex } from '../../bcs/index.js';
import { bcsBlock, transaction, transactionOnChainData, type BcsBlock, type Transaction, type TransactionOnChainData } from '../../records/index.js';
import { abiRegistry } from '../../submission/index.js';
import { nodeBlockJson, nodeJsonText, parseNodeBlockJson, parseNodeJsonText, parseTransactionJson, transactionJson, type ParseTransactionJsonOptions, type ReadVerification } from '../../node-json/index.js';
import { errorJson } from '../errors.js';
import { CliError, type Command, type Io } from '../run.js';
import { chainIdOption } from '../args.js';
import { ABI_OPTION, loadAbiFiles } from './encode-submission.js';

// `render`: the node's BCS records → the node's JSON. `verify-json`: the node's JSON (a transaction,
// a list of them, or a block) read back with every hash checked.

function u64Option(value: string | undefined, name: string): bigint | undefined {
  if (value === undefined) return undefined;
  if (!/^[0-9]{1,20}$/.test(value) || BigInt(value) > 0xffffffffffffffffn) throw new CliError(`${name} must be a u64, got ${JSON.stringify(value)}`);
  return BigInt(value);
}

async function source(arg: string, io: Io): Promise<string> {
  if (arg === '-') return io.readStdin();
  return arg;
}

const KINDS = ['Transaction', 'TransactionOnChainData', 'BcsBlock'] as const;

export const renderCommand: Command = {
  summary: "the node's JSON of a record's BCS",
  description: "Print the node's JSON of BCS hex (an argument, or - for stdin). KIND: Transaction, TransactionOnChainData or BcsBlock.",
  args: 'KIND HEX|-',
  positionals: [2, 2],
  options: {
    '--abi': ABI_OPTION,
    '--timestamp': { value: 'USECS', help: "the block's timestamp, which the JSON shows (default 0)" },
  },
  async run(a, io) {
    const abis = abiRegistry(loadAbiFiles(a.values('--abi')));
    const [kind, src] = a.positionals as [string, string];
    if (!(KINDS as readonly string[]).includes(kind)) throw new CliError(`unknown kind ${JSON.stringify(kind)}: one of ${KINDS.join(', ')}`);
    const bytes = fromHex((await source(src, io)).trim());
    const timestamp = u64Option(a.value('--timestamp'), '--timestamp');
    let json: unknown;
    if (kind === 'BcsBlock') json = nodeBlockJson(bcsBlock.schema.decode(bytes) as BcsBlock, { abis });
    else if (kind === 'TransactionOnChainData') {
      json = transactionJson({ $kind: 'OnChain', value: transactionOnChainData.schema.decode(bytes) as TransactionOnChainData }, { abis, timestamp });
    } else {
      // A bare Transaction: a user transaction renders as pending; the committed kinds need their
      // TransactionInfo, which the bytes do not hold.
      const t = transaction.schema.decode(bytes);
      if (t.$kind !== 'UserTransaction') throw new BcsError('not_supported', `a ${t.$kind} renders from its TransactionOnChainData (the JSON needs its TransactionInfo)`);
      json = transactionJson({ $kind: 'Pending', value: t.value }, { abis });
    }
    io.out(nodeJsonText(json));
    return 0;
  },
};

function readSource(arg: string, io: Io): Promise<string> {
  if (arg === '-') return io.readStdin();
  try {
    return Promise.resolve(readFileSync(arg, 'utf8'));
  } catch (e) {
    throw new CliError(`cannot read ${JSON.stringify(arg)}: ${(e as Error).message}`);
  }
}

interface Verified {
  ok: true;
  block_height?: string;
  transactions: Record<string, number>;
  hashes_checked: boolean;
  /** With --lenient: the hashes that could not be compared (node-json read-report.ts), by JSON path. */
  hashes_unchecked?: { path: string; reason: string }[];
  /** With --lenient: how many values had no layout and were kept as their JSON. */
  opaque_values?: number;
}

/** What verify-json prints for `json` (it throws what refused it), and the user transactions' chain ids. */
function verify(json: unknown, options: ParseTransactionJsonOptions): { summary: Verified; chainIds: Set<number> } {
  const transactions: Record<string, number> = {};
  const chainIds = new Set<number>();
  const count = (t: Transaction) => {
    transactions[t.$kind] = (transactions[t.$kind] ?? 0) + 1;
    if (t.$kind === 'UserTransaction') chainIds.add(t.value.rawTxn.chainId);
  };
  const hashes_checked = options.verifyHash !== false;
  // What a lenient read could not check is said in the summary, not hidden (docs/node-json.md).
  const seen: ReadVerification = { checked: [], unchecked: [], opaque: [] };
  const report = (): Partial<Verified> => (options.lenient ? { hashes_unchecked: seen.unchecked.map(({ path, reason }) => ({ path, reason })), opaque_values: seen.opaque.length } : {});
  if (typeof json === 'object' && json !== null && !Array.isArray(json) && 'block_height' in json) {
    const b = parseNodeBlockJson(json, { ...options, verification: seen });
    for (const t of b.transactions ?? []) count(t.transaction);
    return { summary: { ok: true, block_height: b.blockHeight.toString(), transactions, hashes_checked, ...report() }, chainIds };
  }
  const list = Array.isArray(json) ? json : [json];
  list.forEach((t, i) => {
    try {
      const r = parseTransactionJson(t, options);
      const at = Array.isArray(json) ? `[${i}].` : '';
      for (const u of r.verification.unchecked) seen.unchecked.push({ ...u, path: at + u.path });
      seen.opaque.push(...r.verification.opaque);
      if (r.data.$kind === 'Pending') {
        transactions.Pending = (transactions.Pending ?? 0) + 1;
        chainIds.add(r.data.value.rawTxn.chainId);
      } else count(r.data.value.transaction);
    } catch (e) {
      throw Array.isArray(json) && e instanceof BcsError ? e.within(i) : e;
    }
  });
  return { summary: { ok: true, transactions, hashes_checked, ...report() }, chainIds };
}

const isHashMismatch = (e: unknown): e is BcsError => e instanceof BcsError && /(^|\.|\])hash$/.test(e.path) && /^hash does not match/.test(e.toJSON().message);

export const verifyJsonCommand: Command = {
  summary: "check the node's JSON of transactions or a block",
  description: "Read the node's JSON of a transaction, a list of them, or a block (a file, or - for stdin) back into its records, checking every hash; prints a summary JSON.",
  args: 'FILE|-',
  positionals: [1, 1],
  options: {
    '--abi': ABI_OPTION,
    '--chain-id': { value: 'N', help: "user transactions' chain (else found by their hash)" },
    '--no-verify-hash': { help: 'read the JSON without checking its hashes' },
    '--lenient': { help: 'keep values of unknown modules as JSON; list what was not checked' },
  },
  async run(a, io) {
    const abis = abiRegistry(loadAbiFiles(a.values('--abi')));
    const chainId = chainIdOption(a);
    const verifyHash = !a.has('--no-verify-hash');
    const lenient = a.has('--lenient');
    const json = parseNodeJsonText(await readSource(a.positionals[0]!, io));
    try {
      io.out(JSON.stringify(verify(json, { abis, chainId, verifyHash, lenient }).summary));
      return 0;
    } catch (e) {
      // The chain id is part of what a user transaction's hash covers, but not of its JSON: a wrong
      // --chain-id fails as a hash mismatch. Read again without it, the hash finds the chain.
      if (chainId === undefined || !verifyHash || !isHashMismatch(e)) throw e;
      let found: Set<number>;
      try {
        found = verify(json, { abis, verifyHash, lenient }).chainIds;
      } catch {
        throw e; // not the chain id: the hash does not match on any chain
      }
      const theirs = [...found].join(', ');
      const message = `${e.toJSON().message}: the likely cause is --chain-id ${chainId}; the hash matches chain id ${theirs} (give --chain-id ${theirs}, or leave it out)`;
      io.err(JSON.stringify({ error: { ...errorJson(e), message } }));
      return 1;
    }
  },
};
