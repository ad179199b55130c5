import { formatAddress, isBcsError, type Address } from '../bcs/index.js';
import { isSignerType, substituteGenerics, type MoveType, type TypeTag } from '../move/index.js';
import { moduleKey, type AbiModule } from './abi.js';
import { ApiError } from '../records/index.js';
import { builtInStruct } from './move-struct.js';
import type { AbiRegistry } from './registry.js';
import type { EntryFunctionRequest, SubmissionRequest } from './request.js';

// Before an async encode: every module the conversion will read (the function's own, and each
// module declaring a struct its parameters take, transitively) is resolved, so the conversion
// itself runs synchronously. Modules that cannot be found are left for it to report.

/** A request touches at most this many modules; more is a hostile ABI chain. */
const MAX_MODULES = 64;

export async function prefetchModules(req: SubmissionRequest, typeArgs: TypeTag[], registry: AbiRegistry): Promise<Map<string, AbiModule>> {
  const found = new Map<string, AbiModule>();
  const p = req.payload;
  const ef: EntryFunctionRequest | null = p.kind === 'entry_function_payload' ? p : p.kind === 'multisig_payload' ? p.inner : null;
  if (ef === null) return found;
  const get = async (address: Address, name: string): Promise<AbiModule | undefined> => {
    const key = moduleKey(address, name);
    if (found.has(key)) return found.get(key);
    if (found.size >= MAX_MODULES) return undefined;
    let m: AbiModule | undefined;
    try {
      m = await registry.resolveModule(address, name);
    } catch (e) {
      // A resolver that fails, or answers with an invalid ABI, is the server failing to read state.
      throw new ApiError(500, 'internal_error', `Failed to resolve the ABI of ${formatAddress(address, 'aip40')}::${name}: ${isBcsError(e) || e instanceof Error ? e.message : String(e)}`);
    }
    if (m) found.set(key, m);
    return m;
  };
  const mod = await get(ef.function.address, ef.function.module);
  const fn = mod?.functions.get(ef.function.name);
  if (!fn || fn.typeParamCount !== typeArgs.length) return found;
  const seen = new Set<string>();
  const visit = async (t: TypeTag): Promise<void> => {
    if (t.$kind === 'vector') return visit(t.value);
    if (t.$kind !== 'struct') return;
    const s = t.value;
    // The converter's built-in structs read no module; an Option reads what its item reads.
    const builtIn = builtInStruct(s);
    if (builtIn) return builtIn.kind === 'option' ? visit(builtIn.item) : undefined;
    for (const a of s.typeArgs) await visit(a);
    const key = `${s.address}::${s.module}::${s.name}`;
    if (seen.has(key) || seen.size >= MAX_MODULES * 16) return;
    seen.add(key);
    const def = (await get(s.address, s.module))?.structs.get(s.name);
    if (!def || def.typeParamCount !== s.typeArgs.length) return;
    const fields = def.fields ?? (def.variants ?? []).flatMap((v) => v.fields);
    for (const f of fields) await visitType(f.type, s.typeArgs);
  };
  const visitType = async (t: MoveType, args: readonly TypeTag[]): Promise<void> => {
    let tag: TypeTag;
    try {
      tag = substituteGenerics(t.$kind === 'reference' || t.$kind === 'mutableReference' ? t.value : t, args);
    } catch {
      return; // the conversion reports it
    }
    await visit(tag);
  };
  for (const param of fn.params) if (!isSignerType(param)) await visitType(param, typeArgs);
  return found;
}
