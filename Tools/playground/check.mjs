// Drives the playground page in headless Chromium through the DevTools protocol with
// real input events (Input.dispatchMouseEvent / dispatchKeyEvent, with timestamps),
// records a session, replays the recorded script natively with `emojisim run`, and
// compares every snapshot the page took with the native files byte for byte (text
// formats) and pixel for pixel (the RGBA framebuffer against the native PPM).
// Run through Tools/playground/check (it builds the page and finds chromium).
import { spawn, spawnSync } from 'node:child_process';
import { readFileSync, writeFileSync, mkdirSync, existsSync, readdirSync } from 'node:fs';
import { join, dirname } from 'node:path';

const opts = {};
for (let i = 2; i < process.argv.length; i += 2) opts[process.argv[i].replace(/^--/, '')] = process.argv[i + 1];
const { chromium, page, work, emojisim } = opts;
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const t0 = Date.now();
const log = (s) => console.log(`[${((Date.now() - t0) / 1000).toFixed(1)}s] ${s}`);
let failures = 0;
const fail = (s) => { failures++; console.log(`FAIL ${s}`); };

// MARK: Chromium and the protocol

const chrome = spawn(chromium, ['--headless=new', '--no-sandbox', '--disable-gpu', '--remote-debugging-port=0',
    `--user-data-dir=${join(work, 'profile')}`, '--window-size=1400,1450', '--force-device-scale-factor=1',
    '--no-first-run', '--no-default-browser-check', 'about:blank'], { stdio: ['ignore', 'ignore', 'pipe'] });
const wsURL = await new Promise((resolve, reject) => {
    let err = '';
    const timer = setTimeout(() => reject(new Error(`chromium did not start in 30 s:\n${err}`)), 30000);
    chrome.stderr.on('data', (d) => {
        err += d;
        const m = /DevTools listening on (ws:\/\/\S+)/.exec(err);
        if (m) { clearTimeout(timer); resolve(m[1]); }
    });
    chrome.on('exit', (c) => reject(new Error(`chromium exited (${c}):\n${err}`)));
});
process.on('exit', () => { try { chrome.kill('SIGKILL'); } catch {} });

const ws = new WebSocket(wsURL);
await new Promise((r, j) => { ws.onopen = r; ws.onerror = () => j(new Error('cannot connect to chromium')); });
let nextId = 1;
const pending = new Map();
const pageErrors = [];
ws.onmessage = (m) => {
    const msg = JSON.parse(m.data);
    if (msg.id && pending.has(msg.id)) {
        const { resolve, reject, method } = pending.get(msg.id);
        pending.delete(msg.id);
        if (msg.error) reject(new Error(`${method}: ${msg.error.message}`)); else resolve(msg.result);
    } else if (msg.method === 'Runtime.exceptionThrown') {
        pageErrors.push(msg.params.exceptionDetails.exception?.description || msg.params.exceptionDetails.text);
    } else if (msg.method === 'Runtime.consoleAPICalled' && msg.params.type === 'error') {
        pageErrors.push(msg.params.args.map((a) => a.value ?? a.description).join(' '));
    } else if (msg.method === 'Network.requestWillBeSent') {
        const u = msg.params.request.url;
        if (!u.startsWith('file://') && !u.startsWith('data:') && !u.startsWith('blob:')) pageErrors.push(`network request: ${u}`);
    }
};
let session;
const send = (method, params = {}, sid = session) => new Promise((resolve, reject) => {
    const id = nextId++;
    pending.set(id, { resolve, reject, method });
    ws.send(JSON.stringify({ id, method, params, ...(sid ? { sessionId: sid } : {}) }));
});
const evaluate = async (expression) => {
    const r = await send('Runtime.evaluate', { expression, returnByValue: true, awaitPromise: true });
    if (r.exceptionDetails) throw new Error(`page: ${r.exceptionDetails.exception?.description || r.exceptionDetails.text}`);
    return r.result.value;
};

const { targetId } = await send('Target.createTarget', { url: 'about:blank' }, null);
({ sessionId: session } = await send('Target.attachToTarget', { targetId, flatten: true }, null));
await send('Runtime.enable');
await send('Network.enable');
await send('Page.enable');
await send('Page.navigate', { url: 'file://' + page });
log(`chromium ${chromium} opened ${page}`);
for (let i = 0; ; i++) {
    if (await evaluate('!!(window.playground && window.playground.ready)').catch(() => false)) break;
    if (i > 600) throw new Error(`the page did not become ready in 60 s: ${await evaluate("document.getElementById('error').textContent").catch(() => '?')} ${pageErrors.join('; ')}`);
    await sleep(100);
}
log('page ready (module instantiated, screen open)');

// MARK: real input

const rect = await evaluate(`(() => { const r = document.getElementById('screen').getBoundingClientRect(); return { x: r.left, y: r.top, w: r.width, h: r.height }; })()`);
const dev = await evaluate('window.playground.device()');
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
async function fling(from, to, ms, steps) {
    await mouse('mousePressed', css(...from), 1);
    for (let i = 1; i <= steps; i++) {
        await sleep(ms / steps);
        await mouse('mouseMoved', css(from[0] + (to[0] - from[0]) * i / steps, from[1] + (to[1] - from[1]) * i / steps), 1);
    }
    await mouse('mouseReleased', css(...to), 0);
}
async function key(k) {
    const code = /^[a-z]$/.test(k) ? 'Key' + k.toUpperCase() : k;
    await send('Input.dispatchKeyEvent', { type: 'keyDown', key: k, code, text: k.length === 1 ? k : undefined, timestamp: Date.now() / 1000 });
    await send('Input.dispatchKeyEvent', { type: 'keyUp', key: k, code, timestamp: Date.now() / 1000 });
}
async function clickButton(id) {
    const r = await evaluate(`(() => { const r = document.getElementById(${JSON.stringify(id)}).getBoundingClientRect(); return [r.left + r.width / 2, r.top + r.height / 2]; })()`);
    await mouse('mousePressed', r, 1);
    await sleep(30);
    await mouse('mouseReleased', r, 0);
}
const stats = (a) => {
    const s = [...a].sort((p, q) => p - q);
    const q = (f) => s[Math.min(s.length - 1, Math.floor(f * s.length))];
    return s.length ? `n=${s.length} mean=${(s.reduce((p, v) => p + v, 0) / s.length).toFixed(2)} p50=${q(0.5).toFixed(2)} p95=${q(0.95).toFixed(2)} max=${s[s.length - 1].toFixed(2)} ms` : 'n=0';
};

// MARK: the session (iphone8, 375x667 points; positions from the screen's tree dump)

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
await clickButton('record');
await sleep(300);
const input = await where((l, v) => v === 'InputBar.textView');
await tap(input[0], input[1]);              // the system keyboard
await sleep(700);
for (const k of 'ok') await key(k);         // typed into the input bar
await sleep(200);
const toggle = await where((l, v) => v === 'InputBar.toggle');
await tap(toggle[0], toggle[1]);            // the emoji keyboard
await sleep(900);
await clickButton('snapshot');
const e1 = await where((l) => l.includes('label="笑哭"')), e2 = await where((l) => l.includes('label="哈哈"'));
await tap(e1[0], e1[1]);
await sleep(400);
await tap(e2[0], e2[1]);
await sleep(400);
await clickButton('snapshot');
await evaluate('window.playground.frameTimes.length = 0, window.playground.frameIntervals.length = 0');
const pages = await where((l, v) => v === 'EmojiPanel.pages');
await fling([pages[0] + 100, pages[1]], [pages[0] - 60, pages[1]], 100, 8); // a fling to the next page
await sleep(1200);
const flingTimes = await evaluate('({ work: window.playground.frameTimes.slice(), intervals: window.playground.frameIntervals.slice() })');
await clickButton('snapshot');
const sendAt = await where((l, v) => v === 'InputBar.send');
await tap(sendAt[0], sendAt[1]);
await sleep(900);
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
const names = await evaluate('Object.keys(window.playground.snapshots)');
log(`recorded ${script.split('\n').length} lines, snapshots ${names.join(', ')}; page messages: ${errors.length ? errors.join(' | ') : 'none'}`);
log(`fling, work per frame (module render + blit): ${stats(flingTimes.work)}`);
log(`fling, requestAnimationFrame intervals: ${stats(flingTimes.intervals)}`);
if (names.length !== 4) fail(`expected 4 snapshots, got ${names.length}`);
if (!/^type "o"$/m.test(script)) fail('the typed keys did not become type lines');

// MARK: native replay and comparison

const rec = join(work, 'rec');
mkdirSync(rec, { recursive: true });
writeFileSync(join(rec, 'playground.scenario'), script);
const env = { ...process.env };
delete env.CI; // `emojisim run` writes nothing under CI; --out is what we compare with
const native = spawnSync(emojisim, ['run', join(rec, 'playground.scenario'), '--out', join(work, 'native'),
    '--snapshots', join(work, 'refs'), '--record', 'all'], { encoding: 'utf8', env });
log(`emojisim run: exit ${native.status}: ${native.stdout.trim()} ${native.stderr.trim()}`);
if (native.status !== 0) fail('the recorded script does not pass natively');
const outDir = join(work, 'native', 'playground');
const files = existsSync(outDir) ? readdirSync(outDir) : [];
const b64 = (name, field) => evaluate(`(() => { const s = window.playground.snapshots[${JSON.stringify(name)}]; ` +
    `const v = s[${JSON.stringify(field)}]; if (typeof v === 'string') return v; let bin = ''; for (let i = 0; i < v.length; i += 32768) bin += String.fromCharCode.apply(null, v.subarray(i, i + 32768)); return btoa(bin); })()`);
for (const name of names) {
    for (const [field, file] of [['ascii', `${name}.txt`], ['styled', `${name}.styled.txt`], ['tree', `${name}.tree.txt`]]) {
        if (!files.includes(file)) { fail(`native run wrote no ${file} (it wrote: ${files.join(' ')})`); continue; }
        const mine = await b64(name, field), theirs = readFileSync(join(outDir, file), 'utf8');
        if (mine === theirs) log(`equal: ${file} (${Buffer.byteLength(theirs)} bytes)`);
        else {
            writeFileSync(join(work, `${file}.page`), mine);
            fail(`${file}: the page's snapshot differs from the native one (page's copy: ${join(work, file + '.page')})`);
        }
    }
    const ppm = join(outDir, `${name}.ppm`);
    if (!existsSync(ppm)) { fail(`native run wrote no ${name}.ppm`); continue; }
    const p = readFileSync(ppm);
    const m = /^P6\s+(\d+)\s+(\d+)\s+255\s/.exec(p.subarray(0, 32).toString('latin1'));
    // A 7 MB pixel transfer over the protocol stalls; compare FNV-1a of the RGB bytes instead.
    const pageHash = await evaluate(`(() => { const v = window.playground.snapshots[${JSON.stringify(name)}].rgba; let h = 0x811c9dc5;
        for (let i = 0; i < v.length; i++) { if ((i & 3) === 3) continue; h = Math.imul(h ^ v[i], 16777619) >>> 0; } return [h, v.length]; })()`);
    const [w, h] = [+m[1], +m[2]], off = m[0].length;
    let nh = 0x811c9dc5;
    for (let i = off; i < off + w * h * 3; i++) nh = Math.imul(nh ^ p[i], 16777619) >>> 0;
    const diff = pageHash[1] !== w * h * 4 ? -1 : (pageHash[0] === nh ? 0 : 1);
    if (diff === 0) log(`equal: ${name}.ppm pixels (${w}x${h}, FNV-1a of RGB) and the page's framebuffer`);
    else fail(`${name}: framebuffer differs from the native PPM (${diff < 0 ? 'size' : 'RGB hash'})`);
}

// MARK: replay in the page

await evaluate(`document.getElementById('script').value = ${JSON.stringify(script)}; document.getElementById('pace').value = 'fast'`);
await clickButton('replay');
for (let i = 0; i < 200 && !(await evaluate('window.playground.replayResult')); i++) await sleep(100);
const replayed = await evaluate('window.playground.replayResult');
if (!replayed || !replayed.passed) fail(`the page's replay of its own script: ${JSON.stringify(replayed)}`);
else log('page replay of the recorded script: passed');
// Hand-written scripts: a failing expectation and a refused action, then a parse error;
// the page must name the same lines `emojisim run` does.
async function replayText(text) {
    await evaluate(`window.playground.replayResult = null; document.getElementById('script').value = ${JSON.stringify(text)}`);
    await clickButton('replay');
    for (let i = 0; i < 200 && !(await evaluate('window.playground.replayResult')); i++) await sleep(100);
    return await evaluate('window.playground.replayResult');
}
const hand = 'device iphone8\nconversation demo\ntap input\nsettle\nexpect keyboard system\nexpect keyboard emoji\ntap panel.delete\n';
const handResult = await replayText(hand);
if (!handResult || handResult.passed || handResult.failedLine !== 7 || String(handResult.expectFailures) !== '6')
    fail(`hand-written script: expected expect line 6 to fail and line 7 to stop it, got ${JSON.stringify(handResult)}`);
else log(`hand-written script: expectation line 6 failed, line 7 refused: "${handResult.message.split('\n')[1].trim()}"`);
writeFileSync(join(rec, 'hand.scenario'), hand);
const cli = spawnSync(emojisim, ['run', join(rec, 'hand.scenario'), '--record', 'never', '--json'], { encoding: 'utf8', env });
log(`emojisim run hand.scenario: exit ${cli.status}; ${cli.stdout.replace(/\s+/g, ' ').slice(0, 400)}`);
const parseResult = await replayText('device iphone8\ntap input\ntap nowhere-at-all\nwait 5 parsecs\n');
if (!parseResult || !parseResult.parseError || parseResult.failedLine !== 3) fail(`parse errors: ${JSON.stringify(parseResult)}`);
else log(`malformed script: parse errors shown before running: ${parseResult.message.split('\n')[0]}`);
if (pageErrors.length) fail(`page errors or network requests: ${pageErrors.join(' | ')}`);

log(failures ? `playground check: ${failures} FAILED` : 'playground check: passed');
chrome.kill('SIGKILL');
process.exit(failures ? 1 : 0);
