import { BcsError, isBcsError, normalizeAddress } from '../bcs/index.js';
import { dereference, isSignerType, parseTypeTag, substituteGenerics, type TypeTag } from '../move/index.js';
import type { BcsBlock } from '../records/index.js';
import type { AbiModule, AbiRegistry } from '../submission/index.js';
import { parseNodeBlockJson } from './block-json.js';
import type { Obj } from './json-read.js';
import { parseNodeJsonText } from './json-text.js';
import { prefetchLayouts } from './move-layouts.js';
import { parseTransactionJson, type ParsedTransactionJson, type ParseTransactionJsonOptions } from './transaction-read.js';

// The readers with an ABI resolver: before reading, every module the JSON needs (an entry function's,
// and those of the struct types of resources, events and arguments) is asked of the registry's
// async resolver, e.g. `abiRegistry([], { resolve: abiResolverFrom(client) })` over the node the
// JSON came from. The registry keeps the modules found; the ones the resolver does not have are
// remembered in it too, so each missing module is asked once.

const MISSING = 'node-json missing modules';
/** Module ids remembered as missing; past this the memory starts over (hostile JSON may name any number). */
const MAX_MISSING = 4096;

/** The registry, its resolver asked at most once per missing module (remembered in `abis.calls`). */
function askingOnce(abis: AbiRegistry): AbiRegistry {
  let missing = abis.calls.get(MISSING) as Set<string> | undefined;
  if (missing === undefined || missing.size >= MAX_MISSING) abis.calls.set(MISSING, (missing = new Set()));
  const known = missing;
  return {
    ...abis,
    async resolveModule(address, name): Promise<AbiModule | undefined> {
      const key = `${address}::${name}`;
      if (known.has(key)) return undefined;
      const m = await abis.resolveModule(address, name);
      if (m === undefined) known.add(key);
      return m;
    },
  };
}

const isObj = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);

function typeOf(text: unknown): TypeTag | undefined {
  if (typeof text !== 'string') return undefined;
  try {
    return parseTypeTag(text);
  } catch (e) {
    if (isBcsError(e)) return undefined; // the reader reports it with its path
    throw e;
  }
}

interface Call {
  id: string;
  typeArgs: TypeTag[];
}

/** The calls and types one transaction's JSON needs: its entry functions, and struct types to lay out. */
function needs(tx: unknown, calls: Call[], types: TypeTag[]): void {
  if (!isObj(tx)) return;
  for (const p of [tx.payload, isObj(tx.payload) ? tx.payload.transaction_payload : undefined]) {
    if (!isObj(p) || typeof p.function !== 'string') continue;
    const typeArgs = Array.isArray(p.type_arguments) ? p.type_arguments.map(typeOf) : [];
    if (typeArgs.every((a) => a !== undefined)) calls.push({ id: p.function, typeArgs: typeArgs as TypeTag[] });
  }
  if (Array.isArray(tx.events)) for (const e of tx.events) if (isObj(e)) pushType(types, e.type);
  if (Array.isArray(tx.changes)) for (const c of tx.changes) if (isObj(c) && c.type === 'write_resource' && isObj(c.data)) pushType(types, c.data.type);
}

function pushType(types: TypeTag[], text: unknown): void {
  const t = typeOf(text);
  if (t) types.push(t);
}

/** Asks the resolver for what `transactions` need, each module once. */
async function resolveNeeds(transactions: unknown[], abis: AbiRegistry): Promise<void> {
  const registry = askingOnce(abis);
  const calls: Call[] = [];
  const types: TypeTag[] = [];
  for (const t of transactions) needs(t, calls, types);
  for (const { id, typeArgs } of calls) {
    const parts = id.split('::');
    if (parts.length !== 3) continue;
    let address;
    try {
      address = normalizeAddress(parts[0]!);
    } catch {
      continue; // the reader reports it with its path
    }
    const fn = (await registry.resolveModule(address, parts[1]!))?.functions.get(parts[2]!);
    if (!fn) continue;
    for (const p of fn.params) {
      if (isSignerType(p)) continue;
      try {
        types.push(substituteGenerics(dereference(p), typeArgs));
      } catch (e) {
        if (!isBcsError(e)) throw e; // the reader reports a bad instantiation with its path
      }
    }
  }
  await prefetchLayouts(types, registry);
}

function requireResolver(options: ParseTransactionJsonOptions): AbiRegistry {
  if (!options.abis) throw new BcsError('missing_field', 'the async readers need options.abis: a registry with a resolver (abiRegistry([], { resolve }))');
  return options.abis;
}

/** As parseTransactionJson, first asking the registry's resolver for the modules the JSON needs. */
export async function parseTransactionJsonAsync(json: unknown, options: ParseTransactionJsonOptions): Promise<ParsedTransactionJson> {
  const value = typeof json === 'string' ? parseNodeJsonText(json) : json;
  await resolveNeeds([value], requireResolver(options));
  return parseTransactionJson(value, options);
}

/** As parseNodeBlockJson, first asking the registry's resolver for the modules its transactions need. */
export async function parseNodeBlockJsonAsync(json: unknown, options: Omit<ParseTransactionJsonOptions, 'blockId'>): Promise<BcsBlock> {
  const value = typeof json === 'string' ? parseNodeJsonText(json) : json;
  const list = isObj(value) && Array.isArray(value.transactions) ? value.transactions : [];
  await resolveNeeds(list, requireResolver(options));
  return parseNodeBlockJson(value, options);
}
