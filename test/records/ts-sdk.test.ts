// Cross-check with @aptos-labs/ts-sdk 7.3 where it has the type. ts-sdk has no response records
// (account resource, summaries, blocks, committed transactions, write sets, events): only the
// embedded transaction and type-tag types, and its BCS primitives. So the embedded parts are checked
// with its types, and the account resource with its Deserializer reading the layout field by field.
import * as sdk from '@aptos-labs/ts-sdk';
import { describe, expect, it } from 'vitest';
import { fromHex, toHex } from '../../src/bcs/index.js';
import { formatTypeTag } from '../../src/move/index.js';
import { accountResource, bcsBlock, contractEvent, transaction } from '../../src/records/index.js';
import golden from '../../fixtures/records/golden.json' with { type: 'json' };

const hexOf = (name: string) => golden.vectors.find((v) => v.name === name)!.bcs;

describe('records against ts-sdk', () => {
  it('the block’s user transaction: ts-sdk reads the same SignedTransaction and writes the same bytes', () => {
    const block = bcsBlock.schema.decode(fromHex(hexOf('BcsBlock with metadata-ext, user, checkpoint and epilogue transactions')));
    const user = block.transactions![1].transaction;
    if (user.$kind !== 'UserTransaction') throw new Error('expected the user transaction second');
    // Transaction::UserTransaction = 0, then the SignedTransaction's own bytes.
    const txBytes = transaction.schema.encode(user);
    expect(txBytes[0]).toBe(0);
    const signed = sdk.SignedTransaction.deserialize(new sdk.Deserializer(txBytes.subarray(1)));
    expect(signed.raw_txn.sender.toStringLong()).toBe(user.value.rawTxn.sender);
    expect(signed.raw_txn.sequence_number).toBe(user.value.rawTxn.sequenceNumber);
    expect(toHex(signed.bcsToBytes())).toBe(toHex(txBytes.subarray(1)));
  });
  it('event type tags: ts-sdk reads the same TypeTag', () => {
    const bytes = fromHex(hexOf('V16 ContractEvent V2'));
    const ev = contractEvent.schema.decode(bytes);
    if (ev.$kind !== 'V2') throw new Error('expected V2');
    const d = new sdk.Deserializer(bytes.subarray(1));
    expect(sdk.TypeTag.deserialize(d).toString()).toBe('0x1::m::E');
    expect(toHex(d.deserializeBytes())).toBe(toHex(ev.value.eventData));
    expect(d.remaining()).toBe(0);
    expect(formatTypeTag(ev.value.typeTag)).toBe('0x1::m::E');
  });
  it('AccountResource: ts-sdk’s Deserializer reads the V16 layout field by field to the same values', () => {
    const bytes = fromHex(hexOf('V16 AccountResource'));
    const ours = accountResource.schema.decode(bytes);
    const d = new sdk.Deserializer(bytes);
    expect(toHex(d.deserializeBytes())).toBe(toHex(ours.authenticationKey));
    expect(d.deserializeU64()).toBe(ours.sequenceNumber);
    expect(d.deserializeU64()).toBe(ours.guidCreationNum);
    for (const h of [ours.coinRegisterEvents, ours.keyRotationEvents]) {
      expect(d.deserializeU64()).toBe(h.count);
      expect(d.deserializeU64()).toBe(h.key.creationNumber);
      expect(sdk.AccountAddress.deserialize(d).toStringLong()).toBe(h.key.accountAddress);
    }
    expect(d.deserializeOption(sdk.AccountAddress)).toBeUndefined();
    expect(d.deserializeOption(sdk.AccountAddress)).toBeUndefined();
    expect(d.remaining()).toBe(0);
    expect(ours.rotationCapabilityOffer.forAddress).toBeNull();
  });
});
