// The trace viewer in headless Chromium, driven through the DevTools protocol with real
// mouse events: opens the viewer of a failing script and checks that it lists one step
// per acting line (each `data-line` one of the script's lines after the setup), that the
// failing step is selected on open, that every frame image (and every thumbnail) loads,
// that clicking a step shows its frame and its trace lines with its touches drawn, that
// the scrubber shows the timeline's frames, and that the page made no network request
// and raised no error (its CSP would refuse anything else). Screenshots go to --shots.
// Run through Tools/check-viewer.sh (it builds emojisim, writes the viewers and finds
// chromium).
import { readFileSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { openBrowser, sleep } from './devtools.mjs';

const opts = {};
for (let i = 2; i < process.argv.length; i += 2) opts[process.argv[i].replace(/^--/, '')] = process.argv[i + 1];
const { chromium, page, script, work, shots } = opts;
const failingLine = +opts['failing-line'];
let failures = 0;
const fail = (s) => { failures++; console.log(`check-viewer: FAIL ${s}`); };
const ok = (c, s) => { if (!c) fail(s); return c; };

// The lines that act, expect or snapshot: every command line after the setup.
const setupWords = new Set(['device', 'theme', 'catalog', 'conversation', 'set']);
const acting = readFileSync(script, 'utf8').split('\n').map((l, i) => [i + 1, l.trim()])
    .filter(([, l]) => l && !l.startsWith('#') && !setupWords.has(l.split(/\s+/)[0])).map(([n]) => n);

const browser = await openBrowser({ chromium, work, width: 1280, height: 900 });
const { send, evaluate, pageErrors } = browser;
const screenshot = (name) => browser.screenshot(join(shots, name));
async function click([x, y]) {
    for (const type of ['mouseMoved', 'mousePressed', 'mouseReleased']) {
        await send('Input.dispatchMouseEvent', { type, x, y, button: type === 'mouseMoved' ? 'none' : 'left',
            buttons: type === 'mousePressed' ? 1 : 0, clickCount: type === 'mouseMoved' ? 0 : 1 });
    }
}

mkdirSync(shots, { recursive: true });
await browser.navigate('file://' + page);
for (let i = 0; ; i++) {
    if (await evaluate('document.body && document.body.getAttribute("data-ready") === "1"').catch(() => false)) break;
    if (i > 300) { fail(`the page did not finish loading its frames in 30 s (${pageErrors.join('; ')})`); process.exit(1); }
    await sleep(100);
}

// One step per acting line, in order.
const lines = await evaluate('[...document.querySelectorAll("#steps li.step")].map((li) => +li.dataset.line)');
ok(JSON.stringify(lines) === JSON.stringify(acting), `steps ${JSON.stringify(lines)}, acting lines ${JSON.stringify(acting)}`);
// The failing step is selected when the page opens.
const selected = await evaluate('[...document.querySelectorAll("#steps li.step.selected")].map((li) => +li.dataset.line)');
ok(selected.length === 1 && selected[0] === failingLine, `selected on open: ${JSON.stringify(selected)}, expected [${failingLine}]`);
ok(await evaluate('document.body.dataset.selectedLine') === String(failingLine), 'body data-selected-line');
// Every frame image loads, and every thumbnail.
const frames = await evaluate('({ n: +document.body.dataset.frames, loaded: +document.body.dataset.framesLoaded, broken: +document.body.dataset.framesBroken })');
ok(frames.n > 0 && frames.loaded === frames.n && frames.broken === 0, `frames: ${JSON.stringify(frames)}`);
const thumbs = await evaluate('[...document.querySelectorAll("img.thumb")].map((i) => i.complete && i.naturalWidth > 0)');
ok(thumbs.length === lines.length && thumbs.every((t) => t), `thumbnails loaded: ${thumbs.filter((t) => t).length} of ${thumbs.length}`);
ok(await evaluate('document.getElementById("frame").naturalWidth > 0'), 'the selected step shows its frame');
await screenshot('viewer-open.png');

// Clicking a step shows its frame, its trace lines and its touches, for every step with touches.
const data = await evaluate('JSON.parse(document.getElementById("emojisim-trace").textContent)');
let clicked = 0;
for (let i = 0; i < data.steps.length; i++) {
    const s = data.steps[i];
    const at = await evaluate(`(() => { const li = document.querySelector('#steps li[data-step="${i}"]'); li.scrollIntoView({ block: 'nearest' });
        const r = li.getBoundingClientRect(); return [r.left + r.width / 2, r.top + r.height / 2]; })()`);
    await click(at);
    await sleep(50);
    const shown = await evaluate(`({ sel: document.body.dataset.selectedStep, frame: document.getElementById('frame').dataset.frame,
        loaded: document.getElementById('frame').complete && document.getElementById('frame').naturalWidth > 0,
        trace: document.getElementById('d-trace').textContent, boxes: document.querySelectorAll('#overlay rect.box').length,
        downs: document.querySelectorAll('#overlay circle.down').length })`);
    ok(shown.sel === String(i), `click on line ${s.line} selected step ${shown.sel}`);
    ok(shown.frame === String(s.frame) && shown.loaded, `line ${s.line}: frame ${shown.frame} (loaded ${shown.loaded}), expected ${s.frame}`);
    const expectedTrace = s.trace.length ? s.trace.join('\n') : '(no trace lines)';
    ok(shown.trace === expectedTrace, `line ${s.line}: trace pane shows ${JSON.stringify(shown.trace.slice(0, 80))}`);
    if (s.touches.length) ok(shown.downs >= 1, `line ${s.line}: no touch drawn`);
    if (s.aims.length) ok(shown.boxes >= s.aims.length + (s.after ? 1 : 0), `line ${s.line}: ${shown.boxes} rectangles drawn`);
    clicked++;
    if (s.warnings.length) await screenshot('viewer-missed-tap.png');
}
// The step at touch down: the other frame.
const touchStep = data.steps.findIndex((s) => s.touchFrame !== null && s.touchFrame !== s.frame);
if (touchStep >= 0) {
    await evaluate(`document.querySelector('#steps li[data-step="${touchStep}"]').click()`);
    const b = await evaluate(`(() => { const r = document.getElementById('show-touch').getBoundingClientRect(); return [r.left + r.width / 2, r.top + r.height / 2]; })()`);
    await click(b);
    ok(await evaluate('document.getElementById("frame").dataset.frame') === String(data.steps[touchStep].touchFrame), 'at touch down shows the touch frame');
    await screenshot('viewer-touch-down.png');
    await evaluate('document.getElementById("show-after").click()');
}
// The scrubber: every timeline entry shows its frame.
let scrubbed = 0;
for (const [t, f] of data.timeline) {
    const shown = await evaluate(`(() => { const s = document.getElementById('scrub'); s.value = '${t}'; s.dispatchEvent(new Event('input'));
        return document.getElementById('frame').dataset.frame; })()`);
    if (ok(shown === String(f), `scrubber at ${t}: frame ${shown}, expected ${f}`)) scrubbed++;
}
ok(pageErrors.length === 0, `page errors or requests: ${pageErrors.join('; ')}`);
console.log(`check-viewer: ${failures ? 'FAILED' : 'ok'}: ${lines.length} steps (one per acting line), line ${failingLine} selected on open, ` +
    `${frames.loaded} of ${frames.n} frames and ${thumbs.length} thumbnails loaded, ${clicked} steps clicked, ${scrubbed} timeline frames scrubbed; screenshots in ${shots}`);
process.exit(failures ? 1 : 0);
