import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { fromHex, isBcsError } from '../../src/bcs/index.js';
import {
  accountDataJson,
  balanceJson,
  decodeResponse,
  indexedTransactionSummary,
  parseAccountDataJson,
  parseBalanceJson,
  parseBlockJson,
  parseErrorBody,
  errorBody,
  parseTransactionSummaryJson,
  transactionSummaryJson,
} from '../../src/records/index.js';
import { recordArbitraries } from './arbitraries.js';
import golden from '../../fixtures/records/golden.json' with { type: 'json' };

const arbs = recordArbitraries();
const codeOf = (f: () => unknown) => {
  try {
    f();
  } catch (e) {
    if (isBcsError(e)) return [e.code, e.path];
    throw e;
  }
  return null;
};

describe('interface JSON forms', () => {
  it('account data both ways', () => {
    const acct = decodeResponse('account', fromHex(golden.vectors[0].bcs));
    const json = accountDataJson(acct);
    expect(parseAccountDataJson(json)).toEqual({ sequenceNumber: 7n, authenticationKey: acct.authenticationKey });
    expect(codeOf(() => parseAccountDataJson({ ...json, sequence_number: 7 }))).toEqual(['invalid_json', 'sequence_number']);
    expect(codeOf(() => parseAccountDataJson({ ...json, authentication_key: 'abcd' }))).toEqual(['invalid_json', 'authentication_key']);
  });
  it('summaries round-trip through replay_protector.type (fast-check)', () => {
    fc.assert(
      fc.property(arbs.IndexedTransactionSummary, (s) => {
        const decoded = indexedTransactionSummary.schema.decode(indexedTransactionSummary.schema.encode(s as never));
        const json = JSON.parse(JSON.stringify(transactionSummaryJson(decoded)));
        expect(['sequence_number', 'nonce']).toContain(json.replay_protector.type);
        expect(parseTransactionSummaryJson(json)).toEqual(decoded);
      }),
    );
  });
  it('summary JSON rejects unknown replay protectors and short hashes', () => {
    const ok = { sender: '0x1', version: '1', transaction_hash: '0x' + '00'.repeat(32), replay_protector: { type: 'nonce', nonce: '5' } };
    expect(parseTransactionSummaryJson(ok).value.sender).toBe('0x' + '0'.repeat(63) + '1');
    expect(codeOf(() => parseTransactionSummaryJson({ ...ok, replay_protector: { type: 'ticket' } }))).toEqual(['invalid_variant', 'replay_protector']);
    expect(codeOf(() => parseTransactionSummaryJson({ ...ok, transaction_hash: '0x00' }))).toEqual(['invalid_length', 'transaction_hash']);
    expect(codeOf(() => parseTransactionSummaryJson({ ...ok, version: '-1' }))).toEqual(['invalid_json', 'version']);
  });
  it('balance is a bare JSON number, exact beyond 2^53', () => {
    expect(balanceJson(18446744073709551615n)).toBe('18446744073709551615');
    expect(parseBalanceJson('18446744073709551615')).toBe(18446744073709551615n);
    expect(parseBalanceJson(' 42\n')).toBe(42n);
    expect(codeOf(() => parseBalanceJson('18446744073709551616'))?.[0]).toBe('out_of_range');
    expect(codeOf(() => parseBalanceJson('"42"'))?.[0]).toBe('invalid_json');
    expect(codeOf(() => balanceJson(-1n))?.[0]).toBe('invalid_json');
  });
  it('block JSON: the header checked, transactions left out, null or an array', () => {
    const ok = { block_height: '42', block_hash: '0x' + '40'.repeat(32), block_timestamp: '1700000000000001', first_version: '100', last_version: '103' };
    expect(parseBlockJson(ok)).toEqual(ok);
    expect(parseBlockJson({ ...ok, transactions: [] })).toEqual({ ...ok, transactions: [] });
    // The node's JSON without transactions: poem-openapi writes the None as null.
    expect(Object.keys(parseBlockJson({ ...ok, transactions: null }))).toEqual(Object.keys(ok));
    expect(codeOf(() => parseBlockJson({ ...ok, block_height: 42 }))).toEqual(['invalid_json', 'block_height']);
    expect(codeOf(() => parseBlockJson({ ...ok, last_version: '18446744073709551616' }))).toEqual(['out_of_range', 'last_version']);
    expect(codeOf(() => parseBlockJson({ ...ok, block_hash: '0x40' }))).toEqual(['invalid_length', 'block_hash']);
    expect(codeOf(() => parseBlockJson({ ...ok, block_hash: '40'.repeat(32) }))).toEqual(['invalid_json', 'block_hash']);
    expect(codeOf(() => parseBlockJson({ ...ok, transactions: {} }))).toEqual(['invalid_json', 'transactions']);
    const { first_version: _, ...missing } = ok;
    expect(codeOf(() => parseBlockJson(missing))).toEqual(['missing_field', 'first_version']);
    expect(codeOf(() => parseBlockJson([ok]))?.[0]).toBe('invalid_json');
  });
  it('error body', () => {
    expect(parseErrorBody({ message: 'Account not found', error_code: 'account_not_found', vm_error_code: null })).toEqual({ message: 'Account not found', error_code: 'account_not_found', vm_error_code: null });
    // An absent vm_error_code reads as the null the node writes; the one writer writes it back.
    const read = parseErrorBody({ message: 'Account not found', error_code: 'account_not_found' });
    expect(JSON.stringify(read)).toBe(JSON.stringify(errorBody('account_not_found', 'Account not found')));
    expect(JSON.stringify(errorBody('vm_error', 'm', 4016))).toBe('{"message":"m","error_code":"vm_error","vm_error_code":4016}');
    expect(parseErrorBody({ message: 'm', error_code: 'vm_error', vm_error_code: 4016 })).toEqual({ message: 'm', error_code: 'vm_error', vm_error_code: 4016 });
    expect(codeOf(() => parseErrorBody({ error_code: 'x' }))).toEqual(['invalid_json', 'message']);
    expect(codeOf(() => parseErrorBody({ message: 'm', error_code: 'x', vm_error_code: -1 }))).toEqual(['invalid_json', 'vm_error_code']);
    expect(codeOf(() => parseErrorBody({ message: 'm', error_code: 'x', vm_error_code: 1.5 }))).toEqual(['invalid_json', 'vm_error_code']);
    expect(parseErrorBody(JSON.parse('{"message":"m","error_code":"vm_error","vm_error_code":18446744073709551615}')).vm_error_code).toBe(2 ** 64);
    expect(codeOf(() => parseErrorBody('oops'))?.[0]).toBe('invalid_json');
  });
});
