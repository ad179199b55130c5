// The offline signing page's size and its load time in headless Chromium, opened from disk as a
// person opens it: built from the current sources by scripts/build-page.mjs into a temporary
// directory, then loaded in a fresh tab N times (default 9). Prints one JSON line: the file's bytes
// (raw and gzip -9), and the medians of the browser's own navigation timing (responseEnd, DOM
// content loaded, load event; ms from navigation start) and of the wall time from Page.navigate to
// the load event. `node bench/page/load.mjs [--runs N]`. Needs Chromium (or CHROMIUM_PATH).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { gzipSync } from 'node:zlib';
import { buildSigningPage, signingPageHtml } from '../../scripts/build-page.mjs';
import { findChromium, launchChromium } from '../../scripts/chromium.mjs';

const runsArg = process.argv.indexOf('--runs');
const runs = runsArg > 0 ? Number(process.argv[runsArg + 1]) : 9;
const binary = findChromium();
if (!binary) {
  console.error('no Chromium found (apt-get install -y chromium, or set CHROMIUM_PATH)');
  process.exit(1);
}

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const dir = mkdtempSync(join(tmpdir(), 'ledger-bcs-page-bench-'));
const browser = await launchChromium(binary);
try {
  const html = await signingPageHtml();
  const { path, bytes } = await buildSigningPage(join(dir, 'signing.html'));
  const url = pathToFileURL(path).href;
  const samples = [];
  for (let i = 0; i < runs + 1; i++) {
    const page = await browser.newPage();
    await page.send('Page.enable');
    const loaded = page.next('Page.loadEventFired');
    const t0 = performance.now();
    await page.send('Page.navigate', { url });
    await loaded;
    const wall = performance.now() - t0;
    const { result } = await page.send('Runtime.evaluate', {
      expression: `(() => { const n = performance.getEntriesByType('navigation')[0]; return [n.responseEnd, n.domContentLoadedEventEnd, n.loadEventEnd]; })()`,
      returnByValue: true,
    });
    const [responseEnd, domContentLoaded, load] = result.value;
    if (i > 0) samples.push({ responseEnd, domContentLoaded, load, wall }); // the first warms the browser up
    await browser.send('Target.closeTarget', { targetId: (await page.send('Target.getTargetInfo')).targetInfo.targetId });
  }
  const round = (x) => Math.round(x * 10) / 10;
  const pick = (k) => round(median(samples.map((s) => s[k])));
  console.log(
    JSON.stringify({
      bytes,
      gzipBytes: gzipSync(html, { level: 9 }).length,
      runs,
      medianMs: { responseEnd: pick('responseEnd'), domContentLoaded: pick('domContentLoaded'), load: pick('load'), navigateToLoadEvent: pick('wall') },
    }),
  );
} finally {
  await browser.close();
  rmSync(dir, { recursive: true, force: true });
}
