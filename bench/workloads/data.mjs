// The plain data every implementation starts from. Deterministic (seeded), so every run and every
// implementation sees the same values. Non-special addresses are written in the long form because
// ts-sdk's AccountAddress.from rejects short non-special addresses.

/** mulberry32: a tiny seeded PRNG; returns u32 values. */
export function prng(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return (t ^ (t >>> 14)) >>> 0;
  };
}

const long = (hex) => '0x' + hex.padStart(64, '0');

export const SENDER = '0x1234567890abcdef1234567890abcdef1234567890abcdef1234567890abcdef';

export const APTOS_COIN = {
  $kind: 'struct',
  value: { address: '0x1', module: 'aptos_coin', name: 'AptosCoin', typeArgs: [] },
};

/** fixtures/transactions/raw-transactions.json V2: `0x1::aptos_account::transfer(0xb0, 1000)`. */
export const TRANSFER = {
  sender: SENDER,
  sequenceNumber: 7n,
  payload: {
    module: { address: '0x1', name: 'aptos_account' },
    function: 'transfer',
    typeArgs: [],
    /** (address, u64) */
    args: [long('b0'), 1000n],
  },
  maxGasAmount: 200000n,
  gasUnitPrice: 100n,
  expirationTimestampSecs: 1700000000n,
  chainId: 4,
};

/** V2's bcs(RawTransaction) and signing message, verbatim from fixtures/transactions/raw-transactions.json. */
export const TRANSFER_RAW_HEX =
  '1234567890abcdef1234567890abcdef1234567890abcdef1234567890abcdef07000000000000000200000000000000000000000000000000000000000000000000000000000000010d6170746f735f6163636f756e74087472616e7366657200022000000000000000000000000000000000000000000000000000000000000000b008e803000000000000400d030000000000640000000000000000f153650000000004';
export const RAW_TRANSACTION_PREFIX_HEX = 'b5e97db07fa0bd0e5598aa3643a9bc6f6693bddc1a9fec9e674a461eaa00b193';
export const TRANSFER_SIGNING_MESSAGE_HEX = RAW_TRANSACTION_PREFIX_HEX + TRANSFER_RAW_HEX;

function heavyData() {
  const rnd = prng(0x4ea7);
  const amounts = Array.from({ length: 1000 }, () => (BigInt(rnd()) << 16n) | BigInt(rnd() & 0xffff));
  const recipients = Array.from({ length: 100 }, () => {
    let h = '';
    for (let i = 0; i < 8; i++) h += rnd().toString(16).padStart(8, '0');
    return '0x' + h;
  });
  return { amounts, recipients };
}
const heavy = heavyData();

/**
 * The heavy call: `0x1::batch::pay<0x1::aptos_coin::AptosCoin>(&signer, vector<u64>, vector<address>,
 * String)`, coin::transfer<AptosCoin>-style, with 1,000 amounts, 100 recipients and a memo.
 */
export const HEAVY = {
  sender: SENDER,
  sequenceNumber: 42n,
  payload: {
    module: { address: '0x1', name: 'batch' },
    function: 'pay',
    typeArgs: [APTOS_COIN],
    /** (vector<u64>, vector<address>, String) */
    args: [heavy.amounts, heavy.recipients, 'Payroll batch #42 – March run (1,000 payments to 100 recipients)'],
  },
  maxGasAmount: 2000000n,
  gasUnitPrice: 100n,
  expirationTimestampSecs: 1700000000n,
  chainId: 4,
};

export const TYPE_TAG_STRINGS = {
  coinstore: '0x1::coin::CoinStore<0x1::aptos_coin::AptosCoin>',
  nested3:
    '0x1::dex::Pool<0x1::coin::CoinStore<0x1::aptos_coin::AptosCoin>, vector<0x1::option::Option<u64>>, ' +
    '0x000000000000000000000000000000000000000000000000000000000000cafe::lp::LP<address, u128, vector<u8>>>',
};

function primitiveData() {
  const rnd = prng(0xbc5);
  // ULEB128 values spread over all five encoded lengths (a random u32 shifted right by 0..31 bits).
  const uleb = Array.from({ length: 1e5 }, () => rnd() >>> (rnd() & 31));
  // The other extreme: uniform u32 values, almost all five bytes long (predictable lengths).
  const ulebU32 = Array.from({ length: 1e5 }, () => rnd());
  const u64Full = Array.from({ length: 1e5 }, () => (BigInt(rnd()) << 32n) | BigInt(rnd()));
  const u64Small = Array.from({ length: 1e5 }, () => BigInt(rnd()));
  const u256 = Array.from({ length: 1e4 }, () => {
    let v = 0n;
    for (let i = 0; i < 8; i++) v = (v << 32n) | BigInt(rnd());
    return v;
  });
  return { uleb, ulebU32, u64Full, u64Small, u256 };
}
export const PRIMITIVES = primitiveData();
