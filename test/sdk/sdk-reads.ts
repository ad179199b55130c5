import { Aptos, AptosConfig, Network } from '@aptos-labs/ts-sdk';
import { expect, it } from 'vitest';
import { normalizeAddress, toHex } from '../../src/bcs/index.js';
import { resourceKey, type MemoryLedger } from '../../src/ledger/index.js';
import { moduleBytecodeJson } from '../../src/node-json/index.js';
import { accountResource, transactionOnChainData } from '../../src/records/index.js';
import { encodeSubmission } from '../../src/submission/index.js';
import { FIXTURE } from '../ledger/fixture.js';
import { estimateByHand } from '../http/gas-estimate-by-hand.js';

// What stock @aptos-labs/ts-sdk 7.3 reads from a server of ours, each value checked against the
// ledger it serves (decoded from its records, not taken from another answer). One server per vitest
// file: the SDK's caches (ledger info, gas estimate, module ABIs) are process-wide.

export function aptosFor(url: string): Aptos {
  return new Aptos(new AptosConfig({ network: Network.CUSTOM, fullnode: `${url}/v1` }));
}

const ACCOUNT = { address: '0x1', module: 'account', name: 'Account', typeArgs: [] };
const hashOf = (l: MemoryLedger, v: bigint) => toHex(transactionOnChainData.schema.decode(l.transactions(v, 1)[0]!.bytes).info.value.transactionHash);

/** The SDK's read methods against the server at `url()`, whose ledger is `ledger()`. */
export function sdkReadSuite(url: () => string, ledger: () => MemoryLedger): void {
  const aptos = () => aptosFor(url());
  const faucet = FIXTURE.accounts.faucet;
  const user = FIXTURE.accounts.users[0]!;

  it('getLedgerInfo and getChainId', async () => {
    const i = ledger().ledgerInfo();
    const got = await aptos().getLedgerInfo();
    // Every U64 as its decimal string, in the node's field order; the role a full node's.
    const u64s = ['epoch', 'ledger_version', 'oldest_ledger_version', 'ledger_timestamp', 'oldest_block_height', 'block_height'] as const;
    const want = [i.epoch, i.ledgerVersion, i.oldestLedgerVersion, i.ledgerTimestampUsec, i.oldestBlockHeight, i.blockHeight];
    expect(Object.keys(got)).toEqual(['chain_id', ...u64s.slice(0, 4), 'node_role', ...u64s.slice(4)]);
    expect(u64s.map((k) => got[k])).toEqual(want.map(String));
    expect([got.chain_id, got.node_role]).toEqual([i.chainId, 'full_node']);
    expect(await aptos().getChainId()).toBe(4);
  });

  it('getTransactionByVersion, getTransactionByHash, getTransactions (the default page ends at the head)', async () => {
    const l = ledger();
    const head = l.ledgerInfo().ledgerVersion;
    for (const v of [0n, 5n, head]) {
      const byVersion = await aptos().getTransactionByVersion({ ledgerVersion: v });
      expect(byVersion.hash).toBe(hashOf(l, v));
      const byHash = await aptos().getTransactionByHash({ transactionHash: hashOf(l, v) });
      expect((byHash as { version: string }).version).toBe(String(v));
    }
    const page = (await aptos().getTransactions({ options: { offset: 10, limit: 5 } })) as { version: string }[];
    expect(page.map((t) => t.version)).toEqual(['10', '11', '12', '13', '14']);
    const last = (await aptos().getTransactions()) as { version: string }[];
    expect(last).toHaveLength(25);
    expect(last.at(-1)!.version).toBe(String(head));
  });

  it('isPendingTransaction and waitForTransaction for a committed transaction', async () => {
    const l = ledger();
    const hash = hashOf(l, 5n);
    expect(await aptos().isPendingTransaction({ transactionHash: hash })).toBe(false);
    const done = await aptos().waitForTransaction({ transactionHash: hash, options: { timeoutSecs: 5 } });
    expect(done).toMatchObject({ version: '5', hash, success: true });
    expect(await aptos().isPendingTransaction({ transactionHash: `0x${'ab'.repeat(32)}` })).toBe(true);
  });

  it('getAccountInfo, getAccountResource, getAccountResources and their pages', async () => {
    const l = ledger();
    const head = l.ledgerInfo().ledgerVersion;
    const stored = accountResource.schema.decode(l.stateValue(resourceKey(user, ACCOUNT), head)!);
    const info = await aptos().getAccountInfo({ accountAddress: user });
    expect(info).toEqual({ sequence_number: String(stored.sequenceNumber), authentication_key: toHex(stored.authenticationKey) });
    const r = await aptos().getAccountResource<{ sequence_number: string }>({ accountAddress: user, resourceType: '0x1::account::Account' });
    expect(r.sequence_number).toBe(String(stored.sequenceNumber));
    // 0x1's resources: one per resource key (no groups at 0x1 in the example ledger).
    const keys = l.accountState(normalizeAddress('0x1'), { kind: 'resource', limit: 10_000, version: head }).entries;
    const all = await aptos().getAccountResources({ accountAddress: '0x1' });
    expect(all).toHaveLength(keys.length);
    expect(all.map((x) => x.type)).toContain('0x1::chain_id::ChainId');
    const first = await aptos().getAccountResourcesPage({ accountAddress: '0x1', options: { limit: 2 } });
    expect(first.resources.map((x) => x.type)).toEqual(all.slice(0, 2).map((x) => x.type));
    expect(first.cursor).toMatch(/^[0-9a-f]+$/);
    const second = await aptos().getAccountResourcesPage({ accountAddress: '0x1', options: { cursor: first.cursor, limit: 2 } });
    expect(second.resources.map((x) => x.type)).toEqual(all.slice(2, 4).map((x) => x.type));
  });

  it('getAccountModules and getAccountModule: the bytecode stored and its ABI', async () => {
    const l = ledger();
    const head = l.ledgerInfo().ledgerVersion;
    const entries = l.accountState(normalizeAddress('0x1'), { kind: 'code', limit: 100, version: head }).entries;
    const modules = await aptos().getAccountModules({ accountAddress: '0x1' });
    expect(modules.map((m) => m.bytecode)).toEqual(entries.map((e) => toHex(e.value)));
    const m = await aptos().getAccountModule({ accountAddress: '0x1', moduleName: 'aptos_account' });
    expect(m).toEqual(JSON.parse(JSON.stringify(moduleBytecodeJson(entries.find((e) => m.bytecode === toHex(e.value))!.value))));
    expect(m.abi!.exposed_functions.map((f) => f.name)).toContain('transfer');
  });

  it("getAccountTransactions: the account's latest, by sequence number", async () => {
    const l = ledger();
    const head = l.ledgerInfo().ledgerVersion;
    const want = l.accountTransactions(normalizeAddress(faucet), 0n, 1000, head).map((t) => String(t.version));
    const got = (await aptos().getAccountTransactions({ accountAddress: faucet, options: { offset: 0, limit: 100 } })) as { version: string }[];
    expect(got.map((t) => t.version)).toEqual(want.slice(0, 100));
    const latest = (await aptos().getAccountTransactions({ accountAddress: faucet })) as { version: string }[];
    expect(latest.map((t) => t.version)).toEqual(want.slice(-25));
  });

  it('getBalance, getBlockByHeight, getBlockByVersion', async () => {
    const l = ledger();
    expect(await aptos().getBalance({ accountAddress: user, asset: '0x1::aptos_coin::AptosCoin' })).toBeGreaterThan(0);
    const b = l.blockByHeight(2n)!;
    const byHeight = await aptos().getBlockByHeight({ blockHeight: 2, options: { withTransactions: true } });
    expect(byHeight).toMatchObject({ block_height: '2', first_version: String(b.firstVersion), last_version: String(b.lastVersion) });
    expect(byHeight.transactions!.map((t) => (t as { version: string }).version)).toEqual(['4', '5', '6'].slice(0, Number(b.lastVersion - b.firstVersion) + 1));
    const byVersion = await aptos().getBlockByVersion({ ledgerVersion: Number(b.firstVersion) + 1 });
    expect(byVersion.block_height).toBe('2');
  });

  it("getGasPriceEstimation: the node estimate over the last epoch's full blocks, above the minimum", async () => {
    const got = await aptos().getGasPriceEstimation();
    expect(got).toEqual(estimateByHand(ledger(), 250).estimate);
    expect(got).toEqual({ deprioritized_gas_estimate: 150, gas_estimate: 300, prioritized_gas_estimate: 500 });
  });

  it('getTableItem: a typed key and value', async () => {
    const note = await aptos().getTableItem<string>({ handle: FIXTURE_NOTES, data: { key_type: 'u64', value_type: '0x1::string::String', key: '2' } });
    expect(note).toBe('second note');
  });

  it('transaction.build.simple on a custom network: the signing message encode_submission gives', async () => {
    const tx = await aptos().transaction.build.simple({
      sender: user,
      data: { function: '0x1::aptos_account::transfer', functionArguments: [B0, 1000] },
      options: { accountSequenceNumber: 7, gasUnitPrice: 100, maxGasAmount: 200000, expireTimestamp: 1700000000 },
    });
    const message = toHex(aptos().getSigningMessage({ transaction: tx }));
    const { hex } = encodeSubmission(
      { sender: user, sequence_number: '7', max_gas_amount: '200000', gas_unit_price: '100', expiration_timestamp_secs: '1700000000', payload: { type: 'entry_function_payload', function: '0x1::aptos_account::transfer', type_arguments: [], arguments: ['0xb0', '1000'] } },
      { chainId: 4 },
    );
    expect(message).toBe(hex);
    // Every field from the node: the sequence number from the account, the price from the estimate, the ABI from the module.
    const fetched = await aptos().transaction.build.simple({ sender: user, data: { function: '0x1::aptos_account::transfer', functionArguments: [B0, 1000] } });
    const seq = (await aptos().getAccountInfo({ accountAddress: user })).sequence_number;
    expect(fetched.rawTransaction.sequence_number).toBe(BigInt(seq));
    expect(fetched.rawTransaction.gas_unit_price).toBe(BigInt(estimateByHand(ledger(), 250).estimate.gas_estimate));
    expect(fetched.rawTransaction.gas_unit_price).toBe(300n);
    expect(fetched.rawTransaction.chain_id.chainId).toBe(4);
  });
}

/** ts-sdk takes an address argument in its long form only (AIP-40). */
const B0 = `0x${'b0'.padStart(64, '0')}`;
const FIXTURE_NOTES = (FIXTURE as unknown as { notesTable: string }).notesTable;
