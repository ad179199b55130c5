// @mysten/bcs with the minimal schemas a transfer and its signing message need (+ sha3 for the prefix).
import { sha3_256 } from '@noble/hashes/sha3.js';
import { bcs, fromHex, toHex } from '@mysten/bcs';

const Address = bcs.bytes(32).transform({
  input: (s) => fromHex(s.slice(2).padStart(64, '0')),
  output: (b) => '0x' + toHex(b),
});
const RawTransaction = bcs.struct('RawTransaction', {
  sender: Address,
  sequenceNumber: bcs.u64(),
  payload: bcs.enum('TransactionPayload', {
    Script: null,
    ModuleBundle: null,
    EntryFunction: bcs.struct('EntryFunction', {
      module: bcs.struct('ModuleId', { address: Address, name: bcs.string() }),
      function: bcs.string(),
      typeArgs: bcs.vector(bcs.u8()), // always empty here: no type arguments in a transfer
      args: bcs.vector(bcs.byteVector()),
    }),
  }),
  maxGasAmount: bcs.u64(),
  gasUnitPrice: bcs.u64(),
  expirationTimestampSecs: bcs.u64(),
  chainId: bcs.u8(),
});

const body = RawTransaction.serialize({
  sender: '0x1234567890abcdef1234567890abcdef1234567890abcdef1234567890abcdef',
  sequenceNumber: 7n,
  payload: {
    EntryFunction: {
      module: { address: '0x1', name: 'aptos_account' },
      function: 'transfer',
      typeArgs: [],
      args: [Address.serialize('0xb0').toBytes(), bcs.u64().serialize(1000n).toBytes()],
    },
  },
  maxGasAmount: 200000n,
  gasUnitPrice: 100n,
  expirationTimestampSecs: 1700000000n,
  chainId: 4,
}).toBytes();
const prefix = sha3_256(new TextEncoder().encode('APTOS::RawTransaction'));
const msg = new Uint8Array(32 + body.length);
msg.set(prefix);
msg.set(body, 32);
console.log(toHex(msg));
