import { parseMoveType, type MoveType } from '../move/index.js';
import type { AbiStruct } from '../submission/index.js';
import { FRAMEWORK_LAYOUTS } from './framework-layout-table.js';
import { STAKING_AND_TOKEN_LAYOUTS } from './framework-layout-table-staking.js';

// The embedded struct layouts, read on demand: only a value that names one of these structs, and
// whose module's ABI the registry does not hold, parses its entry. Nothing here is cached at
// module level; the layouts compiled from them are cached in the registry.

const SPECIAL = /^0x0{63}([134])$/;

/** An embedded framework struct definition (0x1, 0x3, 0x4), or undefined. */
export function frameworkStruct(address: string, module: string, name: string): AbiStruct | undefined {
  const m = SPECIAL.exec(address);
  if (!m) return undefined;
  const id = `0x${m[1]}::${module}`;
  const table = FRAMEWORK_LAYOUTS[id] ?? STAKING_AND_TOKEN_LAYOUTS[id];
  if (table === undefined || !Object.prototype.hasOwnProperty.call(table, name)) return undefined;
  return parseEntry(name, table[name]);
}

/**
 * An entry is `[N|]field:type;field:type…` (N generic parameters, default 0) or, for a Move 2
 * enum, `[N|]Variant{field:type;…}Variant{…}…`. Types are Move types with `T0…` for parameters.
 */
function parseEntry(name: string, entry: string): AbiStruct {
  const bar = entry.indexOf('|');
  const typeParamCount = bar < 0 ? 0 : Number(entry.slice(0, bar));
  const body = bar < 0 ? entry : entry.slice(bar + 1);
  if (body.endsWith('}')) {
    const variants = body.slice(0, -1).split('}').map((v) => {
      const open = v.indexOf('{');
      return { name: v.slice(0, open), fields: fields(v.slice(open + 1)) };
    });
    return { name, typeParamCount, fields: null, variants };
  }
  return { name, typeParamCount, fields: fields(body), variants: null };
}

function fields(list: string): { name: string; type: MoveType }[] {
  if (list === '') return [];
  return list.split(';').map((f) => {
    const colon = f.indexOf(':');
    return { name: f.slice(0, colon), type: parseMoveType(f.slice(colon + 1)) };
  });
}
