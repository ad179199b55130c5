import { readFileSync } from 'node:fs';
import { BcsError, fromHex } from '../../bcs/index.js';
import { bcsBlock, transaction, transactionOnChainData, type BcsBlock, type TransactionOnChainData } from '../../records/index.js';
import { abiRegistry } from '../../submission/index.js';
import { nodeBlockJson, nodeJsonText, parseNodeBlockJson, parseNodeJsonText, parseTransactionJson, transactionJson } from '../../node-json/index.js';
import { CliError, type Command, type Io } from '../run.js';
import { loadAbiFiles } from './encode-submission.js';

// `render`: the node's BCS records → the node's JSON. `verify-json`: the node's JSON (a transaction,
// a list of them, or a block) read back with every hash checked.

interface Flags {
  values: Map<string, string[]>;
  rest: string[];
}

/** `--flag value` and `--flag=value`; `takes` lists the flags with a value, `bools` those without. */
function flags(args: string[], takes: readonly string[], bools: readonly string[] = []): Flags {
  const out: Flags = { values: new Map(), rest: [] };
  for (let i = 0; i < args.length; i++) {
    const a = args[i]!;
    if (!a.startsWith('--')) {
      out.rest.push(a);
      continue;
    }
    const eq = a.indexOf('=');
    const name = eq < 0 ? a : a.slice(0, eq);
    if (bools.includes(name) && eq < 0) {
      out.values.set(name, ['true']);
      continue;
    }
    if (!takes.includes(name)) throw new CliError(`unknown option ${JSON.stringify(a)}`);
    const v = eq < 0 ? args[++i] : a.slice(eq + 1);
    if (v === undefined) throw new CliError(`${name} needs a value`);
    out.values.set(name, [...(out.values.get(name) ?? []), v]);
  }
  return out;
}

function oneValue(f: Flags, name: string): string | undefined {
  const v = f.values.get(name);
  if (v && v.length > 1) throw new CliError(`${name} given twice`);
  return v?.[0];
}

function u64Flag(f: Flags, name: string): bigint | undefined {
  const v = oneValue(f, name);
  if (v === undefined) return undefined;
  if (!/^[0-9]{1,20}$/.test(v) || BigInt(v) > 0xffffffffffffffffn) throw new CliError(`${name} must be a u64, got ${JSON.stringify(v)}`);
  return BigInt(v);
}

function chainIdFlag(f: Flags): number | undefined {
  const v = oneValue(f, '--chain-id');
  if (v === undefined) return undefined;
  if (!/^[0-9]{1,3}$/.test(v) || Number(v) > 255) throw new CliError(`--chain-id must be an integer from 0 to 255, got ${JSON.stringify(v)}`);
  return Number(v);
}

/** The flags (every command takes `--abi FILE`...), `positional` arguments, and the ABI registry. */
function prepare(args: string[], usage: string, positional: number, takes: string[], bools: string[]) {
  const f = flags(args, ['--abi', ...takes], bools);
  if (f.rest.length !== positional) throw new CliError(`usage: ledger-bcs ${usage}`);
  return { f, abis: abiRegistry(loadAbiFiles(f.values.get('--abi') ?? [])) };
}

async function source(arg: string, io: Io): Promise<string> {
  if (arg === '-') return io.readStdin();
  return arg;
}

const KINDS = ['Transaction', 'TransactionOnChainData', 'BcsBlock'] as const;

export const renderCommand: Command = {
  summary: "the node's JSON of BCS hex; KIND: Transaction, TransactionOnChainData or BcsBlock",
  usage: 'render KIND HEX|- [--abi FILE]... [--timestamp USECS]',
  async run(args, io) {
    const { f, abis } = prepare(args, renderCommand.usage, 2, ['--timestamp'], []);
    const [kind, src] = f.rest as [string, string];
    if (!(KINDS as readonly string[]).includes(kind)) throw new CliError(`unknown kind ${JSON.stringify(kind)}: one of ${KINDS.join(', ')}`);
    const bytes = fromHex((await source(src, io)).trim());
    const timestamp = u64Flag(f, '--timestamp');
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

export const verifyJsonCommand: Command = {
  summary: "check the node's JSON of transactions or a block and its hashes",
  usage: 'verify-json FILE|- [--abi FILE]... [--chain-id N] [--no-verify-hash]',
  async run(args, io) {
    const { f, abis } = prepare(args, verifyJsonCommand.usage, 1, ['--chain-id'], ['--no-verify-hash']);
    const options = { abis, chainId: chainIdFlag(f), verifyHash: !f.values.has('--no-verify-hash') };
    const json = parseNodeJsonText(await readSource(f.rest[0]!, io));
    const kinds: Record<string, number> = {};
    const count = (k: string) => (kinds[k] = (kinds[k] ?? 0) + 1);
    if (typeof json === 'object' && json !== null && !Array.isArray(json) && 'block_height' in json) {
      const b = parseNodeBlockJson(json, options);
      for (const t of b.transactions ?? []) count(t.transaction.$kind);
      io.out(JSON.stringify({ ok: true, block_height: b.blockHeight.toString(), transactions: kinds, hashes_checked: options.verifyHash }));
      return 0;
    }
    const list = Array.isArray(json) ? json : [json];
    list.forEach((t, i) => {
      try {
        const r = parseTransactionJson(t, options);
        count(r.data.$kind === 'Pending' ? 'Pending' : r.data.value.transaction.$kind);
      } catch (e) {
        throw Array.isArray(json) && e instanceof BcsError ? e.within(i) : e;
      }
    });
    io.out(JSON.stringify({ ok: true, transactions: kinds, hashes_checked: options.verifyHash }));
    return 0;
  },
};

