// Keeps `npm ci` working here. The registry this project installs from carries only the Linux
// builds of rollup's platform packages (rollup comes with tsup), so `npm install` leaves the others
// out of package-lock.json, and `npm ci` then refuses the lock as out of sync. This adds an entry,
// with its os/cpu/libc, for each missing one; `npm ci` skips them as foreign platforms.
// Run after any `npm install` that rewrites the lock: node .ci/lock-platforms.mjs
import { readFileSync, writeFileSync } from 'node:fs';
const lock = JSON.parse(readFileSync('package-lock.json', 'utf8'));
const rollup = lock.packages['node_modules/rollup'];
const CPU = { 'arm-eabi': 'arm', 'arm-gnueabihf': 'arm', 'arm-musleabihf': 'arm', arm64: 'arm64', x64: 'x64', ia32: 'ia32', loong64: 'loong64', ppc64: 'ppc64', riscv64: 'riscv64', s390x: 's390x' };
let added = 0;
for (const [name, version] of Object.entries(rollup.optionalDependencies)) {
  const key = `node_modules/${name}`;
  if (lock.packages[key]) continue;
  const m = name.match(/^@rollup\/rollup-([a-z0-9]+)-(.+)$/);
  const os = m[1];
  let rest = m[2];
  let libc;
  const lm = rest.match(/^(.*)-(gnu|musl|msvc|gnueabihf|musleabihf|eabi)$/);
  let cpuKey = rest;
  if (lm) { cpuKey = lm[1]; if (os === 'linux') libc = lm[2].startsWith('musl') ? 'musl' : 'glibc'; }
  const cpu = CPU[cpuKey] ?? CPU[rest];
  if (!cpu) throw new Error('no cpu for ' + name);
  const entry = { version, cpu: [cpu], dev: true, license: 'MIT', optional: true, os: [os] };
  if (libc) entry.libc = [libc];
  lock.packages[key] = entry;
  added++;
}
const sorted = Object.fromEntries(Object.entries(lock.packages).sort(([a], [b]) => (a === '' ? -1 : b === '' ? 1 : a.localeCompare(b))));
lock.packages = sorted;
writeFileSync('package-lock.json', JSON.stringify(lock, null, 2) + '\n');
console.log('added', added);
