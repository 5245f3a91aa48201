// A screenshot of a local page in headless Chromium, for docs/images (Tools/screenshots.sh
// makes the pages): waits until the page says it is ready, then writes a PNG of the
// window (or of the whole document with --full).
//
//     node --experimental-websocket Tools/screenshots.mjs --chromium PATH --page FILE --out PNG
//          [--wait JS-EXPRESSION] [--width 1280] [--height 900] [--full 1] [--work DIR]
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openBrowser } from './devtools.mjs';

const opts = {};
for (let i = 2; i < process.argv.length; i += 2) opts[process.argv[i].replace(/^--/, '')] = process.argv[i + 1];
if (!opts.chromium || !opts.page || !opts.out) { console.error('usage: screenshots.mjs --chromium PATH --page FILE --out PNG [--wait EXPR]'); process.exit(2); }
const work = opts.work || mkdtempSync(join(tmpdir(), 'emojisim-shot-'));
const browser = await openBrowser({ chromium: opts.chromium, work, width: +(opts.width || 1280), height: +(opts.height || 900) });
await browser.navigate('file://' + opts.page);
await browser.waitFor(opts.wait || 'document.readyState === "complete"', 60000, `${opts.page} did not become ready`);
await browser.screenshot(opts.out, { full: opts.full === '1' });
if (browser.pageErrors.length) { console.error(`screenshots: page errors: ${browser.pageErrors.join('; ')}`); process.exit(1); }
console.log(`screenshots: ${opts.out}`);
browser.close();
process.exit(0);
