import { BcsError, quote } from '../bcs/index.js';
import { formatTypeTag, parseTypeTag, type TypeTag } from '../move/index.js';
import type { AbiRegistry } from '../submission/index.js';
import { moveValueJson, parseMoveValueJson } from './move-value-json.js';

// A table item's decoded `data` in write_table_item / delete_table_item (api/types/src/convert.rs
// `try_write_table_item_into_decoded_table_data`, `try_delete_table_item_into_deleted_table_data`):
// the key and value rendered by the table's key and value types, which the node takes from its
// indexer's table info. Without table info the node writes `data: null`; so do callers without the
// types. The type strings are `to_canonical_string` (addresses without leading zeros).

/** `DecodedTableData` (`value` and `value_type` present) or `DeletedTableData` (a deletion). */
export interface TableItemDataJson {
  key: unknown;
  key_type: string;
  value?: unknown;
  value_type?: string;
}

/** The `data` of a table item write (`value` given) or deletion (`value` undefined). */
export function tableItemDataJson(keyType: TypeTag, valueType: TypeTag, key: Uint8Array, value: Uint8Array | undefined, abis?: AbiRegistry): TableItemDataJson {
  const k = moveValueJson(keyType, key, abis);
  if (value === undefined) return { key: k, key_type: formatTypeTag(keyType) };
  return { key: k, key_type: formatTypeTag(keyType), value: moveValueJson(valueType, value, abis), value_type: formatTypeTag(valueType) };
}

/** Reads a table item's `data` back: the types and the key's (and value's) BCS bytes. */
export function parseTableItemDataJson(json: unknown, abis?: AbiRegistry): { keyType: TypeTag; key: Uint8Array; valueType?: TypeTag; value?: Uint8Array } {
  if (typeof json !== 'object' || json === null || Array.isArray(json)) throw new BcsError('invalid_type', 'table item data must be an object');
  const o = json as Record<string, unknown>;
  const deletion = !Object.prototype.hasOwnProperty.call(o, 'value_type');
  const allowed = deletion ? ['key', 'key_type'] : ['key', 'key_type', 'value', 'value_type'];
  for (const k of Object.keys(o)) if (!allowed.includes(k)) throw new BcsError('invalid_json', `table item data has no field ${quote(k)}`);
  for (const k of allowed) if (!Object.prototype.hasOwnProperty.call(o, k)) throw new BcsError('missing_field', `table item data needs ${k}`);
  const type = (field: string): TypeTag => {
    const s = o[field];
    try {
      if (typeof s !== 'string') throw new BcsError('invalid_type', `expected a type string, got ${quote(s)}`);
      const t = parseTypeTag(s);
      if (formatTypeTag(t) !== s) throw new BcsError('invalid_type_tag', `${quote(s)} is not written as the node writes it (${formatTypeTag(t)})`);
      return t;
    } catch (e) {
      throw e instanceof BcsError ? e.within(field) : e;
    }
  };
  const value = <T>(field: string, f: () => T): T => {
    try {
      return f();
    } catch (e) {
      throw e instanceof BcsError ? e.within(field) : e;
    }
  };
  const keyType = type('key_type');
  const key = value('key', () => parseMoveValueJson(keyType, o.key, abis));
  if (deletion) return { keyType, key };
  const valueType = type('value_type');
  return { keyType, key, valueType, value: value('value', () => parseMoveValueJson(valueType, o.value, abis)) };
}
