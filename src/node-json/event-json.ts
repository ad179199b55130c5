import { formatAddress } from '../bcs/index.js';
import { formatTypeTag, parseTypeTag, type TypeTag } from '../move/index.js';
import type { ContractEvent } from '../records/index.js';
import type { AbiRegistry } from '../submission/index.js';
import { abiRegistry } from '../submission/index.js';
import { address, at, field, obj, str, u64, type Obj, fieldAt } from './json-read.js';
import { moveValueJson, parseMoveValueJson } from './move-value-json.js';
import { EMPTY_BYTES, isMissingLayout, type Notes } from './read-report.js';

// api/types/src/transaction.rs `Event`: `guid`, `sequence_number`, `type`, `data` (the event's Move
// value by its type's layout). A module event (ContractEvent::V2) has no handle: the node writes the
// dummy guid (0, 0x0) and sequence number 0, so those three read back as a V2 event.

export interface EventJson {
  guid: { creation_number: string; account_address: string };
  sequence_number: string;
  type: string;
  data: unknown;
}

const DUMMY_GUID = { creation_number: '0', account_address: '0x0' };

export function eventJson(e: ContractEvent, abis: AbiRegistry = abiRegistry()): EventJson {
  const v = e.value;
  const type = formatTypeTag(v.typeTag);
  const data = at('data', () => moveValueJson(v.typeTag, v.eventData, abis));
  if (e.$kind === 'V2') return { guid: DUMMY_GUID, sequence_number: '0', type, data };
  const k = e.value.key;
  return {
    guid: { creation_number: k.creationNumber.toString(), account_address: formatAddress(k.accountAddress, 'short') },
    sequence_number: e.value.sequenceNumber.toString(),
    type,
    data,
  };
}

export function parseEventJson(json: unknown, abis: AbiRegistry = abiRegistry()): ContractEvent {
  return readEvent(json, abis, new Map());
}

/**
 * As parseEventJson, with type tags parsed once per type string (a block shares one `types` map).
 * Read leniently (`notes.lenient`), data without a layout is kept as JSON at `path` with empty bytes.
 */
export function readEvent(json: unknown, abis: AbiRegistry, types: Map<string, TypeTag>, notes?: Notes, path = ''): ContractEvent {
  const o: Obj = obj(json, 'an event');
  const guid = fieldAt(o, 'guid', (v) => obj(v, 'guid'));
  const creationNumber = at('guid', () => u64(guid, 'creation_number'));
  const accountAddress = at('guid', () => address(guid, 'account_address'));
  const sequenceNumber = u64(o, 'sequence_number');
  const typeTag = fieldAt(o, 'type', (v) => {
    const text = str({ v }, 'v');
    let t = types.get(text);
    if (t === undefined) types.set(text, (t = parseTypeTag(text)));
    return t;
  });
  const eventData = fieldAt(o, 'data', (v) => {
    try {
      return parseMoveValueJson(typeTag, v, abis);
    } catch (e) {
      if (!notes?.lenient || !isMissingLayout(e)) throw e;
      notes.opaque(path, v);
      return EMPTY_BYTES;
    }
  });
  if (creationNumber === 0n && sequenceNumber === 0n && /^0x0+$/.test(accountAddress)) {
    return { $kind: 'V2', value: { typeTag, eventData } } as ContractEvent;
  }
  return { $kind: 'V1', value: { key: { creationNumber, accountAddress }, sequenceNumber, typeTag, eventData } } as ContractEvent;
}

