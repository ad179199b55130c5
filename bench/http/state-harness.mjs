// What the state-server benches share (state.mjs, read-api.mjs): a server child (state-server.mjs,
// ours or the floor) answering the workloads' paths, its CPU time read by a signal, and a workload
// timed with autocannon after a warm-up, checked to have answered 2xx only.
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import autocannon from 'autocannon';

/** Starts state-server.mjs as `kind` ('ledger' or 'floor') over the ledger `file`, answering `paths` ([path, accept] pairs). */
export async function startServer(kind, file, paths) {
  const child = spawn(process.execPath, [new URL('state-server.mjs', import.meta.url).pathname, kind, file, JSON.stringify(paths)], { stdio: ['ignore', 'pipe', 'inherit'] });
  const [chunk] = await once(child.stdout, 'data');
  return { child, url: `http://127.0.0.1:${String(chunk).trim()}` };
}

/** The server's CPU time so far, in µs (user + system). */
export async function serverCpu({ child }) {
  const reply = once(child.stdout, 'data');
  child.kill('SIGUSR2');
  const { user, system } = JSON.parse(String((await reply)[0]));
  return user + system;
}

export async function stopServer({ child }) {
  child.kill('SIGTERM');
  await once(child, 'exit');
}

const cannon = (opts, seconds, connections) =>
  new Promise((resolve, reject) => autocannon({ ...opts, connections, pipelining: 1, duration: seconds }, (err, r) => (err ? reject(err) : resolve(r))));

/** Workload `w` ({ name, path, accept? }) against `server`: warm-up, then a timed run; requests a second, server CPU a request, bytes a response. */
export async function timed(server, w, { warmup, seconds, connections }) {
  const opts = { url: server.url + w.path, headers: w.accept ? { accept: w.accept } : {} };
  await cannon(opts, warmup, connections);
  const c0 = await serverCpu(server);
  const r = await cannon(opts, seconds, connections);
  const cpuUs = (await serverCpu(server)) - c0;
  if (r.non2xx > 0 || r.errors > 0 || r.timeouts > 0) throw new Error(`${w.name}: ${r.non2xx} non-2xx, ${r.errors} errors, ${r.timeouts} timeouts`);
  return { rps: r.requests.average, cpuPerReq: cpuUs / r.requests.total, bytes: r.throughput.total / r.requests.total };
}
