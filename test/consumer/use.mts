// A strict consumer of the packed package (test/package-entries.test.ts type-checks it with
// moduleResolution bundler and node16): the root entry's main job, typed, plus one name per layer.
import { bcs, createLedgerClient, encodeSubmission, isBcsError, isUsageError, toHex, type EncodeSubmissionResult, type LedgerClient } from 'ledger-bcs';
import { parseTypeTag, type TypeTag } from 'ledger-bcs/move';
import { rawTransaction } from 'ledger-bcs/transactions';
import { ENDPOINTS, type ErrorBody } from 'ledger-bcs/records';
import { createLedgerHandler } from 'ledger-bcs/http';
import { transactionHash } from 'ledger-bcs/hash';

const hex: string = toHex(bcs.vector(bcs.u64).encode([1n, 2n]));
const tag: TypeTag = parseTypeTag('0x1::aptos_coin::AptosCoin');
const path: string = ENDPOINTS.balance.path;
const body: ErrorBody = { message: 'm', error_code: 'invalid_input', vm_error_code: null };
export function encode(request: unknown): EncodeSubmissionResult | string {
  try {
    return encodeSubmission(request, { chainId: 4 });
  } catch (e) {
    return isBcsError(e) || isUsageError(e) ? e.code : String(e);
  }
}
export const client: LedgerClient = createLedgerClient({ baseUrl: 'http://127.0.0.1:1' });
export const used = [hex, tag, path, body, rawTransaction, createLedgerHandler, transactionHash];
