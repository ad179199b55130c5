import { readdirSync, rmSync } from 'node:fs';
import { open, rename } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';

// Files that a crash cannot leave half-written (Node only): written beside their final name, fsynced,
// renamed over it, and the directory fsynced so the rename is on disk too; what an interrupted save
// left behind is removed on the next start.

const tempName = (path: string) => `${path}.${process.pid}.tmp`;

/** `chunks` to `path` through a fsynced temporary file and a fsynced rename; `header` (its length known ahead) is written last, at the start. */
export async function writeFileDurably(path: string, chunks: Iterable<Uint8Array> | AsyncIterable<Uint8Array>, header?: { length: number; bytes: () => Uint8Array }): Promise<void> {
  const tmp = tempName(path);
  const f = await open(tmp, 'w');
  try {
    let at = header?.length ?? 0;
    for await (const c of chunks) {
      await f.write(c, 0, c.length, at);
      at += c.length;
    }
    if (header !== undefined) await f.write(header.bytes(), 0, header.length, 0);
    await f.sync();
  } catch (e) {
    await f.close();
    rmSync(tmp, { force: true });
    throw e;
  }
  await f.close();
  await rename(tmp, path);
  const d = await open(dirname(path), 'r');
  try {
    await d.sync();
  } finally {
    await d.close();
  }
}

/** Removes `path`'s temporary files left by an interrupted save (of a process no longer running). */
export function removeLeftoverTemps(path: string): string[] {
  const dir = dirname(path);
  const prefix = `${basename(path)}.`;
  let names: string[];
  try {
    names = readdirSync(dir);
  } catch {
    return [];
  }
  const removed: string[] = [];
  for (const name of names) {
    const m = name.startsWith(prefix) ? /^(\d+)\.tmp$/.exec(name.slice(prefix.length)) : null;
    if (m === null || alive(Number(m[1]))) continue;
    rmSync(join(dir, name), { force: true });
    removed.push(join(dir, name));
  }
  return removed;
}

function alive(pid: number): boolean {
  if (pid === process.pid) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === 'EPERM';
  }
}
