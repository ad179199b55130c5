#!/usr/bin/env node
// Gathers the generator's input into a directory that is not committed (default .framework-src/):
//   node scripts/framework/gather.mjs --git DIR --rev REV [--label TEXT] [--vm-status FILE --vm-status-commit SHA] [--out DIR]
// --git: a clone (bare or not) of aptos-labs/aptos-framework, the mirror of aptos-core's
//   aptos-move/framework; --rev: the commit to pin (its GitOrigin-RevId trailer names the aptos-core
//   commit it mirrors). The tree is extracted with `git archive REV | tar -x`.
// vm_status.rs (move-core-types' StatusCode, not in the mirror) is downloaded from aptos-core at that
// commit, or taken from --vm-status FILE, whose aptos-core commit --vm-status-commit names.
// SOURCE.json records what was gathered; generate.mjs names it in every file it writes.
import { execFileSync } from 'node:child_process';
import { copyFileSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const VM_STATUS = 'third_party/move/move-core/types/src/vm_status.rs';

const opts = {};
const argv = process.argv.slice(2);
for (let i = 0; i < argv.length; i++) {
  const [k, v] = argv[i].includes('=') ? argv[i].split(/=(.*)/s) : [argv[i], argv[++i]];
  opts[k.replace(/^--/, '')] = v;
}
if (!opts.git || !opts.rev) {
  console.error('usage: node scripts/framework/gather.mjs --git DIR --rev REV [--label TEXT] [--vm-status FILE --vm-status-commit SHA] [--out DIR]');
  process.exit(1);
}
const out = resolve(opts.out ?? join(ROOT, '.framework-src'));
const git = (...a) => execFileSync('git', ['-C', opts.git, ...a], { encoding: 'utf8', maxBuffer: 1 << 30 });

const commit = git('rev-parse', `${opts.rev}^{commit}`).trim();
const core = /GitOrigin-RevId: ([0-9a-f]{40})/.exec(git('log', '-1', '--format=%B', commit))?.[1];
if (!core) throw new Error(`${commit} has no GitOrigin-RevId trailer: is ${opts.git} the aptos-framework mirror?`);

rmSync(out, { recursive: true, force: true });
mkdirSync(out, { recursive: true });
const tar = execFileSync('git', ['-C', opts.git, 'archive', commit], { maxBuffer: 1 << 30 });
execFileSync('tar', ['-x', '-C', out], { input: tar });

let statusCommit = core;
if (opts['vm-status']) {
  if (!/^[0-9a-f]{40}$/.test(opts['vm-status-commit'] ?? '')) throw new Error('--vm-status needs --vm-status-commit (the aptos-core commit the file is from)');
  copyFileSync(opts['vm-status'], join(out, 'vm_status.rs'));
  statusCommit = opts['vm-status-commit'];
} else {
  const url = `https://raw.githubusercontent.com/aptos-labs/aptos-core/${core}/${VM_STATUS}`;
  const res = await fetch(url);
  if (!res.ok) throw new Error(`${url}: HTTP ${res.status}`);
  writeFileSync(join(out, 'vm_status.rs'), await res.text());
}

const source = {
  framework: { repo: 'aptos-labs/aptos-framework', ...(opts.label ? { ref: opts.label } : {}), commit, aptosCore: core },
  statusCodes: { repo: 'aptos-labs/aptos-core', commit: statusCommit, path: VM_STATUS },
};
writeFileSync(join(out, 'SOURCE.json'), JSON.stringify(source, null, 2) + '\n');
console.log(`${out}: aptos-framework ${commit} (aptos-core ${core}); vm_status.rs at ${statusCommit}`);
