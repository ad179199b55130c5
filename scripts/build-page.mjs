// The offline signing page: src/page/index.ts bundled by esbuild and inlined, with the page's CSS,
// into one HTML file that works opened from disk (dist/signing.html). Its Content-Security-Policy
// allows only that script and that style (by hash) and nothing else: no fetch, no images, no forms.
// Run by `npm run build` after tsup; `node scripts/build-page.mjs [OUT]` writes OUT instead.
import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const root = fileURLToPath(new URL('..', import.meta.url));

const sha256 = (text) => `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`;

/** The page's HTML text, built from the current sources. */
export async function signingPageHtml() {
  const result = await build({
    entryPoints: [join(root, 'src/page/index.ts')],
    bundle: true,
    format: 'iife',
    platform: 'browser',
    // Browsers with WebCrypto Ed25519 (Chrome 137, Firefox 129, Safari 17) all run ES2022.
    target: 'es2022',
    minify: true,
    legalComments: 'none',
    write: false,
    logLevel: 'silent',
  });
  const script = result.outputFiles[0].text.trimEnd();
  // Inlined as the content of a <script> element: it must not end that element early.
  if (/<\/script|<!--/i.test(script)) throw new Error('build-page: the bundled script contains "</script" or "<!--"');
  const template = readFileSync(join(root, 'src/page/signing.html'), 'utf8');
  const style = /<style>([\s\S]*?)<\/style>/.exec(template)?.[1];
  if (style === undefined || !template.includes('<!--script-->') || !template.includes('__CSP__')) {
    throw new Error('build-page: src/page/signing.html lacks its <style>, <!--script--> or __CSP__');
  }
  const csp = [
    "default-src 'none'",
    `script-src ${sha256(script)}`,
    `style-src ${sha256(style)}`,
    "connect-src 'none'",
    "img-src 'none'",
    "base-uri 'none'",
    "form-action 'none'",
  ].join('; ');
  return template.replace('__CSP__', csp).replace('<!--script-->', () => `<script>${script}</script>`);
}

/** Writes the page to `outFile` (default dist/signing.html); returns its path and size in bytes. */
export async function buildSigningPage(outFile = join(root, 'dist/signing.html')) {
  const html = await signingPageHtml();
  mkdirSync(dirname(outFile), { recursive: true });
  writeFileSync(outFile, html);
  return { path: outFile, bytes: Buffer.byteLength(html) };
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  try {
    await buildSigningPage(process.argv[2] ? resolve(process.argv[2]) : undefined);
  } catch (e) {
    console.error(e instanceof Error ? e.message : e);
    process.exit(1);
  }
}
