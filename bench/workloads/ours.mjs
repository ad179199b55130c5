// ledger-bcs's side of the transaction and type-tag workloads. Each setup checks that the API it
// needs exists and otherwise throws Pending, so a layer that has not landed shows as "pending"
// in the table instead of failing the run (or being faked).
import { HEAVY, TRANSFER } from './data.mjs';
import { need } from './registry.mjs';

const TX_API = ['rawTransaction'];

/** Plain bench data → ledger-bcs's RawTransaction input, arguments BCS-encoded by `encodeArgs`. */
function rawTransactionInput(t, args) {
  const p = t.payload;
  return {
    sender: t.sender,
    sequenceNumber: t.sequenceNumber,
    payload: { $kind: 'EntryFunction', value: { module: p.module, function: p.function, typeArgs: p.typeArgs, args } },
    maxGasAmount: t.maxGasAmount,
    gasUnitPrice: t.gasUnitPrice,
    expirationTimestampSecs: t.expirationTimestampSecs,
    chainId: t.chainId,
  };
}

// Arguments go through `arg(schema, value)`, which writes each one in place inside the
// transaction, as the floor does (no intermediate array per argument).
function transferInput(lib, t) {
  const [to, amount] = t.payload.args;
  return rawTransactionInput(t, [lib.arg(lib.address, to), lib.arg(lib.u64, amount)]);
}

export function transferEncoder(lib) {
  need(lib, [...TX_API, 'arg'], 'RawTransaction');
  const { rawTransaction } = lib;
  return () => rawTransaction.encode(transferInput(lib, TRANSFER));
}

export function transferSigningMessage(lib) {
  need(lib, [...TX_API, 'arg', 'signingMessage'], 'signing message');
  const { signingMessage } = lib;
  return () => signingMessage(transferInput(lib, TRANSFER));
}

/**
 * The transfer through `compileEntryFunction`: compiled once at setup (as mysten's schema is built
 * once), then each call passes the plain data with the arguments as the payload.
 */
function compiledTransfer(lib) {
  need(lib, ['compileEntryFunction', 'typeArgFromTag'], 'compiled entry functions');
  const p = TRANSFER.payload;
  const fn = lib.compileEntryFunction({ module: p.module, function: p.function, typeArgs: p.typeArgs.map(lib.typeArgFromTag), params: [lib.address, lib.u64] });
  const t = TRANSFER;
  const input = () => ({
    sender: t.sender,
    sequenceNumber: t.sequenceNumber,
    payload: t.payload.args,
    maxGasAmount: t.maxGasAmount,
    gasUnitPrice: t.gasUnitPrice,
    expirationTimestampSecs: t.expirationTimestampSecs,
    chainId: t.chainId,
  });
  return { fn, input };
}

export function transferCompiledEncoder(lib) {
  const { fn, input } = compiledTransfer(lib);
  return () => fn.encode(input());
}

export function transferCompiledSigningMessage(lib) {
  const { fn, input } = compiledTransfer(lib);
  return () => fn.signingMessage(input());
}

export function heavyEncoder(lib) {
  need(lib, [...TX_API, 'arg'], 'RawTransaction');
  const { rawTransaction, bcs, arg } = lib;
  const amounts = bcs.vector(bcs.u64);
  const recipients = bcs.vector(bcs.address);
  return () => {
    const [a, r, memo] = HEAVY.payload.args;
    return rawTransaction.encode(rawTransactionInput(HEAVY, [arg(amounts, a), arg(recipients, r), arg(bcs.string, memo)]));
  };
}

export function rawTransactionDecoder(lib, bytes, options) {
  need(lib, TX_API, 'RawTransaction');
  const { rawTransaction } = lib;
  return () => rawTransaction.decode(bytes, options);
}

/** One pass, string → BCS. */
export function typeTagStringEncoder(lib, str) {
  need(lib, ['encodeTypeTagString'], 'one-pass type-tag encoder');
  const { encodeTypeTagString } = lib;
  return () => encodeTypeTagString(str);
}

/** Two steps: parse to a tag object, then encode it. */
export function typeTagParseSerialize(lib, str) {
  need(lib, ['parseTypeTag', 'typeTag'], 'type-tag parser');
  const { parseTypeTag, typeTag } = lib;
  return () => typeTag.encode(parseTypeTag(str));
}

/** ledger-bcs's decoded RawTransaction → the bench's canonical compare form. */
export function plainRawTransaction(v) {
  return { ...v, payload: v.payload.value };
}
