// The example ledger: a genesis with the on-chain configs the handler reads (chain id, feature flags,
// the AptosCoin ↔ 0xa fungible-asset pairing, epoch, timestamp), then blocks of block metadata, user
// transactions and a state checkpoint or block epilogue. Deterministic: keys derive from names, the
// schedule from a fixed seed. State changes follow what the framework writes for each transaction
// (sequence numbers, coin and fungible-asset balances, their events, gas fees); they are not executed.
// With `fullBlocks`, a tail follows the `blocks`: a block that starts a new epoch, `fullBlocks` full
// blocks (at least `full_block_txns` = 250 user transactions each, at varied gas unit prices), then a
// small head block, so that GET /estimate_gas_price (api/src/context.rs `estimate_gas_price`: the
// current epoch's blocks, the head's skipped) reads only full blocks and answers above the minimum.
import { addressBytes, bcs } from '../../dist/bcs/index.js';
import { multiAgentSigningMessage, feePayerSigningMessage, signingMessage } from '../../dist/transactions/index.js';
import { blockEnd, blockPrologue, createChain, ed25519, keyFor } from './chain.mjs';
import * as R from './resources.mjs';
import { exampleModule, frameworkModules } from './modules.mjs';

const { u8, u64, address } = bcs;
const U64_MAX = 0xffffffffffffffffn;
const GAS_PRICE = 100n;
const GENESIS_TIME = 1_700_000_000_000_000n;
/** types/src/on_chain_config/aptos_features.rs `FeatureFlag` numbers. */
export const FEATURES = { NEW_ACCOUNTS_DEFAULT_TO_FA_STORE: 90, DEFAULT_ACCOUNT_RESOURCE: 91, TRANSACTION_PAYLOAD_V2: 93, ORDERLESS_TRANSACTIONS: 94 };

export function makeExampleLedger({ blocks: blockCount = 300, chainId = 4, defaultAccountResource = true, seed = 20, transfersPerBlock = 0, fullBlocks = 0 } = {}) {
  const chain = createChain();
  const faucet = keyFor('faucet');
  const legacy = keyFor('legacy coin holder');
  const issuer = keyFor('fungible asset issuer');
  const users = Array.from({ length: 10 }, (_, i) => keyFor(`user ${i}`));
  const proposer = keyFor('validator').address;
  const EXA = R.objectAddress(issuer.address, 'EXAMPLE');
  const accounts = new Map(); // address -> { key, seq: bigint | null (no Account resource) }
  const coins = new Map(); // address -> { value, deposits, withdraws }
  const stores = new Map(); // `${owner} ${metadata}` -> balance
  let epoch = 1n;
  let now = GENESIS_TIME;
  let rng = seed >>> 0 || 1;
  const random = (n) => {
    rng ^= rng << 13; rng >>>= 0; rng ^= rng >>> 17; rng ^= rng << 5; rng >>>= 0;
    return rng % n;
  };

  const writeAccount = (a) => [R.keys.account(a), R.accountBytes(a, accounts.get(a).seq, a, accounts.get(a).guid ?? 2n)];
  const writeStore = (owner, meta) => {
    const store = R.primaryStoreAddress(owner, meta);
    return [R.keys.objectGroup(store), R.primaryStoreBytes(store, owner, meta, stores.get(`${owner} ${meta}`))];
  };
  const writeCoin = (a) => {
    const c = coins.get(a);
    return [R.keys.coinStore(a), R.coinStore.encode({ coin: c.value, frozen: false, depositEvents: { counter: c.deposits, guid: { creationNum: 2n, addr: a } }, withdrawEvents: { counter: c.withdraws, guid: { creationNum: 3n, addr: a } } })];
  };
  const v2 = (type, schema, data) => ({ $kind: 'V2', value: { typeTag: R.tag(type), eventData: schema.encode(data) } });
  const v1 = (creationNumber, accountAddress, sequenceNumber, type, schema, data) =>
    ({ $kind: 'V1', value: { key: { creationNumber, accountAddress }, sequenceNumber, typeTag: R.tag(type), eventData: schema.encode(data) } });

  // ---- genesis (version 0, block 0)
  const flags = [1, 2, 3, FEATURES.NEW_ACCOUNTS_DEFAULT_TO_FA_STORE, FEATURES.TRANSACTION_PAYLOAD_V2, FEATURES.ORDERLESS_TRANSACTIONS];
  if (defaultAccountResource) flags.push(FEATURES.DEFAULT_ACCOUNT_RESOURCE);
  const tableHandle = R.objectAddress('0x1', 'coin conversion map');
  const notesTable = R.objectAddress(issuer.address, 'notes table');
  const aptTypeInfo = R.typeInfo.encode({ accountAddress: '0x1', moduleName: new TextEncoder().encode('aptos_coin'), structName: new TextEncoder().encode('AptosCoin') });
  for (const k of [faucet, legacy, issuer]) accounts.set(k.address, { key: k, seq: 0n });
  accounts.get(legacy.address).guid = 4n;
  coins.set(legacy.address, { value: 5_000_000_000n, deposits: 1n, withdraws: 0n });
  stores.set(`${faucet.address} ${R.APT_METADATA}`, 100_000_000_000_000_000n);
  stores.set(`${issuer.address} ${R.APT_METADATA}`, 10_000_000_000n);
  stores.set(`${issuer.address} ${EXA}`, 1_000_000_000_000n);
  const genesisWrites = [
    [R.keys.chainId(), u8.encode(chainId)],
    [R.keys.features(), R.featureBytes(flags)],
    [R.keys.configuration(), R.configuration.encode({ epoch, lastReconfigurationTime: 0n, events: { counter: 1n, guid: { creationNum: 2n, addr: '0x1' } } })],
    [R.keys.timestamp(), u64.encode(0n)],
    [R.keys.block(), R.blockResource.encode({ height: 0n, epochInterval: 7_200_000_000n, newBlockEvents: { counter: 1n, guid: { creationNum: 3n, addr: '0x1' } }, updateEpochIntervalEvents: { counter: 0n, guid: { creationNum: 4n, addr: '0x1' } } })],
    [R.keys.coinConversionMap(), address.encode(tableHandle)],
    [tableItemKey(tableHandle, aptTypeInfo), address.encode(R.APT_METADATA)],
    [R.keys.objectGroup(R.APT_METADATA), R.metadataObjectBytes(R.APT_METADATA, '0x1', { name: 'Aptos Coin', symbol: 'APT', decimals: 8, iconUri: '', projectUri: '' })],
    [R.keys.objectGroup(EXA), R.metadataObjectBytes(EXA, issuer.address, { name: 'Example Asset', symbol: 'EXA', decimals: 6, iconUri: '', projectUri: '' })],
    writeAccount(faucet.address), writeAccount(legacy.address), writeAccount(issuer.address), writeCoin(legacy.address),
    writeStore(faucet.address, R.APT_METADATA), writeStore(issuer.address, R.APT_METADATA), writeStore(issuer.address, EXA),
    // Published modules (their bytecode; the node derives each ABI from it) and a table of notes
    // (u64 → 0x1::string::String) under a handle of the issuer's.
    ...frameworkModules().map(([name, m]) => [R.keys.module('0x1', name), m]),
    [R.keys.module(issuer.address, 'notes'), exampleModule(issuer.address)],
    ...EXAMPLE_NOTES.map((text, i) => [tableItemKey(notesTable, u64.encode(BigInt(i + 1))), bcs.string.encode(text)]),
  ];
  const genesisEvents = [
    v1(2n, '0x1', 0n, '0x1::reconfiguration::NewEpochEvent', R.amountEvent, { amount: epoch }),
    v1(3n, '0x1', 0n, '0x1::block::NewBlockEvent', R.newBlockEvent, { hash: '0x0', epoch: 0n, round: 0n, height: 0n, previousBlockVotesBitvec: new Uint8Array(0), proposer: '0x0', failedProposerIndices: [], timeMicroseconds: 0n }),
  ];
  const writeSet = { $kind: 'V0', value: genesisWrites.map(([k, v]) => ({ key: R.decodeStateKey(k), value: { $kind: 'Creation', value: v } })) };
  chain.commit({ $kind: 'GenesisTransaction', value: { $kind: 'Direct', value: { writeSet, events: genesisEvents } } }, { writes: genesisWrites, events: genesisEvents, checkpoint: true });
  chain.closeBlock(0, new Uint8Array(32), 0n);

  // ---- user transactions
  const payer = (a) => (stores.has(`${a} ${R.APT_METADATA}`) ? 'fa' : 'coin');
  function chargeFee(a, fee, writes) {
    if (payer(a) === 'fa') {
      stores.set(`${a} ${R.APT_METADATA}`, stores.get(`${a} ${R.APT_METADATA}`) - fee);
      writes.push(writeStore(a, R.APT_METADATA));
    } else {
      coins.get(a).value -= fee;
      writes.push(writeCoin(a));
    }
  }
  function moveFa(from, to, meta, amount, writes, events) {
    const fromKey = `${from} ${meta}`;
    stores.set(fromKey, stores.get(fromKey) - amount);
    stores.set(`${to} ${meta}`, (stores.get(`${to} ${meta}`) ?? 0n) + amount);
    writes.push(writeStore(from, meta), writeStore(to, meta));
    events.push(v2('0x1::fungible_asset::Withdraw', R.storeAmountEvent, { store: R.primaryStoreAddress(from, meta), amount }));
    events.push(v2('0x1::fungible_asset::Deposit', R.storeAmountEvent, { store: R.primaryStoreAddress(to, meta), amount }));
    if (!defaultAccountResource && !accounts.has(to)) {
      accounts.set(to, { seq: 0n });
      writes.push(writeAccount(to));
    }
  }
  const entry = (module, fn, typeArgs, args) => ({ $kind: 'EntryFunction', value: { module: { address: '0x1', name: module }, function: fn, typeArgs, args } });
  const aptTransfer = (to, amount) => entry('aptos_account', 'transfer', [], [address.encode(to), u64.encode(amount)]);
  const faTransfer = (to, amount) => entry('primary_fungible_store', 'transfer', [R.tag('0x1::fungible_asset::Metadata')], [address.encode(EXA), address.encode(to), u64.encode(amount)]);
  const coinTransfer = (to, amount) => entry('coin', 'transfer', [R.tag('0x1::aptos_coin::AptosCoin')], [address.encode(to), u64.encode(amount)]);

  /** One user transaction: `effects(writes, events)` applies its Move effects and returns its status. */
  function user(sender, payload, effects, { nonce, secondary, feePayer, gasUsed = 9n, gasUnitPrice = GAS_PRICE } = {}) {
    const acct = accounts.get(sender.address) ?? { seq: null };
    const orderless = nonce !== undefined;
    const raw = {
      sender: sender.address,
      sequenceNumber: orderless ? U64_MAX : (acct.seq ?? 0n),
      payload: orderless
        ? { $kind: 'Payload', value: { $kind: 'V1', value: { executable: payload, extraConfig: { $kind: 'V1', value: { multisigAddress: null, replayProtectionNonce: nonce } } } } }
        : payload,
      maxGasAmount: 2_000n,
      gasUnitPrice,
      expirationTimestampSecs: now / 1_000_000n + 600n,
      chainId,
    };
    let authenticator;
    if (secondary) {
      const msg = multiAgentSigningMessage(raw, [secondary.address]);
      authenticator = { $kind: 'MultiAgent', value: { sender: ed25519(sender, msg), secondarySignerAddresses: [secondary.address], secondarySigners: [ed25519(secondary, msg)] } };
    } else if (feePayer) {
      const msg = feePayerSigningMessage(raw, [], feePayer.address);
      authenticator = { $kind: 'FeePayer', value: { sender: ed25519(sender, msg), secondarySignerAddresses: [], secondarySigners: [], feePayerAddress: feePayer.address, feePayerSigner: ed25519(feePayer, msg) } };
    } else {
      const s = ed25519(sender, signingMessage(raw));
      authenticator = { $kind: 'Ed25519', value: s.value };
    }
    const writes = [];
    const events = [];
    const status = effects(writes, events) ?? { $kind: 'Success' };
    chargeFee((feePayer ?? sender).address, gasUsed * gasUnitPrice, writes);
    if (!orderless) {
      if (!accounts.has(sender.address) || accounts.get(sender.address).seq === null) accounts.set(sender.address, { ...acct, seq: 0n });
      accounts.get(sender.address).seq += 1n;
      writes.push(writeAccount(sender.address));
    }
    events.push(v2('0x1::transaction_fee::FeeStatement', R.feeStatement, { totalChargeGasUnits: gasUsed, executionGasUnits: gasUsed - 4n, ioGasUnits: 4n, storageFeeOctas: 0n, storageFeeRefundOctas: 0n }));
    chain.commit({ $kind: 'UserTransaction', value: { rawTxn: raw, authenticator } }, { writes, events, gasUsed, status });
  }

  const pick = () => users[random(users.length)];
  const funded = (k) => stores.has(`${k.address} ${R.APT_METADATA}`);

  /**
   * A full block's user transactions: 250 to 265 transfers from the users (APT, EXA while they hold
   * some, a few orderless), at gas unit prices from `floor` to 200 octas. Returns their gas units.
   */
  function fullBlock(h, floor) {
    const n = 250 + random(16);
    let gas = 0n;
    for (let i = 0; i < n; i++) {
      const from = users[i % users.length];
      const to = random(8) === 0 ? keyFor(`newcomer ${h} ${i}`) : users[(i + 1 + random(users.length - 1)) % users.length];
      const gasUnitPrice = floor + BigInt(random(Number(201n - floor)));
      const gasUsed = 7n + BigInt(random(6));
      const kind = random(10);
      gas += gasUsed;
      if (kind <= 1 && (stores.get(`${from.address} ${EXA}`) ?? 0n) >= 100n) {
        user(from, faTransfer(to.address, 100n), (w, e) => moveFa(from.address, to.address, EXA, 100n, w, e), { gasUsed, gasUnitPrice });
      } else {
        const amount = BigInt(1_000 + random(50_000));
        const nonce = kind === 9 ? BigInt(h * 1000 + i) : undefined;
        user(from, aptTransfer(to.address, amount), (w, e) => moveFa(from.address, to.address, R.APT_METADATA, amount, w, e), { nonce, gasUsed, gasUnitPrice });
      }
    }
    return gas;
  }
  /** The cheapest price each full block offers, in turn: their minimum inclusion prices fall in different buckets. */
  const FULL_BLOCK_FLOORS = [100n, 150n, 120n, 160n];

  // ---- blocks 1..n, then the tail of full blocks
  const lastBlock = fullBlocks > 0 ? blockCount + fullBlocks + 2 : blockCount;
  for (let h = 1; h <= lastBlock; h++) {
    now += 1_000_000n + BigInt(random(400_000));
    const blockId = R.sha3Bytes(`example block ${h}`);
    // The block that reconfigures belongs to the epoch it ends (its metadata and NewBlockEvent agree);
    // the next block opens the new one.
    const prologue = blockPrologue({ height: h, id: blockId, epoch, round: BigInt(h), proposer, previousBlockVotesBitvec: new Uint8Array([0xff]), timestampUsecs: now, ext: h % 2 === 0 });
    if (h === Math.floor(blockCount / 2) || (fullBlocks > 0 && h === blockCount + 1)) {
      epoch += 1n;
      prologue.writes.push([R.keys.configuration(), R.configuration.encode({ epoch, lastReconfigurationTime: now, events: { counter: epoch, guid: { creationNum: 2n, addr: '0x1' } } })]);
      prologue.events.push(v1(2n, '0x1', epoch - 1n, '0x1::reconfiguration::NewEpochEvent', R.amountEvent, { amount: epoch }));
    }
    chain.commit(prologue.txn, { writes: prologue.writes, events: prologue.events });

    let blockGas;
    if (h > blockCount + 1 && h < lastBlock) {
      blockGas = fullBlock(h, FULL_BLOCK_FLOORS[(h - blockCount - 2) % FULL_BLOCK_FLOORS.length]);
    } else if (h <= users.length) {
      const to = users[h - 1].address;
      user(faucet, aptTransfer(to, 1_000_000_000n * BigInt(h)), (w, e) => moveFa(faucet.address, to, R.APT_METADATA, 1_000_000_000n * BigInt(h), w, e));
      if (h === 3) user(faucet, aptTransfer(legacy.address, 100_000_000n), (w, e) => moveFa(faucet.address, legacy.address, R.APT_METADATA, 100_000_000n, w, e));
    } else if (h <= 15) {
      const to = users[h - 11].address;
      user(issuer, faTransfer(to, 5_000_000n), (w, e) => moveFa(issuer.address, to, EXA, 5_000_000n, w, e));
    } else if (h === 20) {
      const [a, b, c] = [users[1], users[2], users[3]];
      user(a, aptTransfer(c.address, 12_345n), (w, e) => moveFa(a.address, c.address, R.APT_METADATA, 12_345n, w, e), { secondary: b });
    } else if (h === 25) {
      const [a, c] = [users[4], users[5]];
      user(a, faTransfer(c.address, 1_000n), (w, e) => moveFa(a.address, c.address, EXA, 1_000n, w, e), { feePayer: faucet });
    } else if (h === 30) {
      const a = users[6];
      user(a, aptTransfer(users[7].address, 1n << 60n), () => ({
        $kind: 'MoveAbort',
        value: { location: { $kind: 'Module', value: { address: '0x1', name: 'fungible_asset' } }, code: 65540n, info: { reasonName: 'EINSUFFICIENT_BALANCE', description: 'Insufficient balance in the store' } },
      }));
    } else if (transfersPerBlock > 0 && h <= blockCount) {
      // Bench blocks: plain APT transfers among the funded users.
      for (let i = 0; i < transfersPerBlock; i++) {
        const from = users[i % users.length];
        const to = users[(i + 1 + random(users.length - 1)) % users.length];
        const amount = BigInt(1_000 + random(1_000));
        user(from, aptTransfer(to.address, amount), (w, e) => moveFa(from.address, to.address, R.APT_METADATA, amount, w, e));
      }
    } else {
      const n = 1 + random(3);
      for (let i = 0; i < n; i++) {
        const from = pick();
        const to = random(5) === 0 ? keyFor(`newcomer ${h} ${i}`) : pick();
        const kind = random(10);
        if (kind === 0 && coins.get(legacy.address).value > 1_000_000n) {
          coins.get(legacy.address).withdraws += 1n;
          const seq = coins.get(legacy.address).withdraws - 1n;
          user(legacy, coinTransfer(to.address, 10_000n), (w, e) => {
            coins.get(legacy.address).value -= 10_000n;
            stores.set(`${to.address} ${R.APT_METADATA}`, (stores.get(`${to.address} ${R.APT_METADATA}`) ?? 0n) + 10_000n);
            w.push(writeCoin(legacy.address), writeStore(to.address, R.APT_METADATA));
            e.push(v1(3n, legacy.address, seq, '0x1::coin::WithdrawEvent', R.amountEvent, { amount: 10_000n }));
            e.push(v2('0x1::fungible_asset::Deposit', R.storeAmountEvent, { store: R.primaryStoreAddress(to.address, R.APT_METADATA), amount: 10_000n }));
          });
        } else if (kind <= 2 && stores.get(`${from.address} ${EXA}`) > 100n) {
          user(from, faTransfer(to.address, 100n), (w, e) => moveFa(from.address, to.address, EXA, 100n, w, e));
        } else if (funded(from)) {
          const amount = BigInt(1_000 + random(100_000));
          const nonce = kind === 9 ? BigInt(h * 1000 + i) : undefined;
          user(from, aptTransfer(to.address, amount), (w, e) => moveFa(from.address, to.address, R.APT_METADATA, amount, w, e), { nonce });
        }
      }
    }
    chain.commit(blockEnd(blockId, { epilogue: !(h < blockCount / 3 && h % 2 === 0), gasUnits: blockGas }), { checkpoint: true });
    chain.closeBlock(h, blockId, now);
  }
  return {
    blocks: chain.blocks,
    accounts: { faucet: faucet.address, legacy: legacy.address, issuer: issuer.address, users: users.map((u) => u.address) },
    fungibleAsset: EXA,
    notesTable,
    defaultAccountResource,
  };
}

const EXAMPLE_NOTES = ['first note', 'second note', 'third note'];


function tableItemKey(handle, key) {
  return R.concat([1], addressBytes(handle), bcs.uleb128.encode(key.length), key);
}
