// The offline signing page (dist/signing.html, built here from the current sources by the build's own
// script) opened from disk in headless Chromium and used as a person would: what it signs is
// byte-for-byte what `ledger-bcs sign` prints for the same request and key, what it refuses it
// refuses with the body `sign` prints, and it makes no network request. Set
// LEDGER_BCS_SCREENSHOTS=DIR to keep screenshots of it empty, signed and refusing.
// Needs a Chromium binary (Debian/Ubuntu: `apt-get update && apt-get install -y chromium`; or set
// CHROMIUM_PATH); skipped, saying so, without.
import { chmodSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildSigningPage } from '../../scripts/build-page.mjs';
import { findChromium, launchChromium, type Chromium, type ChromiumPage } from '../../scripts/chromium.mjs';
import { signCommand } from '../../src/cli/commands/sign.js';
import { ed25519Signer, signSubmission } from '../../src/signing/index.js';
import { runCommands } from '../cli/run-commands.js';

const chromium = findChromium();
if (!chromium) {
  console.warn('signing-page.test.ts: skipped, no Chromium found (apt-get update && apt-get install -y chromium, or set CHROMIUM_PATH)');
}

// A fixed test key (no account holds anything with it) and the bundled example requests.
const KEY = 'ed25519-priv-0xc5338cd251c22daa8c9c9cc94f498cc8a5c7e1d2e75287a5dda91096fe64efa5';
const SECRET = KEY.slice(-64);
const SECOND_KEY = `0x${'11'.repeat(32)}`;
const PAYER_KEY = `ed25519-priv-0x${'22'.repeat(32)}`;
const [TRANSFER, COIN_TRANSFER] = readFileSync('fixtures/example-requests.jsonl', 'utf8').split('\n');
/** A module beyond the framework, `0xcafe::m::f(&signer, u64)`, and a request calling it. */
const CAFE_ABI = {
  address: '0xcafe',
  name: 'm',
  friends: [],
  exposed_functions: [{ name: 'f', visibility: 'public', is_entry: true, is_view: false, generic_type_params: [], params: ['&signer', 'u64'], return: [] }],
  structs: [],
};
const CAFE_CALL = JSON.stringify({ ...JSON.parse(TRANSFER!), payload: { type: 'entry_function_payload', function: '0xcafe::m::f', type_arguments: [], arguments: ['42'] } });

// Helpers the test defines in the page (DevTools evaluation is not bound by the page's CSP).
const DRIVER = `window.t = {
  el: (id) => document.getElementById(id),
  fill(id, value) { const e = this.el(id); e.value = value; e.dispatchEvent(new Event('input', { bubbles: true })); },
  /** Clicks #id, then waits until one of #shown is visible. */
  async click(id, shown) {
    this.el(id).click();
    for (const t0 = Date.now(); !shown.some((s) => !this.el(s).hidden); await new Promise((r) => setTimeout(r, 20))) {
      if (Date.now() - t0 > 20000) throw new Error('nothing shown after clicking #' + id);
    }
  },
  text: (id) => document.getElementById(id).textContent,
  /** Imports a key in a role; waits until the list of keys grows or an error shows. */
  async importKey(role, key) {
    const before = this.el('keys-list').children.length;
    this.el('key-role').value = role;
    this.fill('key', key);
    this.el('import-key').click();
    for (const t0 = Date.now(); this.el('keys-list').children.length === before && this.el('error').hidden; await new Promise((r) => setTimeout(r, 20))) {
      if (Date.now() - t0 > 20000) throw new Error('the key was neither imported nor refused');
    }
  },
  state() {
    const shown = (id) => !this.el(id).hidden;
    return {
      error: shown('error') ? { title: this.text('error-title'), message: this.text('error-message'), body: shown('error-body') ? this.text('error-body') : undefined, hint: shown('error-hint') ? this.text('error-hint') : undefined } : null,
      decoded: shown('decoded') ? { json: this.text('decoded-json'), signingMessage: this.text('signing-message'), facts: this.text('facts') } : null,
      signed: shown('signed') ? { json: this.text('signed-json'), hex: this.text('signed-hex'), hash: this.text('hash') } : null,
      keys: shown('key-status') ? Array.from(this.el('keys-list').children, (li) => li.textContent) : [],
      keyField: this.el('key').value,
    };
  },
};`;

interface PageState {
  error: { title: string; message: string; body?: string; hint?: string } | null;
  decoded: { json: string; signingMessage: string; facts: string } | null;
  signed: { json: string; hex: string; hash: string } | null;
  keys: string[];
  keyField: string;
}

async function evaluate<T>(page: ChromiumPage, expression: string): Promise<T> {
  const r = await page.send('Runtime.evaluate', { expression, awaitPromise: true, returnByValue: true });
  if (r.exceptionDetails) throw new Error(r.exceptionDetails.exception?.description ?? r.exceptionDetails.text);
  return r.result.value as T;
}

const state = (page: ChromiumPage) => evaluate<PageState>(page, 't.state()');
const fill = (page: ChromiumPage, id: string, value: string) => evaluate(page, `t.fill(${JSON.stringify(id)}, ${JSON.stringify(value)})`);
const click = (page: ChromiumPage, id: string, ...shown: string[]) => evaluate(page, `t.click(${JSON.stringify(id)}, ${JSON.stringify(shown)})`);

async function screenshot(page: ChromiumPage, name: string): Promise<void> {
  const dir = process.env.LEDGER_BCS_SCREENSHOTS;
  if (!dir) return;
  const { data } = await page.send('Page.captureScreenshot', { format: 'png', captureBeyondViewport: true });
  writeFileSync(join(dir, `signing-page-${name}.png`), Buffer.from(data as string, 'base64'));
}

const sign = (argv: string[], stdin = '') => runCommands({ sign: signCommand }, ['sign', ...argv], stdin);

describe.skipIf(!chromium)('the offline signing page in headless Chromium', () => {
  let dir: string;
  let browser: Chromium | undefined;
  let page: ChromiumPage;
  let url: string;
  let keyFile: string;

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'ledger-bcs-page-'));
    const { path } = await buildSigningPage(join(dir, 'signing.html'));
    url = pathToFileURL(path).href;
    keyFile = join(dir, 'sender.key');
    writeFileSync(keyFile, `${KEY}\n`, { mode: 0o600 });
    chmodSync(keyFile, 0o600);
    browser = await launchChromium(chromium!);
    await browser.send('Browser.setDownloadBehavior', { behavior: 'allow', downloadPath: dir });
    page = await browser.newPage();
    for (const domain of ['Page', 'Network', 'Runtime', 'Log']) await page.send(`${domain}.enable`);
    await page.send('Emulation.setDeviceMetricsOverride', { width: 1000, height: 900, deviceScaleFactor: 1, mobile: false });
    const loaded = page.next('Page.loadEventFired');
    await page.send('Page.navigate', { url });
    await loaded;
    await evaluate(page, DRIVER);
  }, 60_000);

  afterAll(async () => {
    await browser?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('opens from disk with nothing shown but the empty form', async () => {
    const s = await state(page);
    expect(s).toEqual({ error: null, decoded: null, signed: null, keys: [], keyField: '' });
    expect(await evaluate(page, `document.title`)).toBe('ledger-bcs: offline signing');
    // Everything but its own script and style (by hash) refused: no fetch, image, frame, font, form.
    const csp = await evaluate<string>(page, `document.querySelector('meta[http-equiv="Content-Security-Policy"]').content`);
    expect(csp).toMatch(/^default-src 'none'; script-src 'sha256-[A-Za-z0-9+/]{43}='; style-src 'sha256-[A-Za-z0-9+/]{43}='; connect-src 'none'; img-src 'none'; base-uri 'none'; form-action 'none'$/);
    await screenshot(page, 'empty');
  });

  it('refuses a malformed key as `sign` does, without showing it', async () => {
    const bad = `ed25519-priv-0x${SECRET.slice(0, 60)}`;
    await evaluate(page, `t.importKey('sender', ${JSON.stringify(bad)})`);
    const s = await state(page);
    writeFileSync(join(dir, 'bad.key'), `${bad}\n`, { mode: 0o600 });
    const cli = await sign(['--key', join(dir, 'bad.key'), '--chain-id', '4', '-'], TRANSFER);
    expect(cli.code).toBe(1);
    expect(s.error?.title).toBe('The key was not imported');
    expect(`error: ${s.error?.message}\n`).toBe(cli.err);
    expect(s.keyField).toBe('');
    expect(JSON.stringify(s)).not.toContain(SECRET.slice(8, 40));
  });

  it('decodes a request, imports the key (field cleared), and signs it as `ledger-bcs sign` does', async () => {
    await fill(page, 'chain-id', '4');
    await fill(page, 'request', TRANSFER!);
    await click(page, 'decode', 'decoded', 'error');
    let s = await state(page);
    expect(s.error).toBeNull();
    // Read back from the bytes: the recipient as the node writes an address argument, in full.
    const transfer = JSON.parse(TRANSFER!);
    expect(JSON.parse(s.decoded!.json)).toEqual({ ...transfer, payload: { ...transfer.payload, arguments: [`0x${'0'.repeat(62)}b0`, '1000'] } });
    // fixtures/example-transaction.json: the signing message of this request on chain 4.
    expect(s.decoded!.signingMessage).toBe(JSON.parse(readFileSync('fixtures/example-transaction.json', 'utf8')).signingMessage);
    expect(s.decoded!.facts).toContain('2023-11-14T22:13:20Z');

    await evaluate(page, `t.importKey('sender', ${JSON.stringify(KEY)})`);
    s = await state(page);
    expect(s.error).toBeNull();
    expect(s.keyField).toBe('');
    expect(s.keys).toEqual([expect.stringMatching(/^sender Forget.*0x978c213990c4833df71548df7ce49d54c759d6b6d932de22b24d56060b7af2aa/)]);
    await click(page, 'sign', 'signed', 'error');
    s = await state(page);
    expect(s.error).toBeNull();

    const cli = await sign(['--key', keyFile, '--chain-id', '4', '-'], TRANSFER);
    expect([cli.code, cli.err]).toEqual([0, '']);
    expect(s.signed!.json + '\n').toBe(cli.out); // byte for byte what `sign` prints, and `submit` takes
    // "Save as file" writes exactly that too.
    await evaluate(page, `t.el('save').click()`);
    const saved = join(dir, 'signed-transaction.json');
    for (const t0 = Date.now(); !existsSync(saved) && Date.now() - t0 < 20_000; ) await new Promise((r) => setTimeout(r, 50));
    expect(readFileSync(saved, 'utf8')).toBe(cli.out);
    const lib = await signSubmission(JSON.parse(TRANSFER!), KEY, { chainId: 4 });
    expect(s.signed).toEqual({ json: JSON.stringify({ signed_transaction: lib.hex, hash: lib.hash }), hex: lib.hex, hash: lib.hash });
    // The key is nowhere on the page: not in a field, not in the text.
    expect(await evaluate<string>(page, `document.documentElement.outerHTML + [...document.querySelectorAll('input,textarea')].map((e) => e.value).join()`)).not.toContain(SECRET.slice(8, 40));
    await screenshot(page, 'signed');
  });

  it('signs with an ABI pasted for a module outside the framework, and a second request with the same key', async () => {
    await fill(page, 'abis', JSON.stringify(CAFE_ABI, null, 2));
    const cases = [
      [CAFE_CALL, true, `0x${'0'.repeat(60)}cafe::m::f`],
      [COIN_TRANSFER!, false, '0x1::coin::transfer'],
    ] as const;
    for (const [request, abi, functionId] of cases) {
      await fill(page, 'request', request);
      await click(page, 'sign', 'signed', 'error');
      const s = await state(page);
      expect(s.error).toBeNull();
      if (abi) writeFileSync(join(dir, 'cafe.json'), JSON.stringify(CAFE_ABI));
      const cli = await sign(['--key', keyFile, '--chain-id', '4', ...(abi ? ['--abi', join(dir, 'cafe.json')] : []), '-'], request);
      expect([cli.code, s.signed!.json + '\n']).toEqual([0, cli.out]);
      expect(JSON.parse(s.decoded!.json).payload.function).toBe(functionId);
    }
  });

  it('signs a multi-agent, fee-payer request with each key in its role, as `sign --secondary-key --fee-payer-key` does', async () => {
    const [second, payer] = await Promise.all([SECOND_KEY, PAYER_KEY].map((k) => ed25519Signer(k)));
    const request = JSON.stringify({ ...JSON.parse(TRANSFER!), secondary_signers: [second!.authenticationKey] });
    await fill(page, 'request', request);
    // Without the secondary signer's key: refused as `sign` refuses it.
    await click(page, 'sign', 'signed', 'error');
    let s = await state(page);
    const unsigned = await sign(['--key', keyFile, '--chain-id', '4', '-'], request);
    expect(unsigned.code).toBe(1);
    expect(`error: ${s.error?.message}\n`).toBe(unsigned.err);

    await evaluate(page, `t.importKey('secondary', ${JSON.stringify(SECOND_KEY)})`);
    await evaluate(page, `t.importKey('fee-payer', ${JSON.stringify(PAYER_KEY)})`);
    s = await state(page);
    expect(s.keys.map((k) => k.split(' Forget')[0])).toEqual(['sender', 'secondary signer 1', 'fee payer']);
    await click(page, 'sign', 'signed', 'error');
    s = await state(page);
    expect(s.error).toBeNull();
    for (const [name, key] of [['second.key', SECOND_KEY], ['payer.key', PAYER_KEY]]) writeFileSync(join(dir, name!), `${key}\n`, { mode: 0o600 });
    const cli = await sign(['--key', keyFile, '--secondary-key', join(dir, 'second.key'), '--fee-payer-key', join(dir, 'payer.key'), '--chain-id', '4', '-'], request);
    expect([cli.code, s.signed!.json + '\n']).toEqual([0, cli.out]);
    // The secondary signer's and fee payer's keys forgotten; the sender's stays.
    await evaluate(page, `document.querySelector('[aria-label="Forget the fee payer key"]').click(); document.querySelector('[aria-label="Forget the secondary signer 1 key"]').click()`);
    expect((await state(page)).keys.map((k) => k.split(' Forget')[0])).toEqual(['sender']);
  });

  it('shows the node\'s error for a malformed request, the body `sign` prints', async () => {
    const transfer = JSON.parse(TRANSFER!);
    const malformed = [
      TRANSFER!.slice(0, 60), // truncated JSON
      JSON.stringify({ ...transfer, payload: { ...transfer.payload, arguments: ['0xb0', '18446744073709551616'] } }), // u64 overflow
      JSON.stringify({ ...transfer, sequence_number: 7 }), // a number where the node takes a string
      JSON.stringify({ ...transfer, payload: { ...transfer.payload, function: '0x1::aptos_account::no_such_function' } }),
      CAFE_CALL, // its ABI is not given
    ];
    await fill(page, 'abis', '');
    for (const request of malformed) {
      await fill(page, 'request', request);
      await click(page, 'sign', 'signed', 'error');
      const s = await state(page);
      const cli = await sign(['--key', keyFile, '--chain-id', '4', '-'], request);
      expect(cli.code, request).toBe(1);
      expect(s.signed, request).toBeNull();
      expect(s.error?.title, request).toMatch(/^The node refuses this request \(400 /);
      expect(s.error?.body + '\n', request).toBe(cli.err);
      expect(s.error?.message, request).toBe(JSON.parse(cli.err).message);
      // Only the module no ABI source has gets a hint: where its ABI goes.
      expect(s.error?.hint, request).toEqual(request === CAFE_CALL ? expect.stringMatching(/^Paste the module's ABI/) : undefined);
    }
    await screenshot(page, 'error');
  });

  it('made no network request and broke none of its own policy', () => {
    const requests = page.events.filter((e) => e.method === 'Network.requestWillBeSent').map((e) => e.params.request.url as string);
    expect(requests).toEqual([url]); // the page itself, read from disk
    expect(page.events.filter((e) => e.method === 'Network.webSocketCreated' || e.method === 'Network.loadingFailed')).toEqual([]);
    // A blocked attempt (CSP) or a script error would be logged here.
    const problems = page.events.filter((e) => e.method === 'Runtime.exceptionThrown' || (e.method === 'Log.entryAdded' && e.params.entry.level === 'error'));
    expect(problems.map((e) => JSON.stringify(e.params).slice(0, 300))).toEqual([]);
  });
});
