// Types that tell the truth (checked by `tsc --noEmit`, which type-checks test/): a request is the
// request JSON type (untrusted input still goes through the `unknown` overload), and a codec's
// toJson takes the decoded form, not an encoder input holding writers.
import { describe, expect, it } from 'vitest';
import { encodeSubmission, type EncodeSubmissionRequestJson } from '../../src/submission/index.js';
import { arg, transactionCodecs, type EntryFunctionInput } from '../../src/transactions/index.js';
import { writeU64 } from '../../src/bcs/index.js';
import { TRANSFER } from '../client/helpers.js';

// The fixture as typed code would write it: checked against the request JSON type.
const request = { ...TRANSFER, payload: { ...TRANSFER.payload, type: 'entry_function_payload' as const } } satisfies EncodeSubmissionRequestJson;

describe('typed requests', () => {
  it('the request JSON type is what encodeSubmission documents, and what it encodes', () => {
    expect(encodeSubmission(request, { chainId: 4 }).hex).toMatch(/^0xb5e97db0/);
    // @ts-expect-error u64 fields are decimal strings in the node's JSON
    const wrong: EncodeSubmissionRequestJson = { ...request, sequence_number: 7 };
    // @ts-expect-error the payload kinds are the node's three
    const wrongPayload: EncodeSubmissionRequestJson = { ...request, payload: { type: 'module_bundle_payload' } };
    // Untrusted input still type-checks (the unknown overload) and is refused as the node refuses it.
    const untrusted: unknown = wrong;
    expect(() => encodeSubmission(untrusted, { chainId: 4 })).toThrow();
    expect(wrongPayload.payload.type).toBe('module_bundle_payload');
  });

  it('toJson takes the decoded form; an encoder input with writers is a type error', () => {
    const { EntryFunction } = transactionCodecs();
    const input: EntryFunctionInput = { module: { address: '0x1', name: 'm' }, function: 'f', typeArgs: [], args: [arg(writeU64, 5n)] };
    const decoded = EntryFunction.schema.decode(EntryFunction.schema.encode(input));
    expect(EntryFunction.toJson(decoded)).toMatchObject({ function: 'f' });
    // @ts-expect-error the encoder's input (a writer in args) has no JSON-safe form
    expect(() => EntryFunction.toJson(input)).toThrow();
  });
});
