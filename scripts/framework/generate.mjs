#!/usr/bin/env node
// Generates the embedded framework data from a pinned aptos-core source gathered into a directory
// (not committed; see scripts/framework/README.md):
//   node scripts/framework/generate.mjs [--check] [SOURCE_DIR]   (default .framework-src)
// Writes, each headed by the source and commit and a sha256 of its body:
//   src/submission/framework/modules-0x1.ts, modules-0x3.ts, modules-0x4.ts
//     every struct and enum, entry function and view function of 0x1 (move-stdlib, aptos-stdlib,
//     aptos-framework), 0x3 (aptos-token) and 0x4 (aptos-token-objects), in the format of encode.mjs
//   src/node-json/status-code-names.ts
//     move-core-types `StatusCode` names by number (third_party/move/move-core/types/src/vm_status.rs)
// With --check it writes nothing and exits 1 if a file would change.
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { functionLine, structLine } from './encode.mjs';
import { parseFile } from './move-source.mjs';
import { moduleResolver, shortAddress, sortAbilities } from './resolve.mjs';
import { statusCodeGroups } from './status-codes.mjs';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const PACKAGES = ['move-stdlib', 'aptos-stdlib', 'aptos-framework', 'aptos-token', 'aptos-token-objects'];
const ADDRESSES = ['0x1', '0x3', '0x4'];

const args = process.argv.slice(2);
const check = args.includes('--check');
const dir = resolve(args.find((a) => !a.startsWith('--')) ?? join(ROOT, '.framework-src'));
const source = JSON.parse(readFileSync(join(dir, 'SOURCE.json'), 'utf8'));

/** The package directory: the framework mirror's layout (`<pkg>/`) or aptos-core's (`aptos-move/framework/<pkg>/`). */
function packageDir(pkg) {
  for (const d of [join(dir, pkg), join(dir, 'aptos-move', 'framework', pkg)]) if (existsSync(join(d, 'Move.toml'))) return d;
  throw new Error(`${dir}: no ${pkg}/Move.toml`);
}

function moveFiles(d) {
  return readdirSync(d)
    .sort()
    .flatMap((f) => {
      const p = join(d, f);
      if (statSync(p).isDirectory()) return moveFiles(p);
      return f.endsWith('.move') && !f.endsWith('.spec.move') ? [p] : [];
    });
}

/** `[addresses]` of a Move.toml: `name = "0x1"`. */
function namedAddresses(toml, into) {
  const section = /\[addresses\]([\s\S]*?)(?:\n\[|$)/.exec(toml);
  if (!section) return;
  for (const m of section[1].matchAll(/^\s*([A-Za-z_][A-Za-z0-9_]*)\s*=\s*"(0x[0-9a-fA-F]+)"/gm)) {
    const a = shortAddress(m[2]);
    if (into.has(m[1]) && into.get(m[1]) !== a) throw new Error(`named address ${m[1]} is ${into.get(m[1])} and ${a}`);
    into.set(m[1], a);
  }
}

// Parse every module of the five packages.
const named = new Map();
const parsed = [];
for (const pkg of PACKAGES) {
  const d = packageDir(pkg);
  namedAddresses(readFileSync(join(d, 'Move.toml'), 'utf8'), named);
  for (const f of moveFiles(join(d, 'sources'))) {
    for (const m of parseFile(readFileSync(f, 'utf8'), relative(dir, f))) if (!m.testOnly) parsed.push({ m, file: relative(dir, f) });
  }
}

// Every module's struct names, so a resolved type that names an undeclared struct is an error.
const declared = new Map();
const resolvers = parsed.map(({ m, file }) => {
  const r = moduleResolver(m, named, new Map());
  if (declared.has(r.self)) throw new Error(`${file}: module ${r.self} is declared twice`);
  declared.set(r.self, new Set(m.structs.map((s) => s.name)));
  return r;
});

const modules = new Map(ADDRESSES.map((a) => [a, new Map()]));
const stats = new Map(ADDRESSES.map((a) => [a, { modules: 0, structs: 0, enums: 0, events: 0, entry: 0, view: 0 }]));
parsed.forEach(({ m, file }, i) => {
  const r = moduleResolver(m, named, declared);
  if (r.address !== resolvers[i].address) throw new Error('unreachable');
  const byAddress = modules.get(r.address);
  if (!byAddress) return; // not 0x1 / 0x3 / 0x4
  const st = stats.get(r.address);
  st.modules++;
  const lines = [];
  const fields = (list, params, where) =>
    list.map((f) => ({ name: f.name ?? `_${f.position}`, type: r.typeString(f.type, params, `${where}.${f.name ?? f.position}`) }));
  for (const s of [...m.structs].sort((a, b) => cmp(a.name, b.name))) {
    const where = `${file}: ${r.self}::${s.name}`;
    const params = s.params.map((p) => p.name);
    // An empty struct compiles to one field `dummy_field: bool` (move-compiler's rule; the node shows it).
    let fs = s.fields && fields(s.fields, params, where);
    if (fs && fs.length === 0 && !s.isNative) fs = [{ name: 'dummy_field', type: 'bool' }];
    lines.push(
      structLine({
        ...s,
        abilities: sortAbilities(s.abilities, where),
        params: s.params.map((p) => ({ phantom: p.phantom, constraints: sortAbilities(p.constraints, where) })),
        fields: fs,
        variants: s.variants && s.variants.map((v) => ({ name: v.name, fields: fields(v.fields, params, `${where}::${v.name}`) })),
      }),
    );
    st.structs++;
    if (s.isEnum) st.enums++;
    if (s.isEvent) st.events++;
  }
  for (const f of [...m.functions].sort((a, b) => cmp(a.name, b.name))) {
    // The node's ABI lists public, friend and entry functions (api/types/src/move_types.rs `MoveModule`);
    // of those, the data keeps entry and view ones (a private #[view] function is not listed).
    if (!f.isEntry && !(f.isView && f.visibility !== 'private')) continue;
    const where = `${file}: ${r.self}::${f.name}`;
    const params = f.params.map((p) => p.name);
    lines.push(
      functionLine({
        ...f,
        params: f.params.map((p) => ({ phantom: false, constraints: sortAbilities(p.constraints, where) })),
        args: f.args.map((a) => r.typeString(a.type, params, `${where}(${a.name})`)),
        results: f.results.map((t) => r.typeString(t, params, `${where}: result`)),
      }),
    );
    if (f.isEntry) st.entry++;
    if (f.isView) st.view++;
  }
  byAddress.set(m.name, lines.join('\n'));
});

function cmp(a, b) {
  return a < b ? -1 : a > b ? 1 : 0;
}

const fw = source.framework;
const FRAMEWORK_SOURCE = `${fw.repo} ${fw.commit}${fw.ref ? ` (${fw.ref})` : ''}, mirror of aptos-labs/aptos-core ${fw.aptosCore}`;
const sc = source.statusCodes;
const STATUS_SOURCE = `aptos-labs/aptos-core ${sc.commit} ${sc.path}`;

/** A generated file: the first line says so and names the source; the second holds the body's sha256. */
function generated(what, body) {
  const hash = createHash('sha256').update(body).digest('hex');
  return `// Generated by scripts/framework/generate.mjs from ${what}: do not edit.\n// sha256 of the lines below: ${hash}\n${body}`;
}

const outputs = [];
for (const a of ADDRESSES) {
  const mods = [...modules.get(a)].sort((x, y) => cmp(x[0], y[0]));
  const name = `MODULES_${a.toUpperCase().replace('0X', '0x')}`;
  const body =
    `// ${a}: the structs, enums, entry and view functions of every module, one line each (format: src/submission/framework/format.ts).\n` +
    `export const ${name}: Readonly<Record<string, string>> = {\n` +
    mods.map(([n, text]) => `  ${n}: ${JSON.stringify(text)},\n`).join('') +
    '};\n';
  outputs.push({ path: `src/submission/framework/modules-${a}.ts`, text: generated(FRAMEWORK_SOURCE, body) });
}
{
  const groups = statusCodeGroups(readFileSync(statusCodeFile(), 'utf8'));
  const body =
    '// move-core-types `StatusCode` names by number, as `first code:names…`, each following name one code higher,\n' +
    '// `-` for a number without a name (format: src/node-json/status-codes.ts).\n' +
    `export const STATUS_CODE_GROUPS = ${JSON.stringify(groups.join('\n'))};\n`;
  outputs.push({ path: 'src/node-json/status-code-names.ts', text: generated(STATUS_SOURCE, body) });
}

function statusCodeFile() {
  for (const p of [join(dir, 'vm_status.rs'), join(dir, sc.path)]) if (existsSync(p)) return p;
  throw new Error(`${dir}: no vm_status.rs`);
}

let changed = 0;
for (const o of outputs) {
  const p = join(ROOT, o.path);
  const old = existsSync(p) ? readFileSync(p, 'utf8') : '';
  if (old === o.text) continue;
  changed++;
  if (check) console.error(`${o.path} would change`);
  else writeFileSync(p, o.text);
}
for (const [a, s] of stats) console.log(`${a}: ${s.modules} modules, ${s.structs} structs (${s.enums} enums, ${s.events} events), ${s.entry} entry functions, ${s.view} view functions`);
for (const o of outputs) console.log(`${o.path}: ${o.text.length} bytes`);
if (check && changed) process.exit(1);
