// The EmojiSim playground: the wasm core (Tools/wasm, C ABI in Tools/wasm/ABI) in a page.
//
// Everything the page does to the screen is a line of the scenario language
// (docs/SCENARIOS.md) run through esim_screen_run in `timing manual`: real time becomes
// `wait Nms`, a pointer becomes `press X,Y` / `move X,Y over Nms` / `release`, keys
// become `type "..."` / `backspace`. So the recorded script IS what ran: replaying it
// natively (`emojisim run`) gives the same model states, hence the same snapshots.
'use strict';
(() => {
const D = window.EMOJISIM_DATA;
const $ = (id) => document.getElementById(id);
const enc = new TextEncoder(), dec = new TextDecoder('utf-8');
const SETUP_WORDS = new Set(['device', 'theme', 'catalog', 'conversation', 'set']);
const FRAME_MS = 1000 / 60;

const pg = window.playground = {
    ready: false, recording: false, lines: [], snapshots: {}, frameTimes: [], frameIntervals: [],
    errors: [], replayResult: null,
};

function showError(msg) {
    pg.errors.push(msg);
    $('error').textContent = msg;
}
function clearError() { $('error').textContent = ''; }
window.addEventListener('error', (e) => showError(`page error: ${e.message}`));

function b64(s) {
    const bin = atob(s), a = new Uint8Array(bin.length);
    for (let i = 0; i < bin.length; i++) a[i] = bin.charCodeAt(i);
    return a;
}

// MARK: the module

let x, memory;
async function instantiate() {
    const wasi = {
        fd_write(fd, iovs, count, writtenPtr) {
            const view = new DataView(memory.buffer);
            let total = 0, text = '';
            for (let i = 0; i < count; i++) {
                const p = view.getUint32(iovs + i * 8, true), n = view.getUint32(iovs + i * 8 + 4, true);
                text += dec.decode(new Uint8Array(memory.buffer, p, n));
                total += n;
            }
            console.log(`[wasm fd ${fd}] ${text}`);
            view.setUint32(writtenPtr, total, true);
            return 0;
        },
        fd_read(fd, iovs, count, readPtr) { new DataView(memory.buffer).setUint32(readPtr, 0, true); return 0; },
        proc_exit(code) { throw new Error(`the module exited (${code})`); },
    };
    // Asynchronous: Chromium refuses synchronous compiles of modules over 8 MB on the main thread.
    const { instance } = await WebAssembly.instantiate(b64(D.wasm), { wasi_snapshot_preview1: wasi });
    x = instance.exports;
    memory = x.memory;
}

function put(bytes) {
    if (bytes.length === 0) return 0;
    const p = x.esim_alloc(bytes.length);
    if (!p) throw new Error(`esim_alloc(${bytes.length}) failed`);
    new Uint8Array(memory.buffer, p, bytes.length).set(bytes);
    return p;
}
const output = () => new Uint8Array(memory.buffer, x.esim_output_ptr(), x.esim_output_len());
const errorText = () => dec.decode(new Uint8Array(memory.buffer, x.esim_error_ptr(), x.esim_error_len()));

// Calls an export with string/byte arguments (each becomes ptr, len). A trap inside the
// module becomes a thrown Error with the export's name; the page stays usable.
function call(name, ...args) {
    const flat = [], owned = [];
    try {
        for (const a of args) {
            if (typeof a === 'string' || a instanceof Uint8Array) {
                const bytes = typeof a === 'string' ? enc.encode(a) : a;
                const p = put(bytes); owned.push(p); flat.push(p, bytes.length);
            } else flat.push(a);
        }
        return x[name](...flat);
    } catch (e) {
        throw new Error(`${name}: the module trapped: ${e.message}`);
    } finally { for (const p of owned) if (p) x.esim_free(p); }
}
function check(status, what) {
    if (status < 0) throw new Error(`${what}: ${errorText()}`);
    return status;
}

// MARK: the screen

let handle = 0, device = { w: 375, h: 667, s: 2 };
let vnow = 0;            // virtual ms run so far on this screen
let owed = 0;            // real ms (times speed) not yet turned into virtual time
let lastReal = null;     // performance.now() timebase of the last accounting
let paused = false, speed = 1;
let finger = null;       // { id, x, y } of the pointer that is down
let replay = null;       // { lines, i, nextAt, failed }

function parseDevice(setup) {
    const m = /^device\s+(\S+)/m.exec(setup);
    const d = m ? m[1] : 'iphone8';
    if (d === 'iphone8') return { w: 375, h: 667, s: 2 };
    if (d === 'iphone14') return { w: 390, h: 844, s: 3 };
    const c = /^(\d+(?:\.\d+)?)x(\d+(?:\.\d+)?)@(\d+)$/.exec(d);
    return c ? { w: +c[1], h: +c[2], s: +c[3] } : { w: 375, h: 667, s: 2 };
}

function openScreen(setup) {
    const h = call('esim_screen_create', setup);
    check(h, 'setup');
    if (handle) call('esim_screen_close', handle);
    handle = h;
    x.esim_screen_codes_reset(h);
    device = parseDevice(setup);
    vnow = 0; owed = 0; lastReal = performance.now(); finger = null; traceSeen = -1;
    const c = $('screen');
    c.width = Math.round(device.w * device.s);
    c.height = Math.round(device.h * device.s);
    lastTree = null;
    sizeCanvas();
    run('timing manual', false);
}

// Runs one script line on the screen. Returns true when the screen took it (and, when
// recording, appends it); on refusal shows the module's message and returns false.
function run(line, record = true) {
    const status = call('esim_screen_run', handle, line + '\n');
    if (status < 0) { showError(`${line}\n  -> ${errorText()}`); return false; }
    const d = lineDuration(line);
    vnow += d;
    if (record && pg.recording) pg.lines.push(line);
    return true;
}

// The virtual ms a line of ours takes (only what the page itself emits and times).
function lineDuration(line) {
    const m = /^(?:wait|move .* over) (\d+(?:\.\d+)?)ms$/.exec(line);
    return m ? +m[1] : 0;
}

// Turns real time up to `t` into virtual whole milliseconds: a `move` when the finger
// moves, else `wait`. Time does not pass while paused or while a replay drives the clock.
function account(t) {
    if (lastReal === null) lastReal = t;
    const dt = Math.max(0, t - lastReal);
    lastReal = Math.max(lastReal, t);
    if (!paused && !replay) owed += dt * speed;
    const n = Math.floor(owed);
    owed -= n;
    return n;
}
function flushWait(t) {
    const n = account(t);
    if (n > 0) run(`wait ${n}ms`);
}

const fmt = (v) => String(Math.round(v * 10) / 10);
function toPoints(e) {
    const r = $('screen').getBoundingClientRect();
    const px = (e.clientX - r.left) * device.w / r.width, py = (e.clientY - r.top) * device.h / r.height;
    return { x: Math.min(Math.max(px, 0), device.w - 0.1), y: Math.min(Math.max(py, 0), device.h - 0.1) };
}

function eventTime(e) {
    // CDP and real input both stamp events on performance.now()'s timebase; never go back.
    const t = e.timeStamp;
    return (typeof t === 'number' && t > 0 && t <= performance.now() + 1) ? t : performance.now();
}

function pointerDown(e) {
    if (finger || replay || !pg.ready) return;
    e.preventDefault();
    $('screen').setPointerCapture(e.pointerId);
    clearError();
    flushWait(eventTime(e));
    const p = toPoints(e);
    const what = pg.recording ? whatIsAt(p.x, p.y) : null;
    if (run(`press ${fmt(p.x)},${fmt(p.y)}`)) finger = { id: e.pointerId, x: fmt(p.x), y: fmt(p.y), what, moved: false };
}
function pointerMove(e) {
    if (!finger || e.pointerId !== finger.id) return;
    e.preventDefault();
    const p = toPoints(e), px = fmt(p.x), py = fmt(p.y);
    const n = account(eventTime(e));
    if (px === finger.x && py === finger.y) { if (n > 0) run(`wait ${n}ms`); return; }
    if (run(`move ${px},${py} over ${n}ms`)) { finger.x = px; finger.y = py; finger.moved = true; }
}
function pointerUp(e, cancelled) {
    if (!finger || e.pointerId !== finger.id) return;
    e.preventDefault();
    if (!cancelled) pointerMove(e);
    else flushWait(eventTime(e));
    // The line is a point; a comment names what was under it (a finder target would aim
    // at the thing's centre, a different touch, so it would not replay byte for byte).
    if (run(cancelled ? 'cancel' : 'release') && pg.recording && finger.what)
        pg.lines.push(`# ${finger.moved ? 'dragged from' : 'tapped'} ${finger.what}`);
    finger = null;
}

function quote(s) {
    let out = '"';
    for (const ch of s) {
        if (ch === '"') out += '\\"';
        else if (ch === '\\') out += '\\\\';
        else if (ch === '\n') out += '\\n';
        else if (ch === '\t') out += '\\t';
        else if (ch.codePointAt(0) < 0x20) out += `\\u{${ch.codePointAt(0).toString(16)}}`;
        else out += ch;
    }
    return out + '"';
}

function keyDown(e) {
    const tag = (e.target && e.target.tagName) || '';
    if (tag === 'TEXTAREA' || tag === 'INPUT' || tag === 'SELECT' || replay || !pg.ready) return;
    if (e.ctrlKey || e.metaKey || e.altKey || e.isComposing) return;
    let line = null;
    if (e.key === 'Backspace') line = 'backspace';
    else if (e.key === 'Enter') line = 'tap send';
    else if ([...e.key].length === 1) line = `type ${quote(e.key)}`;
    if (!line) return;
    e.preventDefault();
    clearError();
    flushWait(eventTime(e));
    run(line); // refused unless the system keyboard shows: the message says so
}

// IME: the composition becomes marked text, its end the committed text.
function composition(e) {
    if (replay || !pg.ready) return;
    if (e.type === 'compositionupdate') run(`compose ${quote(e.data || '')}`);
    if (e.type === 'compositionend') run(`compose ${quote(e.data || '')} commit ${quote(e.data || '')}`);
}

// What is drawn at a point, from the display list's tree dump (format 4): the topmost
// item there with an accessibility label, as a finder (`label "笑哭" in EmojiPanel.page.0`).
function tree() { check(x.esim_screen_snapshot(handle, 0, 4), 'tree'); return dec.decode(output()); }
function whatIsAt(px, py) {
    let found = null;
    for (const l of tree().split('\n')) {
        const m = /^\s*\w+ \[(-?[\d.]+),(-?[\d.]+) ([\d.]+)x([\d.]+)\].* view=(\S+)(?: label="((?:[^"\\]|\\.)*)")?/.exec(l);
        if (!m || m[6] === undefined || m[6] === '') continue;
        const [x0, y0, w, h] = [+m[1], +m[2], +m[3], +m[4]];
        if (px >= x0 && px < x0 + w && py >= y0 && py < y0 + h) found = `label "${m[6]}" (view ${m[5]})`;
    }
    return found;
}

// MARK: drawing

// The display list's tree dump names every item drawn with its frame and state (GIF
// frames, caret, highlights), so an unchanged dump means unchanged pixels: rasterize
// only when it changed (a still screen costs a dump, not a 750x1334 render).
let lastTree = null;
function sameBytes(a, b) {
    if (!a || a.length !== b.length) return false;
    for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
    return true;
}
function render(force) {
    check(x.esim_screen_snapshot(handle, 0, 4), 'tree');
    const t = output();
    if (!force && sameBytes(lastTree, t)) { pg.skippedFrames = (pg.skippedFrames || 0) + 1; return; }
    lastTree = t.slice();
    if (check(x.esim_screen_snapshot(handle, 0, 5), 'snapshot') !== 0) return;
    const px = output(), c = $('screen');
    if (px.length !== c.width * c.height * 4) {
        // `resize` changed the screen: follow it.
        const s = device.s, w = Math.sqrt(px.length / 4 * c.width / c.height);
        c.width = Math.round(w); c.height = Math.round(px.length / 4 / c.width);
        device.w = c.width / s; device.h = c.height / s; sizeCanvas();
    }
    const img = new ImageData(new Uint8ClampedArray(px.buffer, px.byteOffset, c.width * c.height * 4).slice(), c.width, c.height);
    c.getContext('2d').putImageData(img, 0, 0);
}

// One framebuffer pixel per device pixel by default (the device scale honoured through
// devicePixelRatio); "point size" shows one screen point per CSS pixel instead.
function sizeCanvas() {
    const c = $('screen'), dpr = window.devicePixelRatio || 1;
    const pointSize = $('pointsize').checked;
    c.style.width = (pointSize ? device.w : c.width / dpr) + 'px';
    c.style.height = (pointSize ? device.h : c.height / dpr) + 'px';
    c.style.imageRendering = pointSize ? 'auto' : 'pixelated';
}

// MARK: trace

let traceSeen = -1, traceLines = [], lastTraceAt = 0;
function updateTrace(force) {
    const now = performance.now();
    if (!force && now - lastTraceAt < 250) return;
    lastTraceAt = now;
    if (check(x.esim_screen_trace(handle), 'trace') !== 0) return;
    const bytes = output();
    if (bytes.length === traceSeen && !force) return;
    traceSeen = bytes.length;
    traceLines = dec.decode(bytes).split('\n').filter((l) => l.length);
    const f = $('filter').value;
    const shown = (f ? traceLines.filter((l) => l.includes(f)) : traceLines).slice(-2000);
    const el = $('trace');
    const atBottom = el.scrollTop + el.clientHeight >= el.scrollHeight - 4;
    el.textContent = shown.join('\n');
    if (atBottom) el.scrollTop = el.scrollHeight;
}

// MARK: record, snapshot, script

function setupLines() { return D.setup.trimEnd().split('\n'); }
function recordedScript() {
    return ['# recorded in the EmojiSim playground', ...setupLines(), 'timing manual', ...pg.lines].join('\n') + '\n';
}
function toggleRecord() {
    if (pg.recording) {
        pg.recording = false;
        $('script').value = recordedScript();
        $('record').textContent = 'Record'; $('record').classList.remove('on');
        return;
    }
    clearError();
    openScreen(D.setup);
    pg.lines = []; pg.snapshots = {};
    pg.recording = true;
    $('record').textContent = 'Stop'; $('record').classList.add('on');
}

let snapCount = 0;
// Adds `snapshot NAME screen all` and keeps the page's own bytes of that moment (the
// text formats and the RGBA framebuffer) for comparison with the native run.
function takeSnapshot(name) {
    name = name || `snap${++snapCount}`;
    flushWait(performance.now());
    if (!run(`snapshot ${name} screen all`)) return null;
    const grab = (fmtIndex) => { check(x.esim_screen_snapshot(handle, 0, fmtIndex), 'snapshot'); return output().slice(); };
    const coded = (fmtIndex) => { check(x.esim_screen_snapshot_coded(handle, 0, fmtIndex), 'snapshot'); return dec.decode(output()); };
    // ascii before styled: the order `emojisim run` renders a `snapshot ... all` in,
    // since both assign legend codes from the screen's one table.
    const ascii = coded(0), styled = coded(1);
    const s = { ascii, styled, tree: dec.decode(grab(4)), rgba: grab(5) };
    pg.snapshots[name] = s;
    return name;
}

// MARK: replay

function splitScript(text) {
    const lines = text.replace(/\r\n/g, '\n').split('\n');
    let first = lines.length;
    for (let i = 0; i < lines.length; i++) {
        const w = lines[i].trim().split(/\s+/)[0];
        if (!w || w.startsWith('#')) continue;
        if (!SETUP_WORDS.has(w)) { first = i; break; }
    }
    return { lines, first };
}

function showLines(lines) {
    const el = $('lines');
    el.textContent = '';
    lines.forEach((l, i) => {
        const d = document.createElement('div');
        d.textContent = `${String(i + 1).padStart(4)}  ${l}`;
        el.appendChild(d);
    });
}
function markLine(i, cls) {
    const d = $('lines').children[i];
    if (!d) return;
    d.className = cls;
    if (cls === 'fail' || cls === 'cur') d.scrollIntoView({ block: 'nearest' });
}

function expectFailures() {
    check(x.esim_screen_report(handle), 'report');
    return dec.decode(output()).split('\n').filter((l) => /^expect \S+ FAIL/.test(l));
}

function startReplay(stepping) {
    clearError();
    if (pg.recording) toggleRecord();
    const text = $('script').value;
    const { lines, first } = splitScript(text);
    showLines(lines);
    // Parse errors first, all of them, before anything runs (as `emojisim run` does):
    // the whole script through the module's runner, whose report is discarded.
    if (call('esim_run_script', 'script', text) === -3) {
        const msg = errorText();
        const bad = [...msg.matchAll(/^script:(\d+):\d+:/gm)].map((m) => +m[1]);
        for (const l of bad) markLine(l - 1, 'fail');
        showError(msg);
        pg.replayResult = { passed: false, failedLine: bad[0] || null, parseError: true, message: msg };
        return;
    }
    try {
        openScreen(lines.slice(0, first).join('\n') + '\n');
    } catch (e) {
        const m = /:(\d+):\d+:/.exec(e.message);
        if (m) markLine(+m[1] - 1, 'fail');
        showError(e.message);
        pg.replayResult = { passed: false, failedLine: m ? +m[1] : null, message: e.message };
        return;
    }
    replay = { lines, i: first, nextAt: 0, failures: 0, stepping, expectLines: [] };
    pg.replayResult = null;
    for (let i = 0; i < first; i++) markLine(i, 'ran');
}

// Runs the next line of the replay; returns false when it is over.
function replayLine() {
    const r = replay;
    while (r.i < r.lines.length && (!r.lines[r.i].trim() || r.lines[r.i].trim().startsWith('#'))) r.i++;
    if (r.i >= r.lines.length) { finishReplay(); return false; }
    const i = r.i++, line = r.lines[i].trim(); // comments: the module's parser handles them
    markLine(i, 'cur');
    const status = call('esim_screen_run', handle, line + '\n');
    if (status < 0) {
        markLine(i, 'fail');
        const msg = `line ${i + 1}: ${line}\n  -> ${errorText().replace(/<(?:lines|setup)>:1:/, `<script>:${i + 1}:`)}`;
        showError(msg);
        pg.replayResult = { passed: false, failedLine: i + 1, message: msg, expectFailures: r.expectLines };
        replay = null; lastReal = performance.now();
        return false;
    }
    let cls = 'ran';
    if (/^expect\b/.test(line)) {
        const f = expectFailures();
        if (f.length > r.failures) { r.failures = f.length; cls = 'fail'; r.expectLines.push(i + 1); showError(`line ${i + 1}: ${f[f.length - 1]}`); }
    }
    markLine(i, cls);
    const m = /(?:^wait|over) (\d+(?:\.\d+)?)(ms|s)\b/.exec(line);
    r.nextAt = performance.now() + (m ? +m[1] * (m[2] === 's' ? 1000 : 1) / speed : 0);
    return true;
}
function finishReplay() {
    const r = replay;
    replay = null; lastReal = performance.now(); owed = 0;
    pg.replayResult = { passed: r.expectLines.length === 0, failedLine: r.expectLines[0] || null, expectFailures: r.expectLines };
    if (r.expectLines.length === 0) $('status').textContent = 'replay passed';
}
function replayTick(now) {
    if (!replay || replay.stepping || paused) return;
    if ($('pace').value === 'fast') { while (replay && replayLine()); return; }
    // Real speed: a `wait`/`move ... over` holds the next line for its duration.
    const t0 = performance.now();
    while (replay && now >= replay.nextAt && performance.now() - t0 < 8) {
        if (!replayLine()) break;
    }
}

// MARK: the loop

let lastFrame = null;
function frame(ts) {
    const t0 = performance.now();
    try {
        if (pg.ready) {
            if (replay) replayTick(ts);
            else if (!finger) flushWait(ts);
            else { const n = account(ts); if (n > 0) run(`wait ${n}ms`); }
            render();
            updateTrace(false);
            $('status').textContent = `t = ${(vnow / 1000).toFixed(3)} s virtual` +
                (pg.recording ? ` | recording: ${pg.lines.length} lines` : '') +
                (paused ? ' | paused' : '') + (replay ? ` | replaying line ${replay.i}` : '');
        }
    } catch (e) {
        if (e instanceof WebAssembly.RuntimeError || /trapped/.test(e.message)) {
            // A trap leaves the module's heap in an unknown state: stop driving it.
            pg.ready = false;
            showError(`the module trapped (a bug in the core): ${e.message}\nReset starts a fresh module; the script so far is kept.`);
            if (pg.recording) $('script').value = recordedScript();
        } else showError(e.message);
    }
    const t1 = performance.now();
    pg.frameTimes.push(t1 - t0);
    if (lastFrame !== null) pg.frameIntervals.push(ts - lastFrame);
    lastFrame = ts;
    if (pg.frameTimes.length > 5000) { pg.frameTimes.splice(0, 1000); pg.frameIntervals.splice(0, 1000); }
    requestAnimationFrame(frame);
}

function download() {
    const blob = new Blob([$('script').value || recordedScript()], { type: 'text/plain' });
    const a = document.createElement('a');
    a.href = URL.createObjectURL(blob); a.download = 'playground.scenario';
    a.click();
    setTimeout(() => URL.revokeObjectURL(a.href), 1000);
}

async function boot() {
    pg.ready = false; handle = 0; replay = null;
    try {
        await instantiate();
        check(call('esim_font_load', b64(D.font)), 'font');
        for (const [name, data] of Object.entries(D.images)) check(call('esim_image_register', name, b64(data)), `image ${name}`);
        for (const [name, frames] of Object.entries(D.sequences)) check(call('esim_sequence_register', name, frames), `sequence ${name}`);
        if (D.catalog) check(call('esim_catalog_load', D.catalog), 'catalog');
        openScreen(D.setup);
        pg.ready = true;
    } catch (e) { showError(`could not start the module: ${e.message}`); }
}

async function init() {
    await boot();
    const c = $('screen');
    c.addEventListener('pointerdown', pointerDown);
    c.addEventListener('pointermove', pointerMove);
    c.addEventListener('pointerup', (e) => pointerUp(e, false));
    c.addEventListener('pointercancel', (e) => pointerUp(e, true));
    document.addEventListener('keydown', keyDown);
    document.addEventListener('compositionupdate', composition);
    document.addEventListener('compositionend', composition);
    $('pause').onclick = () => { paused = !paused; $('pause').textContent = paused ? 'Resume' : 'Pause'; lastReal = performance.now(); };
    $('step').onclick = () => {
        if (!paused) { paused = true; $('pause').textContent = 'Resume'; }
        if (replay) { replayLine(); return; }
        run(`wait ${Math.round(FRAME_MS)}ms`);
    };
    $('speed').onchange = () => { speed = +$('speed').value; };
    $('pointsize').onchange = sizeCanvas;
    $('reset').onclick = () => {
        clearError(); replay = null; finger = null;
        if (!pg.ready) { boot(); return; }
        try { openScreen(D.setup); } catch (e) { showError(e.message); }
    };
    $('record').onclick = toggleRecord;
    $('snapshot').onclick = () => takeSnapshot();
    $('copy').onclick = () => navigator.clipboard.writeText($('script').value || recordedScript()).catch((e) => showError(`copy: ${e.message}`));
    $('download').onclick = download;
    $('replay').onclick = () => startReplay(false);
    $('replaystep').onclick = () => { if (replay && replay.stepping) replayLine(); else startReplay(true); };
    $('filter').oninput = () => updateTrace(true);
    window.addEventListener('resize', sizeCanvas);
    pg.toggleRecord = toggleRecord; pg.takeSnapshot = takeSnapshot; pg.recordedScript = recordedScript;
    pg.startReplay = startReplay; pg.device = () => device; pg.tree = tree;
    requestAnimationFrame(frame);
}
init();
})();
