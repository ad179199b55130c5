// Transfer blocks for the replica bench: `blocks` blocks of `perBlock` user transactions (an
// aptos_account::transfer each, from a pool of senders), each with its write set (the sender's
// Account and both primary stores' ObjectGroup) and a FeeStatement event, its info's transaction_hash
// the real hash. Signatures are zero bytes: the replica checks hashes, not signatures.
import { sha3_256 } from '@noble/hashes/sha3.js';
import { bcs, compareBytes } from '../../dist/bcs/index.js';
import { bcsBlock, stateKey, transaction, transactionOnChainData } from '../../dist/records/index.js';
import { hashPrefix, TRANSACTION_SALT } from '../../dist/hash/index.js';
import { resourceGroupKey, resourceKey } from '../../dist/ledger/index.js';

const PREFIX = hashPrefix(TRANSACTION_SALT);
const fw = (module, name, typeArgs = []) => ({ address: '0x1', module, name, typeArgs });
const addr = (i) => `0x${(i + 0x1000).toString(16).padStart(64, '0')}`;

export function transferBlocks({ blocks, perBlock, senders = 1000, from = 0 }) {
  // Sequence numbers follow from the blocks before `from` (each sender's share of them).
  const seq = Array.from({ length: senders }, (_, s) => BigInt(Math.floor((from * perBlock - s + senders - 1) / senders)));
  const accountKeys = Array.from({ length: senders }, (_, i) => stateKey.schema.decode(resourceKey(addr(i), fw('account', 'Account'))));
  const groupKeys = Array.from({ length: senders }, (_, i) => stateKey.schema.decode(resourceGroupKey(addr(i), fw('object', 'ObjectGroup'))));
  const keyBytes = (k) => stateKey.schema.encode(k);
  const out = [];
  let version = BigInt(from * perBlock);
  const feeTag = { $kind: 'struct', value: fw('transaction_fee', 'FeeStatement') };
  for (let h = from; h < from + blocks; h++) {
    const txs = [];
    for (let i = 0; i < perBlock; i++) {
      const s = (h * perBlock + i) % senders;
      const r = (s * 7 + 13) % senders;
      const txn = {
        $kind: 'UserTransaction',
        value: {
          rawTxn: {
            sender: addr(s),
            sequenceNumber: seq[s]++,
            payload: { $kind: 'EntryFunction', value: { module: { address: '0x1', name: 'aptos_account' }, function: 'transfer', typeArgs: [], args: [bcs.address.encode(addr(r)), bcs.u64.encode(1000n)] } },
            maxGasAmount: 2000n,
            gasUnitPrice: 100n,
            expirationTimestampSecs: 1_700_000_600n,
            chainId: 4,
          },
          authenticator: { $kind: 'Ed25519', value: { publicKey: new Uint8Array(32), signature: new Uint8Array(64) } },
        },
      };
      const hash = sha3_256.create().update(PREFIX).update(transaction.schema.encode(txn)).digest();
      const changes = [
        { key: accountKeys[s], value: { $kind: 'Modification', value: new Uint8Array(32 + 8 + 8 + 40 + 40 + 2).fill(s & 0xff) } },
        { key: groupKeys[s], value: { $kind: 'Modification', value: new Uint8Array(120).fill(1) } },
        { key: groupKeys[r], value: { $kind: 'Modification', value: new Uint8Array(120).fill(2) } },
      ]
        .filter((c, j, all) => all.findIndex((d) => d.key === c.key) === j)
        .sort((a, b) => compareBytes(keyBytes(a.key), keyBytes(b.key)));
      txs.push({
        version: version++,
        transaction: txn,
        info: { $kind: 'V0', value: { gasUsed: 9n, status: { $kind: 'Success' }, transactionHash: hash, eventRootHash: new Uint8Array(32), stateChangeHash: new Uint8Array(32), stateCheckpointHash: null, auxiliaryInfoHash: null } },
        events: [{ $kind: 'V2', value: { typeTag: feeTag, eventData: new Uint8Array(40) } }],
        accumulatorRootHash: new Uint8Array(32),
        changes: { $kind: 'V0', value: changes },
      });
    }
    out.push(bcsBlock.schema.encode({ blockHeight: BigInt(h), blockHash: sha3_256(new Uint8Array([h & 0xff, h >> 8])), blockTimestamp: 1_700_000_000_000_000n + BigInt(h) * 1_000_000n, firstVersion: txs[0].version, lastVersion: txs[txs.length - 1].version, transactions: txs }));
  }
  return out;
}
