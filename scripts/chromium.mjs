// Headless Chromium driven over the DevTools protocol through a pipe (--remote-debugging-pipe:
// commands on fd 3, answers and events on fd 4, each a JSON text ended by NUL): no WebSocket
// client and no dependency. Used by test/page/signing-page.test.ts and bench/page/load.mjs.
// Chromium is found as test/http/cors-browser.test.ts finds it: CHROMIUM_PATH, then the usual names.
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** The Chromium binary to run, or undefined when there is none. */
export function findChromium() {
  for (const c of [process.env.CHROMIUM_PATH, 'chromium', 'chromium-browser', 'google-chrome', 'google-chrome-stable']) {
    if (!c) continue;
    const r = spawnSync(c, ['--version'], { encoding: 'utf8', timeout: 10_000 });
    if (r.status === 0 && /chrom/i.test(r.stdout)) return c;
  }
  return undefined;
}

/** Starts headless Chromium with a fresh profile; `close()` ends it and removes the profile. */
export async function launchChromium(binary, { timeoutMs = 30_000 } = {}) {
  const profile = mkdtempSync(join(tmpdir(), 'ledger-bcs-chromium-'));
  const child = spawn(
    binary,
    ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage', '--no-first-run', '--no-default-browser-check', `--user-data-dir=${profile}`, '--remote-debugging-pipe', 'about:blank'],
    // Its own process group, so its helper processes (renderer, GPU, zygote) end with it.
    { stdio: ['ignore', 'ignore', 'pipe', 'pipe', 'pipe'], detached: true },
  );
  let stderr = '';
  child.stderr.setEncoding('utf8').on('data', (t) => (stderr = (stderr + t).slice(-4000)));
  const toBrowser = child.stdio[3];
  const fromBrowser = child.stdio[4];
  let nextId = 0;
  const pending = new Map();
  const listeners = new Set();
  let exited = false;
  const exit = new Promise((r) => child.once('exit', () => r()));
  child.once('exit', (code, signal) => {
    exited = true;
    for (const p of pending.values()) p.reject(new Error(`Chromium exited (${code ?? signal}) before answering ${p.method}: ${stderr.trim().slice(-500)}`));
    pending.clear();
  });
  let buffered = '';
  fromBrowser.setEncoding('utf8').on('data', (text) => {
    buffered += text;
    for (let end = buffered.indexOf('\0'); end >= 0; end = buffered.indexOf('\0')) {
      const msg = JSON.parse(buffered.slice(0, end));
      buffered = buffered.slice(end + 1);
      if (msg.id !== undefined) {
        const p = pending.get(msg.id);
        pending.delete(msg.id);
        if (msg.error) p?.reject(new Error(`${p.method}: ${msg.error.message}`));
        else p?.resolve(msg.result);
      } else for (const l of listeners) l(msg);
    }
  });

  /** One protocol command; rejects on the protocol's error, Chromium's exit, or after timeoutMs. */
  function send(method, params = {}, sessionId) {
    if (exited) return Promise.reject(new Error(`Chromium has exited: ${stderr.trim().slice(-500)}`));
    const id = ++nextId;
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        pending.delete(id);
        reject(new Error(`${method}: no answer within ${timeoutMs} ms`));
      }, timeoutMs);
      const done = (f) => (v) => (clearTimeout(timer), f(v));
      pending.set(id, { method, resolve: done(resolve), reject: done(reject) });
      toBrowser.write(JSON.stringify(sessionId ? { id, method, params, sessionId } : { id, method, params }) + '\0');
    });
  }

  /** A new tab, attached: its commands, every event it has sent, and a wait for the next one of a kind. */
  async function newPage() {
    const { targetId } = await send('Target.createTarget', { url: 'about:blank' });
    const { sessionId } = await send('Target.attachToTarget', { targetId, flatten: true });
    const events = [];
    const waiters = new Set();
    listeners.add((msg) => {
      if (msg.sessionId !== sessionId) return;
      events.push(msg);
      for (const w of waiters) if (w.method === msg.method) w.resolve(msg.params);
    });
    return {
      send: (method, params) => send(method, params, sessionId),
      events,
      /** The params of the next event `method`; rejects after timeoutMs. */
      next(method) {
        return new Promise((resolve, reject) => {
          const w = { method, resolve: (p) => (clearTimeout(timer), waiters.delete(w), resolve(p)) };
          const timer = setTimeout(() => (waiters.delete(w), reject(new Error(`no ${method} within ${timeoutMs} ms`))), timeoutMs);
          waiters.add(w);
        });
      },
    };
  }

  async function close() {
    if (!exited) {
      await Promise.race([send('Browser.close').catch(() => {}), new Promise((r) => setTimeout(r, 5000))]);
      if (!exited) {
        try {
          process.kill(-child.pid, 'SIGKILL');
        } catch {
          child.kill('SIGKILL');
        }
      }
      await exit;
    }
    rmSync(profile, { recursive: true, force: true, maxRetries: 5, retryDelay: 200 });
  }

  await send('Browser.getVersion'); // answers once the pipe is up
  return { send, newPage, close };
}
