import { describe, expect, it } from 'vitest';
import { isBcsError, u64 } from '../../src/bcs/index.js';
import { parseBlockJson, transactionInfo, type TransactionData } from '../../src/records/index.js';
import { abiRegistry } from '../../src/submission/index.js';
import { arg, signedTransaction } from '../../src/transactions/index.js';
import { bcs } from '../../src/bcs/index.js';
import { hashes } from '../../src/node-json/hashes.js';
import { nodeJsonText, parseNodeBlockJson, parseSignatureJson, parseTransactionJson, transactionJson } from '../../src/node-json/index.js';

// Malformed node JSON is a typed error (BcsError) with the path of the field, never a crash, a hang
// or a silently different transaction.

const abis = abiRegistry();
const h = hashes();
const signed = signedTransaction.decode(
  signedTransaction.encode({
    rawTxn: {
      sender: '0xa11ce',
      sequenceNumber: 7n,
      payload: { $kind: 'EntryFunction', value: { module: { address: '0x1', name: 'aptos_account' }, function: 'transfer', typeArgs: [], args: [arg(bcs.address, '0xb0b'), arg(u64, 1000n)] } },
      maxGasAmount: 2000n,
      gasUnitPrice: 100n,
      expirationTimestampSecs: 1700000000n,
      chainId: 4,
    },
    authenticator: { $kind: 'Ed25519', value: { publicKey: new Uint8Array(32).fill(1), signature: new Uint8Array(64).fill(2) } },
  }),
);
const tx = { $kind: 'UserTransaction', value: signed } as const;
const data = {
  $kind: 'OnChain',
  value: {
    version: 5n,
    transaction: tx,
    info: transactionInfo.schema.decode(
      transactionInfo.schema.encode({
        $kind: 'V0',
        value: { gasUsed: 9n, status: { $kind: 'Success' }, transactionHash: h.transaction(tx as never), eventRootHash: h.eventRoot([]), stateChangeHash: new Uint8Array(32), stateCheckpointHash: null, auxiliaryInfoHash: null },
      }),
    ),
    events: [],
    accumulatorRootHash: new Uint8Array(32),
    changes: { $kind: 'V0', value: [] },
  },
} as unknown as TransactionData;
const good = transactionJson(data, { abis, timestamp: 99n }) as Record<string, unknown>;
const read = (j: unknown) => parseTransactionJson(j, { abis, chainId: 4 });

function failsAt(j: unknown, path: string, code?: string): void {
  let err: unknown;
  try {
    read(j);
  } catch (e) {
    err = e;
  }
  expect(isBcsError(err), `${path}: ${String(err)}`).toBe(true);
  if (!isBcsError(err)) return;
  expect(err.path).toBe(path);
  if (code) expect(err.code).toBe(code);
}

const edit = (f: (o: Record<string, any>) => void) => {
  const o = structuredClone(good) as Record<string, any>;
  f(o);
  return o;
};

describe('malformed node transaction JSON', () => {
  it('the valid JSON reads, with the arguments rendered by the ABI', () => {
    expect(read(good).data.$kind).toBe('OnChain');
    expect((good.payload as { arguments: unknown[] }).arguments).toEqual(['0xb0b', '1000']);
  });

  it('every missing field is named', () => {
    for (const k of Object.keys(good)) {
      if (k === 'replay_protection_nonce') continue; // older nodes leave it out
      failsAt(edit((o) => delete o[k]), k, 'missing_field');
    }
  });

  it('wrong types name the field', () => {
    failsAt(edit((o) => (o.version = 5)), 'version', 'invalid_json');
    failsAt(edit((o) => (o.success = 'true')), 'success', 'invalid_json');
    failsAt(edit((o) => (o.changes = {})), 'changes', 'invalid_json');
    failsAt(edit((o) => (o.payload.arguments = 'x')), 'payload.arguments', 'invalid_json');
    failsAt(edit((o) => (o.signature = [])), 'signature', 'invalid_json');
    failsAt(edit((o) => (o.events = [5])), 'events[0]', 'invalid_json');
  });

  it('bad hex and addresses name the field', () => {
    failsAt(edit((o) => (o.hash = '0xzz')), 'hash', 'invalid_hex');
    failsAt(edit((o) => (o.hash = '0x1234')), 'hash', 'invalid_length');
    failsAt(edit((o) => (o.signature.public_key = 'abcd')), 'signature.public_key', 'invalid_json');
    failsAt(edit((o) => (o.sender = '0xnothex')), 'sender');
  });

  it('huge numbers are refused, not rounded', () => {
    failsAt(edit((o) => (o.gas_used = '18446744073709551616')), 'gas_used', 'out_of_range');
    failsAt(edit((o) => (o.sequence_number = '-1')), 'sequence_number', 'invalid_json');
    failsAt(edit((o) => (o.signature = { ...o.signature, type: 'multi_ed25519_signature', public_keys: [], signatures: [], bitmap: '0x00000000', threshold: 1e300 })), 'signature.threshold', 'out_of_range');
    const epilogue = { ...good, type: 'block_epilogue_transaction', block_end_info: { block_gas_limit_reached: false, block_output_limit_reached: false, block_effective_block_gas_units: 2 ** 60, block_approx_output_size: 1 } };
    expect(() => parseTransactionJson(epilogue, { abis, verifyHash: false })).toThrow(/too large to read exactly/);
  });

  it('deep nesting is an error, not a stack overflow', () => {
    let deep: unknown = '0x1';
    for (let i = 0; i < 100_000; i++) deep = [deep];
    failsAt(edit((o) => (o.payload.arguments = [deep, '1'])), 'payload.arguments[0]');
    const text = nodeJsonText(good).replace('"arguments":[', `"arguments":[${'['.repeat(200_000)}`);
    expect(() => parseTransactionJson(text, { abis })).toThrow(expect.objectContaining({ code: 'invalid_json' }));
  });

  it('unknown `type`s are invalid_variant errors at their path', () => {
    failsAt(edit((o) => (o.type = 'future_transaction')), 'type', 'invalid_variant');
    failsAt(edit((o) => (o.payload.type = 'module_bundle_payload')), 'payload.type', 'invalid_variant');
    failsAt(edit((o) => (o.signature.type = 'quantum_signature')), 'signature.type', 'invalid_variant');
    expect(() => parseSignatureJson({ type: 'multi_agent_signature', sender: { type: 'nope' }, secondary_signer_addresses: [], secondary_signers: [] })).toThrow(
      expect.objectContaining({ path: 'sender.type', code: 'invalid_variant' }),
    );
  });

  it('a changed field no longer matches the hash', () => {
    failsAt(edit((o) => (o.sequence_number = '8')), 'hash', 'invalid_json');
    failsAt(edit((o) => (o.payload.arguments[1] = '1001')), 'hash', 'invalid_json');
    failsAt(edit((o) => (o.signature.signature = `0x${'03'.repeat(64)}`)), 'hash', 'invalid_json');
    // With the check off the same JSON reads (a golden whose hashes were blanked).
    expect(parseTransactionJson(edit((o) => (o.sequence_number = '8')), { abis, chainId: 4, verifyHash: false }).data.$kind).toBe('OnChain');
  });

  it('a changed event no longer matches event_root_hash (the transaction hash does not cover events)', () => {
    const events = [
      { $kind: 'V2', value: { typeTag: { $kind: 'vector', value: { $kind: 'u64' } }, eventData: new Uint8Array([2, 4, 0, 0, 0, 0, 0, 0, 0, 6, 0, 0, 0, 0, 0, 0, 0]) } },
      { $kind: 'V1', value: { key: { creationNumber: 2n, accountAddress: '0xa11ce' }, sequenceNumber: 3n, typeTag: { $kind: 'u64' }, eventData: u64.encode(5n) } },
      { $kind: 'V2', value: { typeTag: { $kind: 'bool' }, eventData: new Uint8Array([1]) } },
    ];
    const v = (data as unknown as { value: { info: { value: object } } }).value;
    const withEvents = { $kind: 'OnChain', value: { ...v, events, info: { $kind: 'V0', value: { ...v.info.value, eventRootHash: h.eventRoot(events as never) } } } } as unknown as TransactionData;
    const text = nodeJsonText(transactionJson(withEvents, { abis, timestamp: 99n }));
    const tampered = (f: (o: any) => void) => { const o = JSON.parse(text); f(o); return o; };
    // Reads with the check on: the events rebuilt from the JSON hash to the root the record carries.
    expect((read(JSON.parse(text)).data.value as { events: unknown[] }).events).toHaveLength(3);
    failsAt(tampered((o) => (o.events[0].data[1] = '5')), 'event_root_hash', 'invalid_json');
    failsAt(tampered((o) => (o.events[1].sequence_number = '4')), 'event_root_hash', 'invalid_json');
    failsAt(tampered((o) => (o.events[2].data = false)), 'event_root_hash', 'invalid_json');
    failsAt(tampered((o) => o.events.pop()), 'event_root_hash', 'invalid_json');
    failsAt(tampered((o) => o.events.reverse()), 'event_root_hash', 'invalid_json');
    expect(h.eventRoot([])).toEqual(new TextEncoder().encode('ACCUMULATOR_PLACEHOLDER_HASH'.padEnd(32, '\0')));
  });

  it('the status text must agree with success', () => {
    failsAt(edit((o) => (o.success = false)), 'vm_status', 'invalid_json');
    failsAt(edit((o) => (o.vm_status = 'Something else')), 'vm_status', 'invalid_json');
  });

  it('malformed text is an invalid_json error', () => {
    for (const t of ['', '{', '{"a":}', 'nul', '[1,]']) expect(() => parseTransactionJson(t)).toThrow(expect.objectContaining({ code: 'invalid_json' }));
    expect(() => parseNodeBlockJson('{"block_height":"1"}')).toThrow(expect.objectContaining({ code: 'missing_field', path: 'block_hash' }));
    // The header is read by records' one reader: its errors are parseBlockJson's, word for word.
    const header = { block_height: '1', block_hash: '0x' + '40'.repeat(32), block_timestamp: '2', first_version: '3', last_version: '3', transactions: null };
    const read = (f: () => unknown) => {
      try {
        f();
      } catch (e) {
        return (e as Error).message;
      }
    };
    for (const bad of [{ block_hash: '0x40' }, { block_hash: '' }, { last_version: 3 }, { first_version: '-1' }]) {
      const json = { ...header, ...bad };
      expect(read(() => parseNodeBlockJson(json))).toBe(read(() => parseBlockJson(json)));
      expect(read(() => parseBlockJson(json))).toMatch(/\(at (block_hash|last_version|first_version)\)$/);
    }
  });
});
