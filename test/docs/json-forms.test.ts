import { readFileSync, writeFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { fromHex, normalizeAddress, toHex } from '../../src/bcs/index.js';
import { frameworkModule } from '../../src/submission/framework/index.js';
import { abiRegistry, encodeSubmission, requestFromBytes, requestFromTransaction } from '../../src/submission/index.js';
import { rawTransaction, transactionCodecs } from '../../src/transactions/index.js';
import { TRANSFER } from '../client/helpers.js';

// docs/json-forms.md shows one transfer in each JSON vocabulary. Its examples are not written by
// hand: each is computed here with the library and must appear verbatim in the page (a failure
// prints the block to paste).

// V2 of fixtures/submission/requests.json: 1000 octas to 0xb0, sequence number 7, chain 4.
const request = TRANSFER;

/** A decoded value as a JavaScript literal: bigints with `n`, byte arrays as `fromHex('0x…')`. */
function literal(v: unknown, indent = ''): string {
  const next = `${indent}  `;
  if (typeof v === 'bigint') return `${v}n`;
  if (v instanceof Uint8Array) return `fromHex('${toHex(v)}')`;
  if (typeof v === 'string' && !/['\\]/.test(v)) return `'${v}'`;
  if (Array.isArray(v)) return v.length === 0 ? '[]' : `[\n${v.map((x) => `${next}${literal(x, next)},`).join('\n')}\n${indent}]`;
  if (typeof v === 'object' && v !== null) {
    const entries = Object.entries(v);
    if (entries.length === 0) return '{}';
    return `{\n${entries.map(([k, x]) => `${next}${/^[A-Za-z_$][\w$]*$/.test(k) ? k : JSON.stringify(k)}: ${literal(x, next)},`).join('\n')}\n${indent}}`;
  }
  return JSON.stringify(v);
}

function examples(): Record<string, string> {
  const encoded = encodeSubmission(request, { chainId: 4 });
  const decoded = rawTransaction.decode(encoded.signingMessage.subarray(32));
  const registry = abiRegistry();
  const abi = registry.module('0x0000000000000000000000000000000000000000000000000000000000000001', 'aptos_account')!.functions.get('transfer')!;
  const moduleJson = frameworkModule(normalizeAddress('0x1'), 'aptos_account')!.exposed_functions.find((f) => f.name === 'transfer');
  return {
    'decoded data': literal(decoded),
    'JSON-safe form': JSON.stringify(transactionCodecs().RawTransaction.toJson(decoded), null, 2),
    'request JSON': JSON.stringify(requestFromTransaction(decoded), null, 2),
    'Move argument JSON': JSON.stringify(request.payload.arguments),
    'encode_submission answer': JSON.stringify(encoded.hex),
    'ABI: the node JSON': JSON.stringify(moduleJson, null, 2),
    'ABI: parsed': JSON.stringify({ ...abi, params: abi.params }, null, 2),
  };
}

describe('docs/json-forms.md', () => {
  it('the way back: the signing message read back gives the request (long-form addresses)', () => {
    const { request: back, chainId } = requestFromBytes(fromHex(encodeSubmission(request, { chainId: 4 }).hex));
    expect(chainId).toBe(4);
    expect(encodeSubmission(back, { chainId }).hex).toBe(encodeSubmission(request, { chainId: 4 }).hex);
  });

  it('shows each example as the library produces it', () => {
    // JSON_FORMS_DUMP=file writes the examples out, to paste into the page after a change.
    const dump = process.env.JSON_FORMS_DUMP;
    if (dump) writeFileSync(dump, Object.entries(examples()).map(([name, text]) => `## ${name}\n${text}\n`).join('\n'));
    const page = readFileSync('docs/json-forms.md', 'utf8');
    const missing = Object.entries(examples()).filter(([, text]) => !page.includes(text));
    expect(missing.map(([name, text]) => `${name}:\n${text}`)).toEqual([]);
  });
});
