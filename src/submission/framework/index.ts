// The embedded framework: every struct, enum, entry function and view function of the modules at
// 0x1 (move-stdlib, aptos-stdlib, aptos-framework), 0x3 (aptos-token) and 0x4
// (aptos-token-objects), generated from one pinned aptos-core commit by
// scripts/framework/generate.mjs (modules-0x*.ts name it). A module's text is decoded only when a
// registry or a layout asks for it. ABIs given to a registry take precedence over these.
import type { Address } from '../../bcs/index.js';
import { parseMoveType } from '../../move/index.js';
import type { AbiField, AbiStruct } from '../abi.js';
import type { MoveModuleJson, MoveStructFieldJson } from '../abi-json.js';
import { moduleJson, structJson, structLine } from './format.js';
import { MODULES_0x1 } from './modules-0x1.js';
import { MODULES_0x3 } from './modules-0x3.js';
import { MODULES_0x4 } from './modules-0x4.js';

const SPECIAL = /^0x0{63}([134])$/;

/** The text of framework module `address::name` (a normalized address), or undefined. */
function moduleText(address: Address, name: string): { short: string; text: string } | undefined {
  const m = SPECIAL.exec(address);
  if (!m) return undefined;
  const table = m[1] === '1' ? MODULES_0x1 : m[1] === '3' ? MODULES_0x3 : MODULES_0x4;
  if (!Object.prototype.hasOwnProperty.call(table, name)) return undefined;
  return { short: `0x${m[1]}`, text: table[name]! };
}

/** The embedded ABI of a framework module, or undefined: every struct, the entry and view functions. */
export function frameworkModule(address: Address, name: string): MoveModuleJson | undefined {
  const found = moduleText(address, name);
  return found && moduleJson(found.short, name, found.text);
}

/** The embedded definition of framework struct `address::module::name`, or undefined (one line decoded). */
export function frameworkStruct(address: Address, module: string, name: string): AbiStruct | undefined {
  const found = moduleText(address, module);
  const line = found && structLine(found.text, name);
  if (line === undefined) return undefined;
  const s = structJson(line);
  const typeParamCount = s.generic_type_params.length;
  if (s.is_enum) return { name, typeParamCount, fields: null, variants: s.variants!.map((v) => ({ name: v.name, fields: abiFields(v.fields) })) };
  return { name, typeParamCount, fields: abiFields(s.fields), variants: null };
}

function abiFields(fields: MoveStructFieldJson[]): AbiField[] {
  return fields.map((f) => ({ name: f.name, type: parseMoveType(f.type) }));
}
