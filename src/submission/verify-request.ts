import { isValidIdentifier, parseTypeTag, type TypeTag } from '../move/index.js';
import { ApiError } from '../records/index.js';
import { INVALID_REQUEST } from './errors.js';
import type { EntryFunctionRequest, PayloadRequest } from './request.js';

// The request's `verify()` (api/types/src/transaction.rs `UserTransactionRequest::verify` and the
// payload's): type arguments must parse as type tags within the nesting limit, module and function
// names must be identifiers. Failures are 400 `invalid_input`, `'UserTransactionRequest' invalid: …`.

function invalid(message: string): never {
  throw new ApiError(400, 'invalid_input', INVALID_REQUEST + message);
}

function typeArgs(list: readonly string[]): TypeTag[] {
  return list.map((s) => {
    try {
      return parseTypeTag(s);
    } catch {
      return invalid(`Unable to parse move type ${s.length > 256 ? `${s.slice(0, 256)}…` : s}`);
    }
  });
}

function entryFunction(p: EntryFunctionRequest): TypeTag[] {
  const { module, name } = p.function;
  if (!isValidIdentifier(module)) invalid(`invalid Move module name: ${String(module).slice(0, 256)}`);
  if (!isValidIdentifier(name)) invalid(`invalid Move function name: ${String(name).slice(0, 256)}`);
  return typeArgs(p.typeArguments);
}

/** Verifies the payload and returns its type arguments as type tags. */
export function verifyPayload(p: PayloadRequest): TypeTag[] {
  switch (p.kind) {
    case 'entry_function_payload':
      return entryFunction(p);
    case 'script_payload':
      return typeArgs(p.typeArguments);
    case 'multisig_payload':
      return p.inner ? entryFunction(p.inner) : [];
    default:
      return [];
  }
}
