// The one text format of the embedded framework data, shared by the entry-function ABIs
// (src/submission/framework) and the struct layouts (src/node-json): one string per module, one
// line per struct, enum or function, parts separated by `/` (no Move type contains one):
//   S<flags>/Name/<abilities>/<type params>/field:type;field:type         a struct
//   E<flags>/Name/<abilities>/<type params>/Variant{field:type;…}Variant{}  a Move 2 enum
//   F<flags>/name/<type params>/param;param/result;result                    a function
// Struct flags: `e` #[event], `n` native. Function flags: `p` public or `f` friend (else private),
// `e` entry, `v` #[view]. Abilities: letters of copy, drop, store, key (`c`, `d`, `s`, `k`), in
// that order. Type parameters: one `T` each, followed by `p` if phantom and its constraints'
// letters (`TTpk` = two parameters, the second phantom with `key`). Types are the node's ABI
// strings (`0x1::object::Object<0x1::fungible_asset::Metadata>`, `&signer`, `T0`). The decoder is
// src/submission/framework/format.ts; the two are kept in step by its tests.

const LETTER = { copy: 'c', drop: 'd', store: 's', key: 'k' };

const abilityLetters = (list) => list.map((a) => LETTER[a]).join('');

export function typeParamsText(params) {
  return params.map((p) => 'T' + (p.phantom ? 'p' : '') + abilityLetters(p.constraints)).join('');
}

function fieldsText(fields) {
  for (const f of fields) if (/[/;:{}]/.test(f.name) || /[/;{}]/.test(f.type)) throw new Error(`field ${f.name}: ${f.type} has a separator`);
  return fields.map((f) => `${f.name}:${f.type}`).join(';');
}

/** A resolved struct `{ name, isEnum, isEvent, isNative, abilities, params, fields, variants }`. */
export function structLine(s) {
  const flags = (s.isEvent ? 'e' : '') + (s.isNative ? 'n' : '');
  const head = `${s.isEnum ? 'E' : 'S'}${flags}/${s.name}/${abilityLetters(s.abilities)}/${typeParamsText(s.params)}/`;
  if (s.isEnum) return head + s.variants.map((v) => `${v.name}{${fieldsText(v.fields)}}`).join('');
  return head + fieldsText(s.fields);
}

/** A resolved function `{ name, visibility, isEntry, isView, params, args, results }`. */
export function functionLine(f) {
  const flags = (f.visibility === 'public' ? 'p' : f.visibility === 'friend' ? 'f' : '') + (f.isEntry ? 'e' : '') + (f.isView ? 'v' : '');
  for (const t of [...f.args, ...f.results]) if (/[/;]/.test(t)) throw new Error(`${f.name}: type ${t} has a separator`);
  return `F${flags}/${f.name}/${typeParamsText(f.params)}/${f.args.join(';')}/${f.results.join(';')}`;
}
