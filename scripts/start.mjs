// `npm start`: build only when an input changed since the last build (scripts/build.mjs; its one
// line on stderr, so stdout carries only the answers), then run `ledger-bcs examples`: the bundled
// example requests encoded as encode_submission would, one labelled line each.
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { buildIfChanged } from './build.mjs';

const built = await buildIfChanged();
if (built !== 0) process.exit(built);
const run = spawnSync(process.execPath, [fileURLToPath(new URL('../dist/cli/main.js', import.meta.url)), 'examples'], { stdio: 'inherit' });
process.exit(run.status ?? 1);
