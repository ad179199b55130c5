import { BcsError, formatAddress, quote } from '../bcs/index.js';
import { isValidIdentifier } from '../move/index.js';
import type { ExecutionStatus } from '../records/index.js';
import { statusCodeTable, type StatusCodeTable } from './status-codes.js';

// `vm_status` as api/types/src/convert.rs `MoveConverter::explain_vm_status` writes it from the
// TransactionInfo's ExecutionStatus. Two of its inputs are not in the records: the name of the
// function an ExecutionFailure happened in (the node reads the module from its state; without a
// `functionName` lookup this writes the node's own fallback `<#N function>`), and the auxiliary
// data whose detail message the node may append (never rendered here).

/** Names the function at index `index` of module `address::module`, where known. */
export type FunctionNameLookup = (address: string, module: string, index: number) => string | undefined;

type AbortLocation = Extract<ExecutionStatus, { $kind: 'MoveAbort' }>['value']['location'];

function locationText(l: AbortLocation): string {
  return l.$kind === 'Module' ? `${formatAddress(l.value.address, 'short')}::${l.value.name}` : 'script';
}

export function vmStatusText(s: ExecutionStatus, codes: StatusCodeTable, functionName?: FunctionNameLookup): string {
  switch (s.$kind) {
    case 'Success':
      return 'Executed successfully';
    case 'OutOfGas':
      return 'Out of gas';
    case 'MoveAbort': {
      const { location, code, info } = s.value;
      if (location.$kind === 'Script') return `Move abort: code 0x${code.toString(16)}`;
      const where = locationText(location);
      return info ? `Move abort in ${where}: ${info.reasonName}(0x${code.toString(16)}): ${info.description}` : `Move abort in ${where}: 0x${code.toString(16)}`;
    }
    case 'ExecutionFailure': {
      const { location, function: index, codeOffset } = s.value;
      let name = 'script';
      if (location.$kind === 'Module') {
        const fn = functionName?.(formatAddress(location.value.address, 'short'), location.value.name, index);
        name = `${locationText(location)}::${fn ?? `<#${index} function>`}`;
      }
      return `Execution failed in ${name} at code offset ${codeOffset}`;
    }
    case 'MiscellaneousError':
      return s.value === null ? 'Execution failed with miscellaneous error and no status code' : codes.name(s.value);
  }
}

/** Resolves a function name back to its index, where known (reading `Execution failed in m::f`). */
export type FunctionIndexLookup = (address: string, module: string, name: string) => number | undefined;

const HEX = '0x[0-9a-f]+';
const MODULE = `(0x[0-9a-f]+)::([A-Za-z_][A-Za-z0-9_]*)`;
const ABORT_INFO = new RegExp(`^Move abort in ${MODULE}: ([A-Za-z_][A-Za-z0-9_]*)\\((${HEX})\\): ([\\s\\S]*)$`);
const ABORT = new RegExp(`^Move abort in ${MODULE}: (${HEX})$`);
const SCRIPT_ABORT = new RegExp(`^Move abort: code (${HEX})$`);
const FAILURE = new RegExp(`^Execution failed in (?:script|${MODULE}::(<#(\\d+) function>|[A-Za-z_][A-Za-z0-9_]*)) at code offset (\\d+)$`);

function u64Hex(s: string): bigint {
  const v = BigInt(s);
  if (v > 0xffffffffffffffffn) throw new BcsError('out_of_range', `abort code ${s} exceeds u64`);
  return v;
}

function small(s: string, max: number, what: string): number {
  const v = Number(s);
  if (!Number.isSafeInteger(v) || v > max) throw new BcsError('out_of_range', `${what} ${s} exceeds ${max}`);
  return v;
}

/**
 * The ExecutionStatus a `vm_status` text and `success` flag come from. A MiscellaneousError's text
 * may carry the node's detail message after a newline (auxiliary data, not in the records): it is
 * dropped.
 */
export function parseVmStatus(text: string, success: boolean, codes: StatusCodeTable = statusCodeTable(), functionIndex?: FunctionIndexLookup): ExecutionStatus {
  if (typeof text !== 'string') throw new BcsError('invalid_json', `expected vm_status as a string, got ${quote(text)}`);
  const fail = (why: string) => new BcsError('invalid_json', `${why}: ${quote(text)}`);
  if (text === 'Executed successfully') {
    if (!success) throw fail('success is false for the status');
    return { $kind: 'Success' };
  }
  if (success) throw fail('success is true for a failed status');
  if (text === 'Out of gas') return { $kind: 'OutOfGas' };
  if (text === 'Execution failed with miscellaneous error and no status code') return { $kind: 'MiscellaneousError', value: null };
  let m = ABORT_INFO.exec(text);
  if (m) {
    return { $kind: 'MoveAbort', value: { location: moduleLocation(m[1]!, m[2]!), code: u64Hex(m[4]!), info: { reasonName: m[3]!, description: m[5]! } } };
  }
  if ((m = ABORT.exec(text))) return { $kind: 'MoveAbort', value: { location: moduleLocation(m[1]!, m[2]!), code: u64Hex(m[3]!), info: null } };
  if ((m = SCRIPT_ABORT.exec(text))) return { $kind: 'MoveAbort', value: { location: { $kind: 'Script' }, code: u64Hex(m[1]!), info: null } };
  if ((m = FAILURE.exec(text))) {
    const codeOffset = small(m[5]!, 0xffff, 'code offset');
    if (m[1] === undefined) return { $kind: 'ExecutionFailure', value: { location: { $kind: 'Script' }, function: 0, codeOffset } };
    let index: number | undefined = m[4] !== undefined ? small(m[4], 0xffff, 'function index') : functionIndex?.(m[1], m[2]!, m[3]!);
    if (index === undefined) throw fail(`no index known for the function ${m[3]} (pass functionIndex)`);
    return { $kind: 'ExecutionFailure', value: { location: moduleLocation(m[1], m[2]!), function: index, codeOffset } };
  }
  const name = text.split('\n', 1)[0]!;
  const code = codes.code(name);
  if (code !== undefined && isValidIdentifier(name)) return { $kind: 'MiscellaneousError', value: code };
  throw fail('unknown vm_status');
}

function moduleLocation(address: string, name: string): AbortLocation {
  return { $kind: 'Module', value: { address: formatAddress(address, 'long'), name } } as AbortLocation;
}
