// Drives the playground page in headless Chromium through the DevTools protocol with
// real input events (Input.dispatchMouseEvent / dispatchKeyEvent / imeSetComposition /
// insertText, with timestamps), records a session of more than 30 s of virtual time,
// replays the recorded script natively with `emojisim run`, and compares every snapshot
// the page took with the native files byte for byte (text formats and PNG) and pixel for
// pixel (the RGBA framebuffer against the native PPM). Then: a catalog JSON dropped on
// the page (through the file input) at 1x, whose canvas must equal the native PNG; a
// malformed catalog; the page's replay of scripts against the CLI's results.
// Run through Tools/playground/check (it builds the page and finds chromium).
import { spawnSync } from 'node:child_process';
import { readFileSync, writeFileSync, mkdirSync, existsSync, readdirSync, copyFileSync } from 'node:fs';
import { inflateSync } from 'node:zlib';
import { join, dirname } from 'node:path';
import { openBrowser, sleep } from '../devtools.mjs';

const opts = {};
for (let i = 2; i < process.argv.length; i += 2) opts[process.argv[i].replace(/^--/, '')] = process.argv[i + 1];
const { chromium, page, work, emojisim } = opts;
const t0 = Date.now();
const log = (s) => console.log(`[${((Date.now() - t0) / 1000).toFixed(1)}s] ${s}`);
let failures = 0;
const fail = (s) => { failures++; console.log(`FAIL ${s}`); };

// MARK: Chromium and the protocol

const browser = await openBrowser({ chromium, work, width: 1400, height: 1560 });
const { send, evaluate, pageErrors } = browser;
await browser.navigate('file://' + page);
log(`chromium ${chromium} opened ${page}`);
for (let i = 0; ; i++) {
    if (await evaluate('!!(window.playground && window.playground.ready)').catch(() => false)) break;
    if (i > 600) throw new Error(`the page did not become ready in 60 s: ${await evaluate("document.getElementById('error').textContent").catch(() => '?')} ${pageErrors.join('; ')}`);
    await sleep(100);
}
log('page ready (module instantiated, screen open)');

// MARK: real input

let rect, dev;
async function geometry() {
    rect = await evaluate(`(() => { const r = document.getElementById('screen').getBoundingClientRect(); return { x: r.left, y: r.top, w: r.width, h: r.height }; })()`);
    dev = await evaluate('window.playground.device()');
}
await geometry();
const css = (px, py) => [rect.x + px * rect.w / dev.w, rect.y + py * rect.h / dev.h];
const mouse = (type, [x, y], buttons) => send('Input.dispatchMouseEvent', {
    type, x, y, button: type === 'mouseMoved' && !buttons ? 'none' : 'left', buttons, clickCount: type === 'mouseMoved' ? 0 : 1,
    timestamp: Date.now() / 1000, pointerType: 'mouse',
});
async function tap(px, py, hold = 80) {
    await mouse('mousePressed', css(px, py), 1);
    await sleep(hold);
    await mouse('mouseReleased', css(px, py), 0);
}
// A fling: the events stamped with the page's clock at even steps and sent without
// waiting for each to be handled, as a finger moves whatever the page is doing.
async function fling(from, to, ms, steps) {
    const base = await evaluate('(performance.timeOrigin + performance.now()) / 1000');
    const at = (i) => base + 0.002 + (i * ms / steps) / 1000;
    const ev = (type, [x, y], buttons, i) => send('Input.dispatchMouseEvent', {
        type, x, y, button: 'left', buttons, clickCount: type === 'mouseMoved' ? 0 : 1, timestamp: at(i), pointerType: 'mouse' });
    const sent = [ev('mousePressed', css(...from), 1, 0)];
    for (let i = 1; i <= steps; i++) {
        await sleep(ms / steps);
        sent.push(ev('mouseMoved', css(from[0] + (to[0] - from[0]) * i / steps, from[1] + (to[1] - from[1]) * i / steps), 1, i));
    }
    sent.push(ev('mouseReleased', css(...to), 0, steps + 0.2));
    await Promise.all(sent);
}
async function key(k) {
    const code = /^[a-z]$/.test(k) ? 'Key' + k.toUpperCase() : k;
    await send('Input.dispatchKeyEvent', { type: 'keyDown', key: k, code, text: k.length === 1 ? k : undefined, timestamp: Date.now() / 1000 });
    await send('Input.dispatchKeyEvent', { type: 'keyUp', key: k, code, timestamp: Date.now() / 1000 });
}
// The panes update a frame at a time after a change, and their heights move the buttons
// under them: press only where the button has stayed for 50 ms and is the element hit.
async function clickButton(id) {
    let r = null;
    for (let i = 0; i < 40; i++) {
        const q = await evaluate(`(() => { const e = document.getElementById(${JSON.stringify(id)}); const b = e.getBoundingClientRect();
            const x = b.left + b.width / 2, y = b.top + b.height / 2, hit = document.elementFromPoint(x, y);
            return [x, y, !!hit && (hit === e || e.contains(hit))]; })()`);
        const same = r && q[0] === r[0] && q[1] === r[1];
        r = q;
        if (same && q[2]) break;
        await sleep(50);
    }
    if (!r[2]) fail(`button ${id} is covered at ${r[0]},${r[1]}`);
    r = [r[0], r[1]];
    await mouse('mousePressed', r, 1);
    await sleep(30);
    await mouse('mouseReleased', r, 0);
}
const stats = (a) => {
    const s = [...a].sort((p, q) => p - q);
    const q = (f) => s[Math.min(s.length - 1, Math.floor(f * s.length))];
    return s.length ? `n=${s.length} mean=${(s.reduce((p, v) => p + v, 0) / s.length).toFixed(2)} p50=${q(0.5).toFixed(2)} p95=${q(0.95).toFixed(2)} max=${s[s.length - 1].toFixed(2)} ms` : 'n=0';
};

const pct = (a) => {
    const s = [...a].sort((p, q) => p - q);
    return (f) => s.length ? s[Math.min(s.length - 1, Math.floor(f * s.length))] : NaN;
};

// MARK: helpers over the page

// Where things are, from the screen's own tree dump (absolute frames, view names, labels).
async function where(test) {
    const tree = await evaluate('window.playground.tree()');
    for (const l of tree.split('\n')) {
        const m = /^\s*\w+ \[(-?[\d.]+),(-?[\d.]+) ([\d.]+)x([\d.]+)\].* view=(\S+)/.exec(l);
        if (m && test(l, m[5])) return [+m[1] + +m[3] / 2, +m[2] + +m[4] / 2, +m[3], +m[4]];
    }
    const info = await evaluate('JSON.stringify({ errors: window.playground.errors, lines: window.playground.lines.filter((l) => !/^wait/.test(l)).slice(-20) })');
    throw new Error(`nothing in the tree matches ${test}; page: ${info}`);
}
const view = (name) => where((l, v) => v === name);
const label = (text) => where((l) => l.includes(`label="${text}"`));
async function untilIdle(ms = 5000) {
    for (let t = 0; t < ms; t += 50) { if ((await evaluate('window.playground.status().idle'))) return; await sleep(50); }
    throw new Error('the screen did not become idle');
}
async function hold(at, ms) {
    await mouse('mousePressed', css(at[0], at[1]), 1);
    await sleep(ms);
    await mouse('mouseReleased', css(at[0], at[1]), 0);
}
async function setControl(id, value) {
    // A select's value from the protocol (Chromium's headless select popups take no mouse input).
    await evaluate(`(() => { const e = document.getElementById(${JSON.stringify(id)}); e.value = ${JSON.stringify(value)}; e.dispatchEvent(new Event('change')); })()`);
    await sleep(150);
    await geometry();
}
const env = { ...process.env };
delete env.CI; // `emojisim run` writes nothing under CI; --out is what we compare with
function runNative(dir, name, script) {
    mkdirSync(dir, { recursive: true });
    writeFileSync(join(dir, `${name}.scenario`), script);
    const r = spawnSync(emojisim, ['run', join(dir, `${name}.scenario`), '--out', join(work, 'native'),
        '--snapshots', join(work, 'refs'), '--record', 'all'], { encoding: 'utf8', env });
    log(`emojisim run ${name}.scenario: exit ${r.status}: ${(r.stdout + r.stderr).trim().split('\n').slice(-3).join(' | ')}`);
    if (r.status !== 0) fail(`${name}: the recorded script does not pass natively`);
    const m = /(\d+\.\d+)s virtual/.exec(r.stdout);
    return { dir: join(work, 'native', name), seconds: m ? +m[1] : NaN };
}
const b64 = (name, field) => evaluate(`(() => { const s = window.playground.snapshots[${JSON.stringify(name)}]; ` +
    `const v = s[${JSON.stringify(field)}]; if (typeof v === 'string') return v; let bin = ''; for (let i = 0; i < v.length; i += 32768) bin += String.fromCharCode.apply(null, v.subarray(i, i + 32768)); return btoa(bin); })()`);
const fnv = (bytes, skipAlpha) => { let h = 0x811c9dc5; for (let i = 0; i < bytes.length; i++) { if (skipAlpha && (i & 3) === 3) continue; h = Math.imul(h ^ bytes[i], 16777619) >>> 0; } return h; };
// Every snapshot the page took against the native files: text formats and the PNG byte
// for byte, the RGBA framebuffer against the PPM's pixels (FNV-1a of RGB; a 7 MB pixel
// transfer over the protocol stalls).
async function compareSnapshots(outDir) {
    const names = await evaluate('Object.keys(window.playground.snapshots)');
    const files = existsSync(outDir) ? readdirSync(outDir) : [];
    let equal = 0;
    for (const name of names) {
        for (const [field, file] of [['ascii', `${name}.txt`], ['styled', `${name}.styled.txt`], ['tree', `${name}.tree.txt`]]) {
            if (!files.includes(file)) { fail(`native run wrote no ${file} (it wrote: ${files.join(' ')})`); continue; }
            const mine = await b64(name, field), theirs = readFileSync(join(outDir, file), 'utf8');
            if (mine === theirs) equal++;
            else {
                writeFileSync(join(work, `${file}.page`), mine);
                fail(`${file}: the page's snapshot differs from the native one (page's copy: ${join(work, file + '.page')})`);
            }
        }
        const png = readFileSync(join(outDir, `${name}.png`));
        const pagePNG = await evaluate(`(() => { const v = window.playground.snapshots[${JSON.stringify(name)}].png; let h = 0x811c9dc5; for (let i = 0; i < v.length; i++) h = Math.imul(h ^ v[i], 16777619) >>> 0; return [h, v.length]; })()`);
        if (pagePNG[0] === fnv(png) && pagePNG[1] === png.length) equal++;
        else fail(`${name}.png: the page's PNG differs from the native one (${pagePNG[1]} vs ${png.length} bytes)`);
        const ppm = join(outDir, `${name}.ppm`);
        if (!existsSync(ppm)) { fail(`native run wrote no ${name}.ppm`); continue; }
        const p = readFileSync(ppm);
        const m = /^P6\s+(\d+)\s+(\d+)\s+255\s/.exec(p.subarray(0, 32).toString('latin1'));
        const pageHash = await evaluate(`(() => { const v = window.playground.snapshots[${JSON.stringify(name)}].rgba; let h = 0x811c9dc5;
            for (let i = 0; i < v.length; i++) { if ((i & 3) === 3) continue; h = Math.imul(h ^ v[i], 16777619) >>> 0; } return [h, v.length]; })()`);
        const [w, h] = [+m[1], +m[2]];
        if (pageHash[1] === w * h * 4 && pageHash[0] === fnv(p.subarray(m[0].length, m[0].length + w * h * 3))) equal++;
        else fail(`${name}: framebuffer differs from the native PPM`);
    }
    log(`snapshots ${names.join(', ')}: ${equal} of ${names.length * 5} files equal (txt, styled, tree, png bytes; framebuffer = ppm pixels)`);
    return names.length;
}
// A PNG's pixels as RGBA (8-bit RGB or RGBA, non-interlaced: what SnapshotImageCodec writes).
function decodePNG(buf) {
    let off = 8, w, h, type, idat = [];
    while (off < buf.length) {
        const len = buf.readUInt32BE(off), kind = buf.toString('latin1', off + 4, off + 8), body = buf.subarray(off + 8, off + 8 + len);
        if (kind === 'IHDR') { w = body.readUInt32BE(0); h = body.readUInt32BE(4); type = body[9]; if (body[8] !== 8 || body[12]) throw new Error('PNG: not 8-bit non-interlaced'); }
        if (kind === 'IDAT') idat.push(body);
        off += 12 + len;
    }
    const bpp = type === 6 ? 4 : type === 2 ? 3 : 0;
    if (!bpp) throw new Error(`PNG colour type ${type}`);
    const raw = inflateSync(Buffer.concat(idat)), stride = w * bpp, out = new Uint8Array(w * h * 4), prev = new Uint8Array(stride), cur = new Uint8Array(stride);
    for (let y = 0; y < h; y++) {
        const f = raw[y * (stride + 1)], row = raw.subarray(y * (stride + 1) + 1, (y + 1) * (stride + 1));
        for (let i = 0; i < stride; i++) {
            const a = i >= bpp ? cur[i - bpp] : 0, b = prev[i], c = i >= bpp ? prev[i - bpp] : 0;
            let v = row[i];
            if (f === 1) v += a; else if (f === 2) v += b; else if (f === 3) v += (a + b) >> 1;
            else if (f === 4) { const p = a + b - c, pa = Math.abs(p - a), pb = Math.abs(p - b), pc = Math.abs(p - c); v += pa <= pb && pa <= pc ? a : pb <= pc ? b : c; }
            cur[i] = v & 255;
        }
        for (let xx = 0; xx < w; xx++) for (let k = 0; k < 4; k++) out[(y * w + xx) * 4 + k] = k < bpp ? cur[xx * bpp + k] : 255;
        prev.set(cur);
    }
    return { w, h, pixels: out };
}

// MARK: session 1: more than 30 s on iphone8 with the demo catalog, recorded as finders

const sessionStart = Date.now();
await clickButton('record');
await sleep(300);
await tap(...(await view('InputBar.textView')));      // the system keyboard
await sleep(800);
for (const k of 'okay') await key(k);                  // typed into the input bar (through #ime)
await sleep(300);
// IME: marked text while composing, then the committed conversion.
await send('Input.imeSetComposition', { text: 'ni', selectionStart: 2, selectionEnd: 2 });
await sleep(150);
await send('Input.imeSetComposition', { text: 'nihao', selectionStart: 5, selectionEnd: 5 });
await sleep(150);
const marked = await evaluate('window.playground.status().expects.find((l) => l.startsWith("expect input"))');
// The marked text as drawn (the page's snapshot call: a click would move the focus and end the composition).
await evaluate('window.playground.takeSnapshot("composing", "input")');
await send('Input.insertText', { text: '你好' });
await sleep(300);
await tap(...(await view('InputBar.toggle')));        // the emoji keyboard
await sleep(1000);
await tap(...(await label('笑哭')));
await sleep(500);
await tap(...(await label('哈哈')));
await sleep(500);
// A fling the page sees too slowly (a loaded machine delays the events) is a drag,
// honestly kept as points; try again, at most three times.
async function flingToSwipe(region, from, to) {
    for (let attempt = 1; attempt <= 3; attempt++) {
        const n = await evaluate('window.playground.rebuilds.length');
        await fling(from, to, 100, 8);
        await sleep(1500);
        const rb = await evaluate('window.playground.rebuilds');
        if (rb.length > n && rb[rb.length - 1].line.startsWith(`swipe ${region} `)) return attempt;
        log(`fling ${attempt} on the ${region} reached the page too slowly to be a fling: kept as points`);
        await untilIdle();
    }
    return 0;
}
const pages = await view('EmojiPanel.pages');
await evaluate('window.playground.frameTimes.length = 0, window.playground.frameIntervals.length = 0, window.playground.frameParts.length = 0');
await flingToSwipe('panel', [pages[0] + 100, pages[1]], [pages[0] - 60, pages[1]]); // to the next page
const flingTimes = await evaluate('({ work: window.playground.frameTimes.slice(), intervals: window.playground.frameIntervals.slice(), parts: window.playground.frameParts.slice() })');
// The kept framebuffer (redrawn by regions) against a full render, and the canvas too.
{ const v = await evaluate('window.playground.verifyFrame()'); if (v !== 'equal') fail(`after the fling: ${v}`); }
await tap(...(await label('动图')));                  // the second tab
await sleep(1000);
const firstGif = await where((l, v) => /^EmojiPanel\.page\.\d+$/.test(v) && / code="/.test(l) && /^\s*image/.test(l));
await hold(firstGif, 800);                           // the preview
await sleep(800);
{ const v = await evaluate('window.playground.verifyFrame()'); if (v !== 'equal') fail(`after the preview: ${v}`); }
await tap(...(await label('经典')));                  // back to the first tab
await sleep(1000);
// A page dot that is not the current one (only the current dot has a label): one page on.
await tap(...(await where((l, v) => v === 'EmojiPanel.pageControl' && !l.includes('label='))));
await sleep(1000);
await hold(await label('Delete'), 750);              // the delete key repeats (at 500, 600, 700 ms)
await sleep(800);
await clickButton('snapshot');
await untilIdle();
await sleep(300);
const clicked = [];
for (const id of ['exp-keyboard', 'exp-input', 'exp-panel.page', 'exp-list.count']) {
    clicked.push(await evaluate(`document.getElementById(${JSON.stringify(id)}).textContent`));
    await clickButton(id);
    await sleep(250);
}
await tap(...(await view('InputBar.send')));
await sleep(1000);
const list = await view('list');
await flingToSwipe('list', [list[0], list[1] - 60], [list[0], list[1] + 80]);  // the list scrolls back
const verified = await evaluate('window.playground.verifyFrame()');
if (verified !== 'equal') fail(`after the list fling: ${verified}`);
else log('kept framebuffer = full render after the panel fling, the preview and the list fling (and the canvas shows it)');
await clickButton('snapshot');
// GIFs keep playing; at 4x (the speed control) to reach 30 s of virtual time sooner.
await setControl('speed', '4');
for (let i = 0; i < 100 && (await evaluate('window.playground.status().now')) < 31; i++) await sleep(100);
await setControl('speed', '1');
await clickButton('snapshot');
if (opts.screenshot) {
    const shot = await send('Page.captureScreenshot', { format: 'png' });
    writeFileSync(opts.screenshot, Buffer.from(shot.data, 'base64'));
    log(`screenshot: ${opts.screenshot}`);
}
await clickButton('record');
await sleep(200);
const script = await evaluate("document.getElementById('script').value");
const errors = await evaluate('window.playground.errors');
const rebuilds = await evaluate('window.playground.rebuilds');
log(`touches (where, idle, finder): ${(await evaluate('window.playground.touches')).map((t) => `${t.x},${t.y} ${t.idle ? 'idle' : 'moving'} ${t.target || t.region || '-'}`).join('; ')}`);
log(`recorded ${script.split('\n').length} lines in ${((Date.now() - sessionStart) / 1000).toFixed(1)} s; page messages: ${errors.length ? errors.join(' | ') : 'none'}`);
log(`rebuilds (a gesture replaced by its finder line): ${rebuilds.map((r) => `${r.line} (${r.lines} lines, ${r.ms.toFixed(0)} ms)`).join('; ')}`);
const w = pct(flingTimes.work), iv = pct(flingTimes.intervals);
const fmt3 = (q) => `p50 ${q(0.5).toFixed(1)} p95 ${q(0.95).toFixed(1)} max ${q(1).toFixed(1)}`;
const part = (k) => fmt3(pct(flingTimes.parts.map((f) => f[k])));
const drawn = flingTimes.parts.filter((f) => f.regions > 0);
const uptime = (() => { try { return readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' '); } catch { return '?'; } })();
log(`fling frame times (${flingTimes.intervals.length} frames, load average ${uptime}): between animation frames ${fmt3(iv)} ms; ` +
    `work per frame (model + core + blit + ui) ${fmt3(w)} ms`);
log(`  by part, ms: model ${part('model')} | core (display list + damage + raster, wasm) ${part('core')} | blit (putImageData) ${part('blit')} | ` +
    `ui (panes) ${part('ui')} | input handlers between frames ${part('input')}`);
log(`  frames that redrew: ${drawn.length} of ${flingTimes.parts.length}, pixels redrawn a frame ${fmt3(pct(drawn.map((f) => f.pixels)))}`);
const framesJSON = join(work, 'fling-frames.json');
writeFileSync(framesJSON, JSON.stringify(flingTimes));
writeFileSync(join(work, 'session.scenario'), script);
for (const [what, re] of [
    ['tap input as a finder', /^tap input$/m], ['typed keys', /^type "o"$/m], ['tap toggle', /^tap toggle$/m],
    ['tap panel.emoji 笑哭', /^tap panel\.emoji 笑哭$/m], ['tap panel.emoji 哈哈', /^tap panel\.emoji 哈哈$/m],
    ['the fling as a swipe', /^swipe panel left by \d+pt at \d+pt\/s$/m], ['the tabs by their labels', /^tap panel\.tab "动图"$/m], ['the first tab by its label', /^tap panel\.tab "经典"$/m],
    ['a page dot tap', /^tap panel\.dot 1$/m], ['the preview as a long press', /^long-press panel\.emoji \S+ for \d+ms$/m], ['the delete repeat', /^long-press panel\.delete for \d+ms$/m],
    ['IME marked text', /^compose "nihao"$/m], ['the snapshot while composing', /^snapshot composing input all$/m], ['IME commit', /^compose "你好" commit "你好"$/m], ['tap send', /^tap send$/m],
    ['the list fling as a swipe', /^swipe list down by \d+pt at \d+pt\/s$/m],
    ...clicked.map((c) => [`the clicked ${c}`, new RegExp('^' + c.replace(/[.*+?^${}()|[\]\\]/g, '\\$&') + '$', 'm')]),
]) if (!re.test(script)) fail(`the recorded script lacks ${what} (${re})`);
log(`points sections kept: ${(script.match(/^press /gm) || []).length}`);
if (!/okay/.test(clicked[1] || '')) fail(`expect input should hold the typed and composed text: ${clicked[1]}`);
log(`IME: while composing the pane showed ${marked}; clicked expectations: ${clicked.join(' | ')}`);
const native1 = runNative(join(work, 'rec'), 'session', script);
log(`session length: ${native1.seconds} s of virtual time`);
if (!(native1.seconds >= 30)) fail(`the session is ${native1.seconds} s of virtual time, not 30`);
const n1 = await compareSnapshots(native1.dir);
if (n1 < 4) fail(`expected 4 snapshots, got ${n1}`);

// The page's own replay of the session, then its result.
async function replayText(text) {
    await evaluate(`window.playground.replayResult = null; document.getElementById('script').value = ${JSON.stringify(text)}; document.getElementById('pace').value = 'fast'`);
    await clickButton('replay');
    for (let i = 0; i < 300 && !(await evaluate('window.playground.replayResult')); i++) await sleep(100);
    const result = await evaluate('window.playground.replayResult');
    if (!result) log(`replay gave no result; page: ${JSON.stringify(await evaluate('window.playground.replayState()'))}`);
    return result;
}
const replayed = await replayText(script);
if (!replayed || !replayed.passed) fail(`the page's replay of its own script: ${JSON.stringify(replayed)}`);
else log('page replay of the recorded session: passed (expectations as natively)');
await clickButton('pause'); // a replay pauses at its end state: resume

// MARK: session 2: a dropped catalog JSON at 1x; the canvas against the native PNG

const cat = join(work, 'rec2');
mkdirSync(cat, { recursive: true });
const demoAssets = join(opts.root, 'Sources/EmojiSimIO/Resources/DemoAssets');
copyFileSync(join(demoAssets, 'emoji_u1f602.png'), join(cat, 'laugh.png'));
copyFileSync(join(demoAssets, 'haha.gif'), join(cat, 'haha.gif'));
writeFileSync(join(cat, 'mine.json'), JSON.stringify({
    format: 'emojisim-catalog', version: 1, groups: [
        { name: '我的', emoji: [
            { code: 'laugh', kind: 'static', image: 'laugh.png', meanings: { '': '大笑' } },
            { code: 'haha', kind: 'animated', image: 'haha.gif', meanings: { '': '哈哈' } },
            { code: 'gone', kind: 'static', image: 'missing.png', meanings: { '': '不见' } },
            { code: '😀', kind: 'unicode' }] },
        { name: 'second', emoji: [{ code: '🎉', kind: 'unicode' }] }] }));
await setControl('device', '375x667@1');
const { root: docNode } = await send('DOM.getDocument', {});
const { nodeId } = await send('DOM.querySelector', { nodeId: docNode.nodeId, selector: '#catalogfile' });
await send('DOM.setFileInputFiles', { nodeId, files: [join(cat, 'mine.json'), join(cat, 'laugh.png'), join(cat, 'haha.gif')] });
for (let i = 0; i < 50 && !/json "mine.json"/.test(await evaluate('window.playground.setup()')); i++) await sleep(100);
const setup2 = await evaluate('window.playground.setup()');
log(`catalog dropped: setup now ${setup2.trim().replace(/\n/g, ' | ')}; page says: ${await evaluate("document.getElementById('catalogname').textContent")}`);
if (!/catalog json "mine.json"/.test(setup2) || !/device 375x667@1/.test(setup2)) fail(`the dropped catalog or the 1x device is not in the setup: ${setup2}`);
await geometry();
await clickButton('record');
await sleep(300);
await tap(...(await view('InputBar.toggle')));
await sleep(900);
await tap(...(await label('大笑')));
await sleep(300);
await tap(...(await label('不见')));
await sleep(300);
await clickButton('snapshot');
await clickButton('record');
await sleep(200);
const script2 = await evaluate("document.getElementById('script').value");
if (!/^tap panel\.emoji laugh$/m.test(script2)) fail('session 2 lacks tap panel.emoji laugh');
const native2 = runNative(cat, 'dropped', script2);
await compareSnapshots(native2.dir);
// The canvas at 1x after the page replays the script (it pauses at the end) against the PNG.
const replayed2 = await replayText(script2);
if (!replayed2 || !replayed2.passed) fail(`page replay of session 2: ${JSON.stringify(replayed2)}`);
await sleep(100);
const canvas = await evaluate(`(() => { const c = document.getElementById('screen'); const d = c.getContext('2d').getImageData(0, 0, c.width, c.height).data;
    let h = 0x811c9dc5; for (let i = 0; i < d.length; i++) h = Math.imul(h ^ d[i], 16777619) >>> 0; return [c.width, c.height, h]; })()`);
const png2 = decodePNG(readFileSync(join(native2.dir, 'snap1.png')));
if (canvas[0] === png2.w && canvas[1] === png2.h && canvas[2] === fnv(png2.pixels)) log(`canvas at 1x (${canvas[0]}x${canvas[1]}) equals emojisim run's snap1.png pixel for pixel`);
else fail(`canvas ${canvas[0]}x${canvas[1]} differs from the native PNG ${png2.w}x${png2.h}`);
await clickButton('pause'); // resume

// A catalog that fails to load: the message names the file and the reason; the page goes on.
writeFileSync(join(work, 'broken.json'), '{"format": "emojisim-catalog", "version": 1, "groups": [{"name": "g", "emoji": [{"code": "x", "kind": "gif"}]}]}');
await send('DOM.setFileInputFiles', { nodeId, files: [join(work, 'broken.json')] });
await sleep(500);
const brokenMsg = await evaluate("document.getElementById('error').textContent");
if (!/broken\.json/.test(brokenMsg) || !/kind/.test(brokenMsg)) fail(`a broken catalog should be named with its reason, page says: ${brokenMsg}`);
else log(`broken catalog: "${brokenMsg}"; setup still ${(await evaluate('window.playground.setup()')).split('\n')[2]}`);
writeFileSync(join(work, 'malformed.json'), '{"format": "emojisim-catalog", "version": 1,\n  "groups": [{"name": "g" "emoji": []}]}');
await send('DOM.setFileInputFiles', { nodeId, files: [join(work, 'malformed.json')] });
await sleep(500);
const malformedMsg = await evaluate("document.getElementById('error').textContent");
if (!/^malformed\.json:2:27: \(byte 71\): malformed JSON: ',' or '}' expected/.test(malformedMsg)) fail(`malformed JSON should be named with its line, column and byte offset, page says: ${malformedMsg}`);
else log(`malformed catalog JSON: "${malformedMsg}"`);
if (!(await evaluate('window.playground.ready'))) fail('the page is not usable after a broken catalog');

// MARK: hand-written scripts: the page names the same lines `emojisim run` does

await setControl('catalog', 'demo');
const hand = 'device iphone8\nconversation demo\ntap input\nsettle\nexpect keyboard system\nexpect keyboard emoji\ntap panel.delete\n';
// Paused (as a replay leaves the page): Replay must run the script anyway.
if ((await evaluate("document.getElementById('pause').textContent")) !== 'Resume') await clickButton('pause');
const handResult = await replayText(hand);
if (!handResult || handResult.passed || handResult.failedLine !== 7 || String(handResult.expectFailures) !== '6')
    fail(`hand-written script: expected expect line 6 to fail and line 7 to stop it, got ${JSON.stringify(handResult)}`);
else log(`hand-written script: expectation line 6 failed, line 7 refused: "${handResult.message.split('\n')[1].trim()}"`);
writeFileSync(join(work, 'rec', 'hand.scenario'), hand);
const cli = spawnSync(emojisim, ['run', join(work, 'rec', 'hand.scenario'), '--record', 'never', '--json'], { encoding: 'utf8', env });
const cliJSON = cli.stdout.replace(/\s+/g, ' ');
if (!/"line" *: *6[^0-9]/.test(cliJSON)) fail(`the CLI should fail line 6 too: ${cliJSON.slice(0, 300)}`);
log(`emojisim run hand.scenario: exit ${cli.status}; ${cliJSON.slice(0, 200)}`);
const parseResult = await replayText('device iphone8\ntap input\ntap nowhere-at-all\nwait 5 parsecs\n');
if (!parseResult || !parseResult.parseError || parseResult.failedLine !== 3) fail(`parse errors: ${JSON.stringify(parseResult)}`);
else log(`malformed script: parse errors shown before running: ${parseResult.message.split('\n')[0]}`);
// MARK: a trace viewer page imported: replayed to a step, then on live from there

{
    const viewers = join(work, 'viewers');
    const missed = join(opts.root, 'Tests/Fixtures/viewer/missed-tap.scenario');
    spawnSync(emojisim, ['run', missed, '--record', 'never', '--viewer', viewers], { encoding: 'utf8', env });
    const viewerPage = readFileSync(join(viewers, 'Tests/Fixtures/viewer/missed-tap.html'), 'utf8');
    const trace = JSON.parse(/<script type="application\/json" id="emojisim-trace">([\s\S]*?)<\/script>/.exec(viewerPage)[1]);
    const tapStep = trace.steps.find((st) => st.line === 10);
    await evaluate('window.playground.replayResult = null');
    const imported = await evaluate(`window.playground.importTrace(${JSON.stringify(viewerPage)}, 10)`);
    for (let i = 0; i < 100 && !(await evaluate('window.playground.replayResult && window.playground.replayResult.stoppedAt')); i++) await sleep(100);
    const stopped = await evaluate('window.playground.replayResult');
    const script = await evaluate("document.getElementById('script').value");
    const steps = await evaluate("document.getElementById('tracesteps').options.length");
    if (!imported.started || !stopped || stopped.stoppedAt !== 10 || stopped.expectFailures.length) fail(`trace import: ${JSON.stringify({ imported, stopped })}`);
    else if (script !== trace.source || steps !== trace.steps.length) fail(`trace import: script pane or step picker differ (${steps} steps)`);
    else {
        // The state there is the state the viewer shows after that line.
        const st = await evaluate('window.playground.status()');
        const missing = st.expects.filter((e) => !tapStep.state.includes(e));
        if (missing.length) fail(`replayed to line 10, the page's state has ${JSON.stringify(missing)}, the viewer's ${JSON.stringify(tapStep.state)}`);
        else log(`trace viewer page imported: ${trace.steps.length} steps, replayed to line 10 (${tapStep.text}), state as the viewer shows it (${st.expects.length} expect lines)`);
        // Live from there: Resume, let the keyboard settle, tap where the missed touch went.
        await clickButton('pause');
        await sleep(800);
        const later = await evaluate('window.playground.status()');
        if (!(later.now > tapStep.end / trace.ticksPerSecond) || !later.idle) fail(`after Resume the clock did not go on: ${JSON.stringify(later)}`);
        await geometry();
        await tap(tapStep.aims[0].point[0], tapStep.aims[0].point[1]);
        await sleep(600);
        const after = await evaluate('window.playground.status()');
        const input = after.expects.find((e) => e.startsWith('expect input '));
        if (!input || input === 'expect input ""') fail(`a live tap after the imported replay inserted nothing: ${JSON.stringify(after.expects)}`);
        else log(`then live: Resume ran the clock to ${later.now.toFixed(3)} s, a real tap there gave ${input}`);
    }
}
if (pageErrors.length) fail(`page errors or network requests: ${pageErrors.join(' | ')}`);

log(failures ? `playground check: ${failures} FAILED` : `playground check: passed in ${((Date.now() - t0) / 1000).toFixed(1)} s`);
browser.close();
process.exit(failures ? 1 : 0);
