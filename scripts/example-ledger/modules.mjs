// Compiled Move modules for the example ledger, assembled in the layout of aptos-core
// third_party/move/move-binary-format/src/serializer.rs (`CompiledModule::serialize_for_version`,
// bytecode version 6): magic, version, table headers (kind, offset, size), table contents, then the
// self module handle index. Functions are declared `native` (no code): the ledger is not executed,
// and a module's ABI (what the node's `try_parse_abi` reads: name, visibility, entry flag, type
// parameters, parameters, returns) is all that GET /accounts/{a}/module/{name} and the SDK need.
import { addressBytes } from '../../dist/bcs/index.js';

const uleb = (n) => {
  const out = [];
  do {
    let b = n & 0x7f;
    n >>>= 7;
    if (n > 0) b |= 0x80;
    out.push(b);
  } while (n > 0);
  return out;
};

/** SignatureToken bytes (file_format_common.rs `SerializedType`). */
export const T = { bool: [0x01], u8: [0x02], u64: [0x03], u128: [0x04], address: [0x05], signer: [0x0c], ref: (t) => [0x06, ...t], vector: (t) => [0x0a, ...t], param: (i) => [0x09, ...uleb(i)] };

/**
 * A module `address::name` of native functions: `{ name, entry, typeParams (count), params, returns }`,
 * each public; parameters and returns as SignatureToken byte arrays.
 */
export function nativeModule(address, name, functions) {
  const identifiers = [name];
  const ident = (s) => {
    let i = identifiers.indexOf(s);
    if (i < 0) i = identifiers.push(s) - 1;
    return i;
  };
  const signatures = [[0]]; // the empty signature
  const sig = (tokens) => {
    const bytes = [...uleb(tokens.length), ...tokens.flat()];
    let i = signatures.findIndex((s) => s.length === bytes.length && s.every((b, j) => b === bytes[j]));
    if (i < 0) i = signatures.push(bytes) - 1;
    return i;
  };
  const handles = functions.map((f) => [...uleb(0), ...uleb(ident(f.name)), ...uleb(sig(f.params)), ...uleb(sig(f.returns ?? [])), ...uleb(f.typeParams ?? 0), ...new Array(f.typeParams ?? 0).fill(0)]);
  // FunctionDefinition: handle, visibility (1 public), flags (0x2 native | 0x4 entry), acquires.
  const defs = functions.map((f, i) => [...uleb(i), 0x01, 0x02 | (f.entry ? 0x04 : 0), 0x00]);
  const tables = [
    [0x1, [...uleb(0), ...uleb(0)]], // MODULE_HANDLES: the module itself (address 0, name 0)
    [0x3, handles.flat()], // FUNCTION_HANDLES
    [0x5, signatures.flat()], // SIGNATURES
    [0x7, identifiers.flatMap((s) => { const b = new TextEncoder().encode(s); return [...uleb(b.length), ...b]; })], // IDENTIFIERS
    [0x8, [...addressBytes(address)]], // ADDRESS_IDENTIFIERS
    [0xc, defs.flat()], // FUNCTION_DEFS
  ];
  const headers = [];
  const contents = [];
  for (const [kind, bytes] of tables) {
    headers.push(kind, ...uleb(contents.length), ...uleb(bytes.length));
    contents.push(...bytes);
  }
  return Uint8Array.from([0xa1, 0x1c, 0xeb, 0x0b, 6, 0, 0, 0, ...uleb(tables.length), ...headers, ...contents, ...uleb(0)]);
}

const signer = T.ref(T.signer);

/** The framework modules the example ledger publishes at 0x1 ([name, bytecode]): the entry functions its transactions call. */
export function frameworkModules() {
  return [
    ['aptos_account', nativeModule('0x1', 'aptos_account', [
      { name: 'transfer', entry: true, params: [signer, T.address, T.u64] },
      { name: 'create_account', entry: true, params: [T.address] },
    ])],
    ['coin', nativeModule('0x1', 'coin', [
      { name: 'transfer', entry: true, typeParams: 1, params: [signer, T.address, T.u64] },
      { name: 'balance', entry: false, typeParams: 1, params: [T.address], returns: [T.u64] },
    ])],
  ];
}

/** A module of the example's own, at `address`. */
export function exampleModule(address) {
  return nativeModule(address, 'notes', [
    { name: 'post', entry: true, params: [signer, T.vector(T.u8)] },
    { name: 'count', entry: false, params: [T.address], returns: [T.u64] },
  ]);
}
