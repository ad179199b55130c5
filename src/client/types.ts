import type { LedgerInfo } from '../records/index.js';

/** Every answer: the decoded body, the node's ledger position, and the page cursor where sent. */
export interface LedgerResult<T> {
  data: T;
  ledgerInfo: LedgerInfo;
  cursor?: string;
}

/** Response body format: BCS (decoded with the record codecs) or the node's JSON. */
export type ResponseFormat = 'bcs' | 'json';
