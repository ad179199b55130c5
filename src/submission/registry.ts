import { BcsError, UsageError, formatAddress, type Address } from '../bcs/index.js';
import { parseModuleAbi, moduleKey, type AbiModule } from './abi.js';
import type { MoveModuleBytecodeJson, MoveModuleJson } from './abi-json.js';
import { frameworkModule } from './framework/index.js';
import { BoundedMap } from './bounded-map.js';

// Where encode_submission finds module ABIs, in order: modules given to the registry, a synchronous
// lookup, an asynchronous resolver (encodeSubmissionAsync only), then the embedded framework
// ABIs. It also holds the compiled converters, so a server or wallet builds one and reuses it.

/** A module id as resolvers receive it: `0x1::coin` (special addresses short, others 64 digits). */
export type ModuleIdString = string;

/** A module's ABI, bare or inside the node's module answer `{ bytecode, abi }`; `undefined` or `null` (the answer's `abi: null`) for none. */
export type AbiLookup = (moduleId: ModuleIdString) => MoveModuleJson | MoveModuleBytecodeJson | null | undefined;
export type AbiResolver = (moduleId: ModuleIdString) => Promise<MoveModuleJson | MoveModuleBytecodeJson | null | undefined>;

export interface AbiRegistryOptions {
  /** Synchronous lookup, asked after the given modules. */
  lookup?: AbiLookup;
  /** Asynchronous resolver (a node, a cache), asked by `encodeSubmissionAsync` only. */
  resolve?: AbiResolver;
  /** Fall back to the embedded framework ABIs (default true). */
  framework?: boolean;
  /** Compiled entry-function converters kept (default 1024). */
  maxCachedFunctions?: number;
  /** Modules from `lookup` / `resolve` kept (default 1024). */
  maxCachedModules?: number;
}

export interface AbiRegistry {
  readonly kind: 'AbiRegistry';
  /** The module's ABI from the given modules, the lookup, modules resolved earlier, or the framework. */
  module(address: Address, name: string): AbiModule | undefined;
  /** As `module`, asking the async resolver when nothing else has it. */
  resolveModule(address: Address, name: string): Promise<AbiModule | undefined>;
  /** Compiled converters by call signature; internal to encode_submission. */
  readonly calls: BoundedMap<string, unknown>;
}

/** Builds a registry over `modules` (validated now, with the path of any error). */
export function abiRegistry(modules: readonly (MoveModuleJson | unknown)[] = [], options: AbiRegistryOptions = {}): AbiRegistry {
  if (!Array.isArray(modules)) throw new BcsError('invalid_type', 'abiRegistry expects an array of MoveModule ABIs');
  const given = new Map<string, AbiModule>();
  modules.forEach((m, i) => {
    let abi: AbiModule;
    try {
      abi = parseModuleAbi(m);
    } catch (e) {
      throw (e as BcsError).within?.(i) ?? e;
    }
    given.set(moduleKey(abi.address, abi.name), abi);
  });
  const { lookup, resolve, framework = true } = options;
  for (const key of ['maxCachedFunctions', 'maxCachedModules'] as const) {
    const v = options[key];
    if (v !== undefined && !(Number.isSafeInteger(v) && v > 0)) throw new UsageError('invalid_option', `${key} must be a positive integer, got ${String(v)}`);
  }
  if (lookup !== undefined && typeof lookup !== 'function') throw new UsageError('invalid_option', 'lookup must be a function');
  if (resolve !== undefined && typeof resolve !== 'function') throw new UsageError('invalid_option', 'resolve must be a function');
  const fetched = new BoundedMap<string, AbiModule>(options.maxCachedModules ?? 1024);
  const builtIn = framework ? frameworkTable() : () => undefined;
  const idOf = (address: Address, name: string): ModuleIdString => `${formatAddress(address, 'aip40')}::${name}`;
  const accept = (key: string, json: MoveModuleJson | MoveModuleBytecodeJson | null | undefined): AbiModule | undefined => {
    if (json === undefined || json === null) return undefined;
    const abi = parseModuleAbi(json);
    if (moduleKey(abi.address, abi.name) !== key) {
      throw new BcsError('invalid_json', `invalid module ABI: asked for ${key}, got ${moduleKey(abi.address, abi.name)}`);
    }
    fetched.set(key, abi);
    return abi;
  };
  const local = (address: Address, name: string): AbiModule | undefined => {
    const key = moduleKey(address, name);
    return given.get(key) ?? fetched.get(key) ?? (lookup ? accept(key, lookup(idOf(address, name))) : undefined);
  };
  return {
    kind: 'AbiRegistry',
    module: (address, name) => local(address, name) ?? builtIn(address, name),
    async resolveModule(address, name) {
      const found = local(address, name);
      if (found) return found;
      const key = moduleKey(address, name);
      if (resolve) {
        const r = accept(key, await resolve(idOf(address, name)));
        if (r) return r;
      }
      // A framework module the resolver does not know is kept too: the resolver is asked once.
      const embedded = builtIn(address, name);
      if (embedded && resolve) fetched.set(key, embedded);
      return embedded;
    },
    calls: new BoundedMap(options.maxCachedFunctions ?? 1024),
  };
}

export function isAbiRegistry(v: unknown): v is AbiRegistry {
  return typeof v === 'object' && v !== null && (v as { kind?: unknown }).kind === 'AbiRegistry';
}

// The framework's modules, each parsed the first time this registry needs it (no module-level cache).
function frameworkTable(): (address: Address, name: string) => AbiModule | undefined {
  const parsed = new Map<string, AbiModule>();
  return (address, name) => {
    const key = moduleKey(address, name);
    let abi = parsed.get(key);
    if (abi === undefined) {
      const json = frameworkModule(address, name);
      if (json === undefined) return undefined;
      abi = parseModuleAbi(json);
      parsed.set(key, abi);
    }
    return abi;
  };
}
