// Every workload of the bench, as one list. `createWorkloads(ours)` takes the ledger-bcs module
// (dist/ for `npm run bench`, src/ for the registry test) so both measure and check the same code.
// To add a workload: push one `workload({...})` with a setup per implementation (see registry.mjs).
import * as floorTx from '../floor/transaction.mjs';
import * as floorPrim from '../floor/primitives.mjs';
import { parseTypeTagToBytes } from '../floor/type-tag.mjs';
import * as mysten from '../peers/mysten.mjs';
import * as tsSdk from '../peers/ts-sdk.mjs';
import * as oursTx from './ours.mjs';
import { HEAVY, PRIMITIVES, TRANSFER, TRANSFER_RAW_HEX, TRANSFER_SIGNING_MESSAGE_HEX, TYPE_TAG_STRINGS } from './data.mjs';
import { workload } from './registry.mjs';
import { submissionWorkloads } from './submission.mjs';
import { recordWorkloads } from './records.mjs';
import { nodeJsonWorkloads } from './node-json.mjs';

const hexBytes = (h) => Uint8Array.from(h.match(/../g), (x) => parseInt(x, 16));

/** The floor decoder's output in the canonical compare form (payload without the enum wrapper). */
const plainFloorTxn = (v) => ({ ...v, payload: v.payload.value });

export function createWorkloads(ours) {
  const list = [];

  // 1–3: the V2 transfer of fixtures/transactions/raw-transactions.json.
  list.push(
    workload({
      name: 'transfer/encode',
      title: 'V2 transfer RawTransaction, plain data → bytes',
      category: 'encode',
      expected: hexBytes(TRANSFER_RAW_HEX),
      impls: {
        ours: () => oursTx.transferEncoder(ours),
        'ts-sdk': () => () => tsSdk.encodeTransfer(TRANSFER),
        mysten: () => () => mysten.encodeTransfer(TRANSFER),
        floor: () => () => floorTx.encodeTransfer(TRANSFER),
      },
    }),
  );
  const transferBytes = hexBytes(TRANSFER_RAW_HEX);
  list.push(
    workload({
      name: 'transfer/decode',
      title: 'V2 transfer RawTransaction, bytes → value',
      category: 'decode',
      impls: {
        ours: () => oursTx.rawTransactionDecoder(ours, transferBytes),
        'ts-sdk': () => () => tsSdk.decodeRawTransaction(transferBytes),
        mysten: () => () => mysten.decodeRawTransaction(transferBytes),
        floor: () => () => floorTx.decodeEntryRawTxn(transferBytes),
      },
      normalize: {
        ours: oursTx.plainRawTransaction,
        'ts-sdk': tsSdk.plainRawTransaction,
        mysten: mysten.plainRawTransaction,
        floor: plainFloorTxn,
      },
    }),
  );
  list.push(
    workload({
      name: 'transfer/signing-message',
      title: 'V2 transfer, plain data → signing message (prefix ‖ raw txn)',
      category: 'signing',
      expected: hexBytes(TRANSFER_SIGNING_MESSAGE_HEX),
      impls: {
        ours: () => oursTx.transferSigningMessage(ours),
        'ts-sdk': () => () => tsSdk.signingMessageTransfer(TRANSFER),
        mysten: () => () => mysten.signingMessageTransfer(TRANSFER),
        floor: () => () => floorTx.encodeTransfer(TRANSFER, floorTx.RAW_TRANSACTION_PREFIX),
      },
    }),
  );

  // The same two through a compiled entry function (its fixed part encoded once at setup). The
  // peers have no such API, so theirs are the same operations as above; the floor is compiled too.
  const floorTransfer = floorTx.compileTransfer(TRANSFER);
  list.push(
    workload({
      name: 'transfer/encode-compiled',
      title: 'V2 transfer through compileEntryFunction, plain data → bytes',
      category: 'encode',
      expected: hexBytes(TRANSFER_RAW_HEX),
      impls: {
        ours: () => oursTx.transferCompiledEncoder(ours),
        'ts-sdk': () => () => tsSdk.encodeTransfer(TRANSFER),
        mysten: () => () => mysten.encodeTransfer(TRANSFER),
        floor: () => () => floorTransfer(TRANSFER),
      },
    }),
    workload({
      name: 'transfer/signing-message-compiled',
      title: 'V2 transfer through compileEntryFunction, plain data → signing message',
      category: 'signing',
      expected: hexBytes(TRANSFER_SIGNING_MESSAGE_HEX),
      impls: {
        ours: () => oursTx.transferCompiledSigningMessage(ours),
        'ts-sdk': () => () => tsSdk.signingMessageTransfer(TRANSFER),
        mysten: () => () => mysten.signingMessageTransfer(TRANSFER),
        floor: () => () => floorTransfer(TRANSFER, floorTx.RAW_TRANSACTION_PREFIX),
      },
    }),
  );

  // 4: the heavy entry function call.
  list.push(
    workload({
      name: 'heavy/encode',
      title: 'batch::pay<AptosCoin>(vector<u64> ×1000, vector<address> ×100, String), plain data → bytes',
      category: 'encode',
      minSpeedup: 6,
      impls: {
        ours: () => oursTx.heavyEncoder(ours),
        'ts-sdk': () => () => tsSdk.encodeHeavy(HEAVY),
        mysten: () => () => mysten.encodeHeavy(HEAVY),
        floor: () => () => floorTx.encodeHeavy(HEAVY),
      },
    }),
  );
  const heavyBytes = floorTx.encodeHeavy(HEAVY);
  list.push(
    workload({
      name: 'heavy/decode',
      title: 'the heavy RawTransaction, bytes → value (arguments stay bytes)',
      category: 'decode',
      impls: {
        ours: () => oursTx.rawTransactionDecoder(ours, heavyBytes),
        'ts-sdk': () => () => tsSdk.decodeRawTransaction(heavyBytes),
        mysten: () => () => mysten.decodeRawTransaction(heavyBytes),
        floor: () => () => floorTx.decodeEntryRawTxn(heavyBytes),
      },
      normalize: {
        ours: oursTx.plainRawTransaction,
        'ts-sdk': tsSdk.plainRawTransaction,
        mysten: mysten.plainRawTransaction,
        floor: plainFloorTxn,
      },
    }),
  );

  // The same with decoded byte arrays as views into the input, as @mysten/bcs always returns them
  // (ours: the opt-in `zeroCopy`; ts-sdk always copies, so it sits this one out).
  list.push(
    workload({
      name: 'heavy/decode-views',
      title: 'the heavy RawTransaction, bytes → value, arguments as views into the input',
      category: 'decode',
      impls: {
        ours: () => oursTx.rawTransactionDecoder(ours, heavyBytes, { zeroCopy: true }),
        mysten: () => () => mysten.decodeRawTransaction(heavyBytes),
        floor: () => () => floorTx.decodeEntryRawTxn(heavyBytes, true),
      },
      normalize: {
        ours: oursTx.plainRawTransaction,
        mysten: mysten.plainRawTransaction,
        floor: plainFloorTxn,
      },
    }),
  );

  // 5: type-tag strings → BCS (no type-tag parser in @mysten/bcs). Ours is the one-pass
  // `encodeTypeTagString`; issue 3 asks ≥ 8× on CoinStore. The `-objects` row shows the two-step
  // path (parse to a tag object, then encode it) for comparison, without a target.
  for (const [key, str] of Object.entries(TYPE_TAG_STRINGS)) {
    const shown = str.length > 60 ? str.slice(0, 57) + '…' : str;
    list.push(
      workload({
        name: `type-tag/${key}`,
        title: `parse + serialize \`${shown}\``,
        category: 'encode',
        minSpeedup: key === 'coinstore' ? 8 : undefined,
        impls: {
          ours: () => oursTx.typeTagStringEncoder(ours, str),
          'ts-sdk': () => () => tsSdk.parseAndSerializeTypeTag(str),
          floor: () => () => parseTypeTagToBytes(str),
        },
      }),
    );
  }
  list.push(
    workload({
      name: 'type-tag/coinstore-objects',
      title: 'the same in two steps: `typeTag.encode(parseTypeTag(s))`',
      category: null,
      impls: {
        ours: () => oursTx.typeTagParseSerialize(ours, TYPE_TAG_STRINGS.coinstore),
        'ts-sdk': () => () => tsSdk.parseAndSerializeTypeTag(TYPE_TAG_STRINGS.coinstore),
        floor: () => () => parseTypeTagToBytes(TYPE_TAG_STRINGS.coinstore),
      },
    }),
  );

  // 6: primitives. Issue 2 asks ≥ 8× on the 1e5 ULEB128 and vector<u64> cases.
  const { bcs } = ours;
  const vec = (name, title, element, values, floorEnc, floorDec, peerEnc, peerDec, minSpeedup) => {
    const bytes = floorEnc(values);
    const schema = bcs.vector(element);
    list.push(
      workload({
        name: `${name}/encode`,
        title: `${title}, encode`,
        category: 'primitive',
        minSpeedup,
        impls: {
          ours: () => () => schema.encode(values),
          'ts-sdk': () => () => tsSdk[peerEnc](values),
          mysten: () => () => mysten[peerEnc](values),
          floor: () => () => floorEnc(values),
        },
      }),
      workload({
        name: `${name}/decode`,
        title: `${title}, decode`,
        category: 'primitive',
        minSpeedup,
        impls: {
          ours: () => () => schema.decode(bytes),
          'ts-sdk': () => () => tsSdk[peerDec](bytes),
          mysten: () => () => mysten[peerDec](bytes),
          floor: () => () => floorDec(bytes),
        },
        // mysten decodes u64/u256 as decimal strings.
        normalize: { mysten: (v) => v.map((x) => (typeof x === 'string' ? BigInt(x) : x)) },
      }),
    );
  };
  const P = PRIMITIVES;
  vec('uleb128-1e5', '1e5 ULEB128 values of mixed lengths (vector<uleb128>)', bcs.uleb128, P.uleb, floorPrim.encodeUlebVector, floorPrim.decodeUlebVector, 'encodeUlebVector', 'decodeUlebVector', 8);
  vec('uleb128-u32-1e5', '1e5 ULEB128 values, uniform u32 (vector<uleb128>)', bcs.uleb128, P.ulebU32, floorPrim.encodeUlebVector, floorPrim.decodeUlebVector, 'encodeUlebVector', 'decodeUlebVector', 8);
  vec('u64-1e5', 'vector<u64> of 1e5 bigints, full range', bcs.u64, P.u64Full, floorPrim.encodeU64Vector, floorPrim.decodeU64Vector, 'encodeU64Vector', 'decodeU64Vector', 8);
  vec('u64-small-1e5', 'vector<u64> of 1e5 bigints < 2^32', bcs.u64, P.u64Small, floorPrim.encodeU64Vector, floorPrim.decodeU64Vector, 'encodeU64Vector', 'decodeU64Vector');
  vec('u256-1e4', 'vector<u256> of 1e4 bigints', bcs.u256, P.u256, floorPrim.encodeU256Vector, floorPrim.decodeU256Vector, 'encodeU256Vector', 'decodeU256Vector');

  list.push(...submissionWorkloads(ours));
  list.push(...recordWorkloads(ours));
  list.push(...nodeJsonWorkloads(ours));

  return list;
}
