// The offline signing page's script (bundled into dist/signing.html by scripts/build-page.mjs): wires
// the page's fields to signing.ts. The key lives only in an Ed25519Signer, whose WebCrypto key is
// not extractable; the text it came from is cleared from the field at once and never shown.
import { toHex } from '../bcs/index.js';
import { ed25519Signer, type Ed25519Signer } from '../signing/index.js';
import { abisOf, chainIdOf, decodeRequest, inputError, pageFailure, signRequest, type DecodedRequest, type PageKeys, type SignedOutput } from './signing.js';

const el = <T extends HTMLElement = HTMLElement>(id: string): T => {
  const e = document.getElementById(id);
  if (!e) throw new Error(`the page has no #${id}`);
  return e as T;
};

const field = (id: string) => el<HTMLInputElement | HTMLTextAreaElement>(id);

function showError(e: unknown): void {
  const f = pageFailure(e);
  el('error-title').textContent = f.title;
  el('error-message').textContent = f.message;
  const hint = el('error-hint');
  hint.textContent = f.hint ?? '';
  hint.hidden = f.hint === undefined;
  const body = el('error-body');
  body.textContent = f.body ?? '';
  body.hidden = f.body === undefined;
  const box = el('error');
  box.hidden = false;
  box.focus();
}

const clearError = () => {
  el('error').hidden = true;
};

/** The imported keys, by the role `ledger-bcs sign` gives them (--key, --secondary-key in order, --fee-payer-key). */
const keys: PageKeys = { secondarySigners: [] };

function senderWarning(d: DecodedRequest | undefined): void {
  const w = el('sender-warning');
  const sender = d?.facts.find(([k]) => k === 'sender')?.[1];
  const key = keys.sender?.authenticationKey;
  w.hidden = !(key && sender && sender !== key);
  w.textContent = w.hidden ? '' : `The sender key's account address is ${key}, not the sender's. Sign only if the sender's key was rotated to this key.`;
}

let decoded: DecodedRequest | undefined;

/** Decodes the fields as they are now; shows the transaction, or the failure. */
function decodeNow(): { request: string; abis: ReturnType<typeof abisOf>; chainId: number } | undefined {
  clearError();
  el('signed').hidden = true;
  try {
    const chainId = chainIdOf(field('chain-id').value);
    const abis = abisOf(field('abis').value);
    const request = field('request').value;
    decoded = decodeRequest(request, abis, chainId);
    const facts = el('facts');
    facts.replaceChildren(
      ...decoded.facts.flatMap(([k, v]) => {
        const dt = document.createElement('dt');
        dt.textContent = k;
        const dd = document.createElement('dd');
        dd.textContent = v;
        return [dt, dd];
      }),
    );
    el('decoded-json').textContent = typeof decoded.decoded === 'string' ? decoded.decoded : JSON.stringify(decoded.decoded, null, 2);
    el('signing-message').textContent = decoded.signingMessage;
    el('decoded').hidden = false;
    senderWarning(decoded);
    return { request, abis, chainId };
  } catch (e) {
    decoded = undefined;
    el('decoded').hidden = true;
    showError(e);
    return undefined;
  }
}

function showSigned(out: SignedOutput): void {
  el('signed-json').textContent = JSON.stringify(out);
  el('signed-hex').textContent = out.signed_transaction;
  el('hash').textContent = out.hash;
  el('signed').hidden = false;
}

/** Lists the imported keys' public halves (never more) and enables signing once there is a sender key. */
function showKeys(): void {
  const rows: [string, Ed25519Signer, () => void][] = [];
  if (keys.sender) rows.push(['sender', keys.sender, () => (keys.sender = undefined)]);
  keys.secondarySigners.forEach((k, i) => rows.push([`secondary signer ${i + 1}`, k, () => keys.secondarySigners.splice(i, 1)]));
  if (keys.feePayer) rows.push(['fee payer', keys.feePayer, () => (keys.feePayer = undefined)]);
  el('keys-list').replaceChildren(
    ...rows.map(([role, k, forget]) => {
      const li = document.createElement('li');
      const head = document.createElement('strong');
      head.textContent = role;
      const button = document.createElement('button');
      button.type = 'button';
      button.className = 'quiet';
      button.textContent = 'Forget';
      button.setAttribute('aria-label', `Forget the ${role} key`);
      button.addEventListener('click', () => (forget(), showKeys()));
      const dl = document.createElement('dl');
      for (const [k2, v] of [['account address (authentication key)', k.authenticationKey], ['public key', toHex(k.publicKey)]]) {
        const dt = document.createElement('dt');
        dt.textContent = k2!;
        const dd = document.createElement('dd');
        dd.textContent = v!;
        dl.append(dt, dd);
      }
      li.append(head, ' ', button, dl);
      return li;
    }),
  );
  el('key-status').hidden = rows.length === 0;
  el<HTMLButtonElement>('sign').disabled = !keys.sender;
  senderWarning(decoded);
}

async function importKey(text: string): Promise<void> {
  clearError();
  const role = el<HTMLSelectElement>('key-role').value;
  try {
    const k = await ed25519Signer(text);
    if (role === 'secondary') keys.secondarySigners.push(k);
    else if (role === 'fee-payer') keys.feePayer = k;
    else keys.sender = k;
  } catch (e) {
    showError(e);
  }
  showKeys();
}

async function sign(): Promise<void> {
  const input = decodeNow();
  if (!input || !keys.sender) return;
  const button = el<HTMLButtonElement>('sign');
  button.disabled = true;
  try {
    showSigned(await signRequest(input.request, input.abis, input.chainId, keys));
  } catch (e) {
    showError(e);
  } finally {
    button.disabled = !keys.sender;
  }
}

/** A file picked in `input`, read as text (no upload: File.text() reads it locally). */
async function fileText(input: HTMLInputElement, index = 0): Promise<string | undefined> {
  return input.files?.[index]?.text();
}

function wire(): void {
  el('decode').addEventListener('click', () => void decodeNow());
  el('sign').addEventListener('click', () => void sign());
  el('import-key').addEventListener('click', () => {
    const key = field('key');
    const text = key.value;
    key.value = ''; // cleared before anything else can happen
    void importKey(text);
  });
  el('key-file').addEventListener('change', async (ev) => {
    const input = ev.target as HTMLInputElement;
    const text = await fileText(input);
    input.value = '';
    if (text !== undefined) await importKey(text);
  });
  el('request-file').addEventListener('change', async (ev) => {
    const text = await fileText(ev.target as HTMLInputElement);
    if (text !== undefined) field('request').value = text;
    decodeNow();
  });
  el('abi-files').addEventListener('change', async (ev) => {
    const files = Array.from((ev.target as HTMLInputElement).files ?? []);
    try {
      const modules = (await Promise.all(files.map(async (f) => JSON.parse(await f.text()) as unknown))).flat();
      field('abis').value = JSON.stringify(modules, null, 1);
      decodeNow();
    } catch (e) {
      showError(e instanceof SyntaxError ? inputError(`an ABI file is not JSON: ${e.message}`) : e);
    }
  });
  // An edited request is no longer the one signed or decoded: its outputs go.
  for (const id of ['chain-id', 'request', 'abis']) {
    el(id).addEventListener('input', () => {
      el('signed').hidden = true;
      el('decoded').hidden = true;
    });
  }
  for (const b of Array.from(document.querySelectorAll<HTMLButtonElement>('button[data-copy]'))) {
    b.addEventListener('click', () => void copy(b, el(b.dataset.copy!).textContent ?? ''));
  }
  el('save').addEventListener('click', () => {
    const a = document.createElement('a');
    a.href = URL.createObjectURL(new Blob([`${el('signed-json').textContent}\n`], { type: 'application/json' }));
    a.download = 'signed-transaction.json';
    a.click();
    setTimeout(() => URL.revokeObjectURL(a.href), 0);
  });
}

async function copy(button: HTMLButtonElement, text: string): Promise<void> {
  const label = button.textContent;
  try {
    await navigator.clipboard.writeText(text);
    button.textContent = 'Copied';
  } catch {
    button.textContent = 'Select and copy by hand';
  }
  setTimeout(() => (button.textContent = label), 1500);
}

wire();
