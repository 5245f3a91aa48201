// The EmojiSim playground: the wasm core (Tools/wasm, C ABI in Tools/wasm/ABI) in a page.
//
// Everything the page does to the screen is a line of the scenario language
// (docs/SCENARIOS.md) run through esim_screen_run, and the recorded script is exactly
// the lines that ran, so replaying it natively (`emojisim run`) reaches the same model
// states, hence the same snapshots. Real time becomes `wait Nms`; keys become `type`,
// `backspace`, `compose`.
//
// Touches (Record as "finders", the default): a touch that lands on a named thing while
// the screen is idle is held back until it is clear what it is. Released within 250 ms
// without moving, it runs as `tap panel.emoji 笑哭` (`tap send`, `tap panel.tab "动图"`, ...)
// in `timing auto`. Anything longer runs live, point by point in `timing manual` (the
// panel follows the finger, the preview shows), and when it ends the page decides: a
// still hold on an emoji or the delete key becomes `long-press T for Nms`, a fling on
// the panel or the list `swipe panel left by Dpt at Vpt/s` with the measured distance
// and release velocity; then the screen is rebuilt from the script with that line in
// place of the points (so what ran is still what is written). Other gestures (a preview
// slid across keys, drags with pauses) stay points. "points" records every touch as
// points, the exact path (traces identical too), at the cost of readability.
'use strict';
(() => {
const D = window.EMOJISIM_DATA;
const $ = (id) => document.getElementById(id);
const enc = new TextEncoder(), dec = new TextDecoder('utf-8');
const SETUP_WORDS = new Set(['device', 'theme', 'catalog', 'conversation', 'set']);
const FRAME_MS = 1000 / 60;
const TAP_MS = 250;        // a touch held longer than this (real ms) runs live
const SLOP_PT = 8;         // a touch moved further than this runs live
const FLING_PT_S = 50;     // slower releases are drags (no fling), recorded as points
const TICKS_PER_S = 720000; // SimCore's ticksPerSecond
let vclock = 0;            // the screen's clock (s), as of the last status

const pg = window.playground = {
    ready: false, recording: false, lines: [], snapshots: {}, frameTimes: [], frameIntervals: [], frameParts: [],
    errors: [], replayResult: null, rebuilds: [], touches: [], recordMode: 'finders',
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

// MARK: catalogs (demo, Unicode, or a dropped catalog JSON with its images)

// What the module holds now: 'demo' | 'unicode' | 'json:NAME' | 'cli'.
let loadedCatalog = null;
let dropped = null;        // { name, text, images: {resource: bytes}, sequences: {name: frames} }

function registerImages(images, sequences, decode) {
    check(call('esim_images_clear'), 'images');
    for (const [name, data] of Object.entries(images)) check(call('esim_image_register', name, decode ? b64(data) : data), `image ${name}`);
    for (const [name, frames] of Object.entries(sequences)) check(call('esim_sequence_register', name, frames), `sequence ${name}`);
}

// Loads what a setup's `catalog` line needs into the module (the core holds the demo
// catalog itself; others come as CatalogText, with only their own images registered,
// as `emojisim run` knows only the images a catalog names).
function prepareCatalog(setup) {
    const m = /^catalog\s+(.*)$/m.exec(setup);
    const line = m ? m[1].trim() : 'demo';
    let want;
    if (line === 'demo') want = 'demo';
    else if (line === 'unicode') want = 'unicode';
    else if (D.catalog && setup === D.setup) want = 'cli';
    else {
        const j = /^json\s+"((?:[^"\\]|\\.)*)"$/.exec(line);
        const name = j ? j[1].replace(/^.*\//, '') : null;
        if (!j || !dropped || dropped.name !== name)
            throw new Error(`catalog ${line}: the page has no such catalog loaded (drop ${name || 'the catalog JSON'} on the page first)`);
        want = 'json:' + name;
    }
    if (want === loadedCatalog) return;
    loadedCatalog = null;
    if (want === 'demo' || want === 'unicode') registerImages(D.images, D.sequences, true);
    if (want === 'unicode') check(call('esim_catalog_load', D.unicode), 'the bundled Unicode catalog');
    if (want === 'cli') { registerImages(D.catalogImages, D.catalogSequences, true); check(call('esim_catalog_load', D.catalog), 'catalog'); }
    if (want.startsWith('json:')) {
        registerImages(dropped.images, dropped.sequences, false);
        loadCatalogJSON(dropped.name, dropped.bytes);
    }
    loadedCatalog = want;
}

// A catalog JSON (docs/CATALOG-JSON.md) is read by the module itself
// (esim_catalog_load_json: CatalogJSON in Tools/wasm/ABI, the same keys, limits and
// refusals as `emojisim`'s reader); the page only moves bytes. It answers with the image
// files the catalog names (`image NAME`, `sequence NAME<TAB>FRAME...`), or fails with
// `FILE:LINE:COL: (byte N) ENTRY (KEY): reason`, keeping the catalog it had.
function loadCatalogJSON(name, bytes) {
    check(call('esim_catalog_load_json', name, bytes), 'catalog');
    const images = [], sequences = {};
    for (const l of dec.decode(output()).split('\n')) {
        if (l.startsWith('image ')) images.push(l.slice(6));
        else if (l.startsWith('sequence ')) { const [key, ...frames] = l.slice(9).split('\t'); sequences[key] = frames; }
    }
    return { images, sequences };
}

// Dropped or chosen files: one catalog JSON and the images it names (matched by file
// name). A missing image draws as the placeholder, as natively. Errors name the file
// and the reason; the current catalog stays.
async function loadFiles(files) {
    clearError();
    const list = [...files];
    const json = list.find((f) => /\.json$/i.test(f.name));
    if (!json) { showError(`no catalog JSON among the dropped files (${list.map((f) => f.name).join(', ') || 'none'})`); return false; }
    if (json.size > 16 << 20) { showError(`${json.name}: ${json.size} bytes; a catalog JSON is at most 16 MiB`); return false; }
    const byName = new Map();
    for (const f of list) if (f !== json) byName.set(f.name, new Uint8Array(await f.arrayBuffer()));
    const bytes = new Uint8Array(await json.arrayBuffer());
    let parsed;
    try { parsed = loadCatalogJSON(json.name, bytes); } catch (e) { showError(e.message.replace(/^catalog: /, '')); return false; }
    // The module now holds the dropped catalog (the screen still shows the old one).
    loadedCatalog = null;
    const images = {}, sequences = {}, missing = [];
    for (const name of parsed.images) {
        const b = byName.get(name.replace(/^.*\//, ''));
        if (b) images[name] = b; else missing.push(name);
    }
    for (const [key, frames] of Object.entries(parsed.sequences)) {
        const names = [];
        frames.forEach((f, i) => {
            const b = byName.get(f.replace(/^.*\//, ''));
            if (b) { images[`${key}#${i}`] = b; names.push(`${key}#${i}`); } else missing.push(f);
        });
        sequences[key] = names.join('\n');
    }
    const before = dropped, prevSetup = setupText;
    dropped = { name: json.name, bytes, images, sequences };
    loadedCatalog = null;
    try {
        applySetup(setupFromControls('file'));
    } catch (e) {
        // The core refused it (e.g. a code its placeholder scanner cannot read back).
        dropped = before; loadedCatalog = null;
        const msg = e.message.startsWith(json.name) ? e.message : `${json.name}: ${e.message}`;
        try { applySetup(prevSetup); } catch (e2) { showError(`${msg}\n(and the previous setup: ${e2.message})`); return false; }
        syncControls(prevSetup);
        showError(msg);
        return false;
    }
    $('catalog').value = 'file';
    $('catalogname').textContent = json.name + (missing.length ? ` (missing images, drawn as placeholders: ${missing.join(', ')})` : '');
    return true;
}

// MARK: the screen

let handle = 0, device = { w: 375, h: 667, s: 2 };
let setupText = D.setup;   // the setup of the open screen
let mode = 'auto';         // the timing mode of the open screen
let vnow = 0;              // virtual ms of the page's own manual-timing lines (for hold lengths)
let owed = 0;              // real ms (times speed) not yet turned into virtual time
let lastReal = null;       // performance.now() timebase of the last accounting
let paused = false, speed = 1;
let finger = null;         // the pointer that is down (see pointerDown)
let replay = null;         // { lines, i, nextAt, failed }

function parseDevice(setup) {
    const m = /^device\s+(\S+)/m.exec(setup);
    const d = m ? m[1] : 'iphone8';
    if (d === 'iphone8') return { w: 375, h: 667, s: 2 };
    if (d === 'iphone14') return { w: 390, h: 844, s: 3 };
    const c = /^(\d+(?:\.\d+)?)x(\d+(?:\.\d+)?)@(\d+)$/.exec(d);
    return c ? { w: +c[1], h: +c[2], s: +c[3] } : { w: 375, h: 667, s: 2 };
}

// A fresh screen from setup text (throws, leaving the old screen, when it is refused).
function createScreen(setup) {
    prepareCatalog(setup);
    return check(call('esim_screen_create', setup), 'setup');
}
function adopt(h, setup, keepCodes) {
    if (handle) {
        if (keepCodes) x.esim_screen_codes_move(handle, h);
        call('esim_screen_close', handle);
    }
    if (!keepCodes) x.esim_screen_codes_reset(h);
    handle = h;
    setupText = setup;
    device = parseDevice(setup);
    const c = $('screen');
    // Assigning a canvas's size clears it, even to the same size: only on a change.
    if (c.width !== Math.round(device.w * device.s)) c.width = Math.round(device.w * device.s);
    if (c.height !== Math.round(device.h * device.s)) c.height = Math.round(device.h * device.s);
    blitAll = true; // the next frame copies the whole framebuffer (it may have moved here)
    sizeCanvas();
}
function openScreen(setup) {
    const h = createScreen(setup);
    adopt(h, setup, false);
    mode = 'auto'; vnow = 0; owed = 0; lastReal = performance.now(); finger = null; traceSeen = -1;
}

// Runs one script line on the screen. Returns true when the screen took it (and, when
// recording, appends it); on refusal shows the module's message (unless quiet).
function run(line, quiet = false) {
    const status = call('esim_screen_run', handle, line + '\n');
    if (status < 0) { if (!quiet) showError(`${line}\n  -> ${errorText()}`); return false; }
    vnow += lineDuration(line);
    if (pg.recording) pg.lines.push(line);
    return true;
}
function setMode(m) { if (mode !== m && run(`timing ${m}`)) mode = m; }

// The virtual ms a line of ours takes (only what the page itself emits and times).
function lineDuration(line) {
    const m = /^(?:wait|move .* over) (\d+(?:\.\d+)?)ms$/.exec(line);
    return m ? +m[1] : 0;
}

// Turns real time up to `t` into virtual whole milliseconds. Time does not pass while
// paused or while a replay drives the clock.
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
// When an event happened, on performance.now()'s timebase (real input and CDP stamp
// events there). For the clock: never in the future, since time already run stays run.
function eventTime(e) {
    const t = e.timeStamp, now = performance.now();
    return (typeof t === 'number' && t > 0 && t <= now + 1) ? Math.min(t, now) : now;
}
// For a gesture's samples: the event's own stamp even when it is a little ahead of the
// page's clock (stamps of one gesture share a timebase; only differences matter).
function sampleTime(e) {
    const t = e.timeStamp, now = performance.now();
    return (typeof t === 'number' && t > 0 && Math.abs(t - now) < 1000) ? t : now;
}

// The module's view of the screen: clock, idleness, offered expectations.
function status() {
    check(x.esim_screen_status(handle), 'status');
    const out = { idle: false, moving: [], expects: [] };
    for (const l of dec.decode(output()).split('\n')) {
        if (l.startsWith('idle ')) out.idle = l === 'idle 1';
        else if (l.startsWith('moving ')) out.moving.push(l.slice(7));
        else if (l.startsWith('now ')) out.now = vclock = +l.slice(4) / TICKS_PER_S;
        else if (l.startsWith('expect ')) out.expects.push(l);
    }
    return out;
}
function targetAt(p) {
    check(x.esim_screen_target_at(handle, p.x, p.y), 'target');
    return dec.decode(output());
}
// Which scrolling region a point is in ('panel' | 'list' | null), from the tree dump.
function regionAt(p) {
    for (const l of tree().split('\n')) {
        const m = /^\s*clip \[(-?[\d.]+),(-?[\d.]+) ([\d.]+)x([\d.]+)\] view=(EmojiPanel\.pages|list)$/.exec(l);
        if (m && p.x >= +m[1] && p.x < +m[1] + +m[3] && p.y >= +m[2] && p.y < +m[2] + +m[4]) return m[5] === 'list' ? 'list' : 'panel';
    }
    return null;
}

function pointerDown(e) {
    if (finger || replay || !pg.ready) return;
    e.preventDefault();
    $('screen').setPointerCapture(e.pointerId);
    $('ime').focus({ preventScroll: true });
    clearError();
    const t = eventTime(e);
    flushWait(t);
    const p = toPoints(e);
    finger = { id: e.pointerId, p0: p, x: fmt(p.x), y: fmt(p.y), t0: t, samples: [{ t: sampleTime(e), x: p.x, y: p.y }],
               linesBefore: pg.lines.length, modeBefore: mode, live: false, target: '', region: null, idle: false };
    if (pg.recording && pg.recordMode === 'finders') {
        finger.idle = status().idle;
        if (finger.idle) { finger.target = targetAt(p); finger.region = regionAt(p); }
        pg.touches.push({ x: fmt(p.x), y: fmt(p.y), idle: finger.idle, target: finger.target, region: finger.region });
    }
    if (!finger.target) goLive(t, p);
}
// From held-back to live: the press at the first point, then the time and motion since.
function goLive(t, p) {
    const f = finger;
    f.live = true;
    setMode('manual');
    if (!run(`press ${fmt(f.p0.x)},${fmt(f.p0.y)}`)) { finger = null; return; }
    f.vPress = vnow;
    const n = account(t), px = fmt(p.x), py = fmt(p.y);
    if (px !== f.x || py !== f.y) { if (run(`move ${px},${py} over ${n}ms`)) { f.x = px; f.y = py; } }
    else if (n > 0) run(`wait ${n}ms`);
}
function pointerMove(e) {
    if (!finger || e.pointerId !== finger.id) return;
    e.preventDefault();
    const t = eventTime(e), p = toPoints(e);
    // Every sample the browser coalesced into this event, at its own time: the gesture's
    // measured velocity is the finger's, not the page's (which may see events late).
    const all = e.getCoalescedEvents ? e.getCoalescedEvents() : [];
    for (const c of all.length ? all : [e]) { const q = toPoints(c); finger.samples.push({ t: sampleTime(c), x: q.x, y: q.y }); }
    if (!finger.live) {
        if (Math.hypot(p.x - finger.p0.x, p.y - finger.p0.y) > SLOP_PT) goLive(t, p);
        return;
    }
    const px = fmt(p.x), py = fmt(p.y);
    const n = account(t);
    if (px === finger.x && py === finger.y) { if (n > 0) run(`wait ${n}ms`); return; }
    if (run(`move ${px},${py} over ${n}ms`)) { finger.x = px; finger.y = py; }
}
function pointerUp(e, cancelled) {
    if (!finger || e.pointerId !== finger.id) return;
    e.preventDefault();
    const f = finger, t = eventTime(e);
    if (!f.live) {
        finger = null;
        if (!cancelled) {
            // A tap on a named thing: the finder line, at the thing's centre, in auto timing.
            setMode('auto');
            if (run(`tap ${f.target}`, true)) { lastReal = t; owed = 0; return; }
        }
        finger = f; goLive(t, f.p0); // refused (or cancelled): the touch as it was made
        if (!finger) return;
    }
    if (!cancelled) pointerMove(e);
    else flushWait(t);
    const ok = run(cancelled ? 'cancel' : 'release');
    finger = null;
    if (ok && !cancelled && f.idle) {
        const line = canonical(f, vnow - f.vPress);
        if (line) rebuildWith(f, line);
    }
}

// The finder form of a live gesture, or null to keep its points.
function canonical(f, heldMs) {
    const s = f.samples, a = s[0], b = s[s.length - 1];
    const dx = b.x - a.x, dy = b.y - a.y;
    if (Math.hypot(dx, dy) <= SLOP_PT) {
        // Held still. An emoji key previews from 300 ms (the long-press threshold) and
        // the delete key repeats from 500 ms; below that, and on the other targets (whose
        // controls act on touch-up) below 500 ms, nothing but a tap happens: the page was
        // merely slow to see the release.
        const emoji = f.target.startsWith('panel.emoji '), del = f.target === 'panel.delete';
        if (f.target && heldMs < (emoji ? 300 : 500)) return `tap ${f.target}`;
        if ((emoji && heldMs >= 400) || (del && heldMs >= 500)) return `long-press ${f.target} for ${Math.round(heldMs)}ms`;
        return null;
    }
    // Release velocity over the last 50 ms of samples (at least two samples).
    let k = s.length - 2;
    while (k > 0 && b.t - s[k].t < 50) k--;
    const dt = (b.t - s[k].t) / 1000;
    if (dt <= 0) return null;
    const vx = (b.x - s[k].x) / dt, vy = (b.y - s[k].y) / dt;
    const horizontal = Math.abs(dx) > 2 * Math.abs(dy), vertical = Math.abs(dy) > 2 * Math.abs(dx);
    let dir, dist, v;
    if (f.region === 'panel' && horizontal && Math.abs(vx) >= FLING_PT_S && Math.sign(vx) === Math.sign(dx)) {
        dir = dx < 0 ? 'left' : 'right'; dist = Math.abs(dx); v = Math.abs(vx);
    } else if (f.region === 'list' && vertical && Math.abs(vy) >= FLING_PT_S && Math.sign(vy) === Math.sign(dy)) {
        dir = dy < 0 ? 'up' : 'down'; dist = Math.abs(dy); v = Math.abs(vy);
    } else return null;
    dist = Math.round(dist);
    // A swipe must cover three touch samples at its speed (120 Hz: v / 40 points).
    v = Math.max(1, Math.min(Math.round(v), dist * 40, 100000));
    return `swipe ${f.region} ${dir} by ${dist}pt at ${v}pt/s`;
}

// Replaces a live gesture's lines by `line`: a fresh screen runs the script so far with
// it, and takes over (legend codes kept). A refusal keeps the points and the old screen.
function rebuildWith(f, line) {
    const t0 = performance.now();
    const lines = pg.lines.slice(0, f.linesBefore);
    if (f.modeBefore !== 'auto') lines.push('timing auto');
    lines.push(line);
    let h;
    try { h = createScreen(setupText); } catch (e) { showError(e.message); return; }
    if (call('esim_screen_run', h, lines.join('\n') + '\n') < 0) {
        console.log(`playground: ${line} kept as points: ${errorText()}`);
        call('esim_screen_close', h);
        return;
    }
    adopt(h, setupText, true);
    pg.lines = lines;
    mode = 'auto';
    lastReal = performance.now(); owed = 0;
    pg.rebuilds.push({ line, ms: performance.now() - t0, lines: lines.length });
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

// Keys. The hidden #ime textarea holds the focus while the screen is used, so that
// text input and IME composition arrive as input and composition events.
function keyDown(e) {
    const t = e.target, tag = (t && t.tagName) || '';
    const ime = t === $('ime');
    if (!ime && (tag === 'TEXTAREA' || tag === 'INPUT' || tag === 'SELECT')) return;
    if (replay || !pg.ready || e.ctrlKey || e.metaKey || e.altKey || e.isComposing || composing) return;
    let line = null;
    if (e.key === 'Backspace') line = 'backspace';
    else if (e.key === 'Enter') line = 'tap send';
    else if (!ime && [...e.key].length === 1) line = `type ${quote(e.key)}`;
    if (!line) return; // printable keys in #ime come as beforeinput
    e.preventDefault();
    clearError();
    flushWait(eventTime(e));
    if (line === 'tap send') setMode('auto');
    run(line); // refused unless the system keyboard shows: the message says so
}
function beforeInput(e) {
    if (replay || !pg.ready || composing || e.isComposing) return;
    if (e.inputType === 'insertText' && e.data) {
        e.preventDefault();
        clearError();
        flushWait(eventTime(e));
        run(`type ${quote(e.data)}`);
    }
}
// IME: the composition becomes marked text, its end the committed text.
let composing = false;
function composition(e) {
    if (replay || !pg.ready) return;
    clearError();
    if (e.type === 'compositionstart') { composing = true; return; }
    flushWait(performance.now());
    if (e.type === 'compositionupdate') run(`compose ${quote(e.data || '')}`);
    if (e.type === 'compositionend') {
        composing = false;
        run(`compose ${quote(e.data || '')} commit ${quote(e.data || '')}`);
        setTimeout(() => { $('ime').value = ''; }, 0);
    }
}

// MARK: drawing

function tree() { check(x.esim_screen_snapshot(handle, 0, 4), 'tree'); return dec.decode(output()); }

// The module keeps each screen's framebuffer and redraws only the regions whose pixels
// changed (esim_screen_frame: PixelDamage in the core); the page copies only those
// regions into the canvas, straight from the module's memory. A still screen costs a
// display list and its comparison, not a 750x1334 render and a 4 MB copy.
const cost = { core: 0, blit: 0, pixels: 0, regions: 0 };
let blitAll = true;
function render(force) {
    const t0 = performance.now();
    const n = check(x.esim_screen_frame(handle, force ? 1 : 0), 'frame');
    const t1 = performance.now();
    cost.core += t1 - t0;
    if (n === 0 && !blitAll) { pg.skippedFrames = (pg.skippedFrames || 0) + 1; return; }
    const head = new DataView(memory.buffer, x.esim_output_ptr(), x.esim_output_len());
    const w = head.getInt32(0, true), h = head.getInt32(4, true), ptr = head.getUint32(8, true) >>> 0;
    const c = $('screen');
    if (c.width !== w || c.height !== h) {
        // `resize` changed the screen: follow it.
        c.width = w; c.height = h; blitAll = true;
        device.w = w / device.s; device.h = h / device.s; sizeCanvas();
    }
    const img = new ImageData(new Uint8ClampedArray(memory.buffer, ptr, w * h * 4), w, h);
    const ctx = c.getContext('2d');
    if (blitAll) {
        blitAll = false;
        ctx.putImageData(img, 0, 0);
        cost.pixels += w * h; cost.regions += 1; cost.blit += performance.now() - t1;
        return;
    }
    for (let i = 0; i < n; i++) {
        const o = 16 + 16 * i;
        const rx = head.getInt32(o, true), ry = head.getInt32(o + 4, true), rw = head.getInt32(o + 8, true), rh = head.getInt32(o + 12, true);
        ctx.putImageData(img, 0, 0, rx, ry, rw, rh);
        cost.pixels += rw * rh;
    }
    cost.regions += n;
    cost.blit += performance.now() - t1;
}
// The kept framebuffer against a full render of the same moment (the check's test of
// the damage tracking), and the canvas against both: 'equal', else which differs.
pg.verifyFrame = () => {
    render(false);
    check(x.esim_screen_frame(handle, 0), 'frame');
    const head = new DataView(memory.buffer, x.esim_output_ptr(), x.esim_output_len());
    const w = head.getInt32(0, true), h = head.getInt32(4, true), ptr = head.getUint32(8, true) >>> 0;
    const kept = new Uint8Array(memory.buffer, ptr, w * h * 4).slice();
    check(x.esim_screen_snapshot(handle, 0, 5), 'snapshot');
    const full = output();
    if (full.length !== kept.length) return `the kept framebuffer has ${kept.length} bytes, a full render ${full.length}`;
    for (let i = 0; i < full.length; i++) if (full[i] !== kept[i]) return `the kept framebuffer differs from a full render at pixel ${(i >> 2) % w},${((i >> 2) / w) | 0}`;
    const d = $('screen').getContext('2d').getImageData(0, 0, w, h).data;
    for (let i = 0; i < full.length; i++) if (d[i] !== full[i]) return `the canvas differs from the framebuffer at pixel ${(i >> 2) % w},${((i >> 2) / w) | 0}`;
    return 'equal';
};

// "1:1": one framebuffer pixel per device pixel (the device scale honoured through
// devicePixelRatio), so an iPhone 8 at 2x is 1,334 px tall. "fit" (the default): the
// same, shrunk to the space the window leaves (the controls under the canvas stay in
// view; never enlarged past 1:1). "points": one screen point per CSS pixel. Touches map
// through the canvas's shown size, so every size drives the same points.
function sizeCanvas() {
    const c = $('screen'), dpr = window.devicePixelRatio || 1;
    const zoom = $('zoom').value;
    let w = c.width / dpr, h = c.height / dpr;
    if (zoom === 'points') { w = device.w; h = device.h; }
    else if (zoom === 'fit') {
        // The height under the canvas is fixed (see index.html), so this does not move.
        const top = c.getBoundingClientRect().top + window.scrollY;
        let below = 0;
        for (let el = c.nextElementSibling; el; el = el.nextElementSibling) below += el.offsetHeight;
        const availH = Math.max(200, window.innerHeight - top - below - 16);
        const availW = Math.max(200, window.innerWidth - 380 - 48); // the right column keeps its 380 px
        const k = Math.min(1, availH / h, availW / w);
        w *= k; h *= k;
    }
    c.style.width = w + 'px';
    c.style.height = h + 'px';
    c.style.imageRendering = zoom === 'points' || w < c.width / dpr ? 'auto' : 'pixelated';
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

// MARK: the state pane (click a state to add its `expect` line)

let lastStateAt = 0, stateKey = '';
function updateState(force) {
    const now = performance.now();
    if (!force && now - lastStateAt < 200) return;
    lastStateAt = now;
    const s = status();
    const key = (s.idle ? 'idle' : 'moving: ' + s.moving.join(', ') + (finger ? ' finger' : '')) + '\n' + s.expects.join('\n');
    if (key === stateKey) return;
    stateKey = key;
    const el = $('state');
    el.textContent = '';
    const head = document.createElement('div');
    head.className = 'head';
    // Not idle: what still moves, else a finger held down (the screen waits for it).
    head.textContent = s.idle ? 'idle: click a state to add its expect line'
        : s.moving.length ? `moving (${s.moving.join(', ')}): wait for idle`
        : finger ? 'a finger is down: lift it, then click a state to add its expect line'
        : 'not idle yet: wait for idle';
    el.appendChild(head);
    s.expects.forEach((line, i) => {
        const d = document.createElement('div');
        d.className = 'exp' + (s.idle ? '' : ' busy');
        d.id = `exp-${line.split(' ')[1]}`;
        d.textContent = line;
        d.onclick = () => { if (s.idle) addExpect(line); };
        el.appendChild(d);
        void i;
    });
}
function addExpect(line) {
    if (replay || !pg.ready) return;
    clearError();
    flushWait(performance.now());
    setMode('auto');
    const before = expectFailures().length;
    if (!run(line)) return;
    const f = expectFailures();
    if (f.length > before) showError(`${line}: ${f[f.length - 1]}`);
    $('status').textContent = `added: ${line}`;
}

// MARK: record, snapshot, script

function setupLines() { return setupText.trimEnd().split('\n'); }
// Consecutive `wait` lines as one: the clock runs the same frames and timers either way.
function compact(lines) {
    const out = [];
    for (const l of lines) {
        const m = /^wait (\d+)ms$/.exec(l), p = out.length && /^wait (\d+)ms$/.exec(out[out.length - 1]);
        if (m && p) out[out.length - 1] = `wait ${+p[1] + +m[1]}ms`; else out.push(l);
    }
    return out;
}
function scriptText() {
    return ['# recorded in the EmojiSim playground', ...setupLines(), ...compact(pg.lines)].join('\n') + '\n';
}
function toggleRecord() {
    if (pg.recording) {
        // The time since the last line is not written: the script ends at its last line.
        pg.recording = false;
        $('script').value = scriptText();
        $('record').textContent = 'Record'; $('record').classList.remove('on');
        return;
    }
    clearError();
    try { openScreen(setupText); } catch (e) { showError(e.message); return; }
    pg.lines = []; pg.snapshots = {}; pg.rebuilds = []; pg.touches = []; snapCount = 0;
    pg.recordMode = $('recordmode').value;
    pg.recording = true;
    if (paused) { paused = false; $('pause').textContent = 'Pause'; }
    $('record').textContent = 'Stop'; $('record').classList.add('on');
}

let snapCount = 0;
// Adds `snapshot NAME screen all` and keeps the page's own bytes of that moment (the
// text formats and the RGBA framebuffer) for comparison with the native run.
const SUBJECTS = ['screen', 'panel', 'input', 'list'];
function takeSnapshot(name, subject = 'screen') {
    name = name || `snap${++snapCount}`;
    const k = SUBJECTS.indexOf(subject);
    if (k < 0) throw new Error(`snapshot: no subject ${subject} (${SUBJECTS.join(', ')})`);
    flushWait(performance.now());
    if (!run(`snapshot ${name} ${subject} all`)) return null;
    const grab = (fmtIndex) => { check(x.esim_screen_snapshot(handle, k, fmtIndex), 'snapshot'); return output().slice(); };
    const coded = (fmtIndex) => { check(x.esim_screen_snapshot_coded(handle, k, fmtIndex), 'snapshot'); return dec.decode(output()); };
    // ascii before styled: the order `emojisim run` renders a `snapshot ... all` in,
    // since both assign legend codes from the screen's one table.
    const ascii = coded(0), styled = coded(1);
    const s = { ascii, styled, tree: dec.decode(grab(4)), rgba: grab(5), png: grab(2) };
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
    const setup = lines.slice(0, first).filter((l) => l.trim() && !l.trim().startsWith('#')).join('\n') + '\n';
    try { prepareCatalog(setup); } catch (e) {
        showError(e.message);
        pg.replayResult = { passed: false, failedLine: null, message: e.message };
        return;
    }
    // Parse errors first, all of them, before anything runs (as `emojisim run` does).
    if (call('esim_script_check', 'script', text) === -3) {
        const msg = errorText();
        const bad = [...msg.matchAll(/^script:(\d+):\d+:/gm)].map((m) => +m[1]);
        for (const l of bad) markLine(l - 1, 'fail');
        showError(msg);
        pg.replayResult = { passed: false, failedLine: bad[0] || null, parseError: true, message: msg };
        return;
    }
    try {
        openScreen(setup);
    } catch (e) {
        const m = /:(\d+):\d+:/.exec(e.message);
        if (m) markLine(+m[1] - 1, 'fail');
        showError(e.message);
        pg.replayResult = { passed: false, failedLine: m ? +m[1] : null, message: e.message };
        return;
    }
    replay = { lines, i: first, nextAt: 0, failures: 0, stepping, expectLines: [] };
    pg.replayResult = null;
    // A replay ends paused at its end state; Replay again means "run it", not "stay paused".
    if (!stepping && paused) { paused = false; $('pause').textContent = 'Pause'; lastReal = performance.now(); }
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
    const tm = /^timing (auto|manual)\b/.exec(line);
    if (tm) mode = tm[1];
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
    // Paused at the end state (the script's last line), until Resume.
    paused = true; $('pause').textContent = 'Resume';
}
// Ends a `replayTo` replay at its line: the screen stays as that line left it, paused;
// Resume goes on live from there (the rest of the script is not run).
function stopReplayAt() {
    const r = replay;
    replay = null; lastReal = performance.now(); owed = 0;
    pg.replayResult = { passed: r.expectLines.length === 0, failedLine: r.expectLines[0] || null,
                        expectFailures: r.expectLines, stoppedAt: r.stopAt };
    $('status').textContent = `replayed up to line ${r.stopAt}: paused (Resume goes on live)`;
    paused = true; $('pause').textContent = 'Resume';
}
// Replays the script in the Script pane as fast as possible up to line `line` (1-based,
// as the lines pane numbers them; that line included), then pauses there. Returns false
// when the replay did not start (its error is shown).
function replayTo(line) {
    startReplay(false);
    if (!replay) return false;
    replay.stopAt = Math.max(1, Math.floor(line));
    return true;
}
// MARK: trace viewer import

// A trace viewer page (`emojisim run --viewer`, a failing `assertScenario`) carries its
// run as JSON in an `emojisim-trace` block: the script's text and one step per line that
// acts, expects or snapshots. Importing puts the script in the Script pane, the steps in
// the step picker, and replays up to the given line (default: the step the viewer
// selects, the failing one), paused there; Resume goes on live from that state, Replay to
// step picks another. Returns what it did; throws on a page that is not a viewer.
function importTrace(text, line) {
    const doc = new DOMParser().parseFromString(text, 'text/html');
    const block = doc.getElementById('emojisim-trace');
    if (!block) throw new Error('not a trace viewer page (no emojisim-trace block)');
    let data;
    try { data = JSON.parse(block.textContent); } catch (e) { throw new Error(`the trace block is not JSON: ${e.message}`); }
    if (data.version !== 1 || typeof data.source !== 'string' || !Array.isArray(data.steps)) {
        throw new Error('not a trace this playground reads (version 1 with source and steps)');
    }
    // A script past the page's budget is left out of it (TraceViewer.sourceByteBudget).
    if (data.sourceOmitted) throw new Error(`the page left out the script's text (${data.sourceOmitted} bytes, past the viewer's budget): load the script itself`);
    pg.imported = data;
    $('script').value = data.source;
    const sel = $('tracesteps');
    sel.textContent = '';
    data.steps.forEach((st) => {
        const o = new Option(`${st.failed ? '✘ ' : ''}line ${st.line}: ${st.text}`.slice(0, 90), String(st.line));
        sel.add(o);
    });
    sel.disabled = data.steps.length === 0;
    $('replayto').disabled = sel.disabled;
    const chosen = data.steps[data.selected];
    const target = line || (chosen ? chosen.line : 1);
    sel.value = String(target);
    const started = replayTo(target);
    $('catalogname').textContent = `imported ${data.script} (${data.steps.length} steps)`;
    return { script: data.script, steps: data.steps.length, line: target, started };
}

function replayTick(now) {
    if (!replay || replay.stepping || paused) return;
    if (replay.stopAt) {
        while (replay && replay.i < replay.stopAt && replayLine());
        if (replay) stopReplayAt();
        return;
    }
    if ($('pace').value === 'fast') { while (replay && replayLine()); return; }
    // Real speed: a `wait`/`move ... over` holds the next line for its duration.
    const t0 = performance.now();
    while (replay && now >= replay.nextAt && performance.now() - t0 < 8) {
        if (!replayLine()) break;
    }
}

// MARK: the loop

// What a frame costs, measured apart (performance.now(), ms): `model` the script lines
// the frame runs (the clock's wait, a replay's lines), `core` esim_screen_frame (the
// display list, its damage and the raster of the damaged regions, in wasm), `blit` the
// putImageData of those regions, `ui` the panes (trace, state, script, status), `input`
// the pointer and key handlers run since the previous frame (outside requestAnimationFrame
// but on the same thread). pg.frameTimes holds model + core + blit + ui a frame.
let lastFrame = null, lastScriptAt = 0, inputCost = 0, uiTurn = 0;
function timed(fn) {
    return function (...a) {
        const t0 = performance.now();
        try { return fn.apply(this, a); } finally { inputCost += performance.now() - t0; }
    };
}
function frame(ts) {
    const t0 = performance.now();
    let t1 = t0, t2 = t0;
    cost.core = 0; cost.blit = 0; cost.pixels = 0; cost.regions = 0;
    try {
        if (pg.ready) {
            if (replay) replayTick(ts);
            else if (!finger) flushWait(ts);
            else if (finger.live) { const n = account(ts); if (n > 0) run(`wait ${n}ms`); }
            else if (ts - finger.t0 > TAP_MS) goLive(ts, finger.samples[finger.samples.length - 1]);
            t1 = performance.now();
            render();
            t2 = performance.now();
            // At most one pane a frame, in turn: a frame never pays for all three.
            const turn = uiTurn++ % 3;
            if (turn === 0) updateTrace(false);
            else if (turn === 1) { if (!replay) updateState(false); }
            else if (pg.recording && performance.now() - lastScriptAt > 500) {
                // The script so far, live (the textarea gets the final one on Stop).
                lastScriptAt = performance.now();
                const el = $('script');
                el.value = scriptText();
                el.scrollTop = el.scrollHeight;
            }
            $('status').textContent = `t = ${vclock.toFixed(3)} s virtual` +
                (pg.recording ? ` | recording: ${pg.lines.length} lines` : '') +
                (paused ? ' | paused' : '') + (replay ? ` | replaying line ${replay.i}` : '');
        }
    } catch (e) {
        if (e instanceof WebAssembly.RuntimeError || /trapped/.test(e.message)) {
            // A trap leaves the module's heap in an unknown state: stop driving it.
            pg.ready = false;
            showError(`the module trapped (a bug in the core): ${e.message}\nReset starts a fresh module; the script so far is kept.`);
            if (pg.recording) $('script').value = scriptText();
        } else showError(e.message);
    }
    const t3 = performance.now();
    pg.frameTimes.push(t3 - t0);
    pg.frameParts.push({ model: t1 - t0, core: cost.core, blit: cost.blit, ui: t3 - t2, input: inputCost,
                         pixels: cost.pixels, regions: cost.regions });
    inputCost = 0;
    if (lastFrame !== null) pg.frameIntervals.push(ts - lastFrame);
    lastFrame = ts;
    if (pg.frameTimes.length > 5000) { pg.frameTimes.splice(0, 1000); pg.frameIntervals.splice(0, 1000); pg.frameParts.splice(0, 1000); }
    requestAnimationFrame(frame);
}

function download() {
    const blob = new Blob([$('script').value || scriptText()], { type: 'text/plain' });
    const a = document.createElement('a');
    a.href = URL.createObjectURL(blob); a.download = 'playground.scenario';
    a.click();
    setTimeout(() => URL.revokeObjectURL(a.href), 1000);
}

// MARK: controls (device, theme, catalog): a new screen, no reload

function setupFromControls(catalogChoice) {
    const c = catalogChoice || $('catalog').value;
    let catalog = 'demo';
    if (c === 'unicode') catalog = 'unicode';
    else if (c === 'file') {
        if (!dropped) throw new Error('choose or drop a catalog JSON first');
        catalog = `json ${quote(dropped.name)}`;
    } else if (c === 'cli') return D.setup;
    return `device ${$('device').value}\ntheme ${$('theme').value}\ncatalog ${catalog}\nconversation demo\n`;
}
function applySetup(setup) {
    if (pg.recording) toggleRecord();
    replay = null; finger = null;
    openScreen(setup);
}
function onControl() {
    clearError();
    const before = setupText;
    try { applySetup(setupFromControls()); }
    catch (e) {
        showError(e.message);
        try { applySetup(before); } catch (e2) { showError(`${e.message}\n(and the previous setup: ${e2.message})`); }
        syncControls(before);
    }
}
function syncControls(setup) {
    const dm = /^device\s+(\S+)/m.exec(setup), tm = /^theme\s+(\S+)/m.exec(setup), cm = /^catalog\s+(.*)$/m.exec(setup);
    if (dm) {
        if (![...$('device').options].some((o) => o.value === dm[1])) $('device').add(new Option(dm[1], dm[1]));
        $('device').value = dm[1];
    }
    if (tm) $('theme').value = tm[1];
    const c = cm ? cm[1].trim() : 'demo';
    if (c === 'demo' || c === 'unicode') $('catalog').value = c;
    else if (setup === D.setup && D.catalog) {
        if (![...$('catalog').options].some((o) => o.value === 'cli')) $('catalog').add(new Option(`from the command line (${c})`, 'cli'));
        $('catalog').value = 'cli';
    } else $('catalog').value = 'file';
}

async function boot() {
    pg.ready = false; handle = 0; replay = null; loadedCatalog = null;
    try {
        await instantiate();
        check(call('esim_font_load', b64(D.font)), 'font');
        openScreen(setupText);
        pg.ready = true;
    } catch (e) { showError(`could not start the module: ${e.message}`); }
}

async function init() {
    syncControls(D.setup);
    await boot();
    const c = $('screen');
    c.addEventListener('pointerdown', timed(pointerDown));
    c.addEventListener('pointermove', timed(pointerMove));
    c.addEventListener('pointerup', timed((e) => pointerUp(e, false)));
    c.addEventListener('pointercancel', timed((e) => pointerUp(e, true)));
    document.addEventListener('keydown', timed(keyDown));
    const ime = $('ime');
    ime.addEventListener('beforeinput', beforeInput);
    ime.addEventListener('compositionstart', composition);
    ime.addEventListener('compositionupdate', composition);
    ime.addEventListener('compositionend', composition);
    $('pause').onclick = () => { paused = !paused; $('pause').textContent = paused ? 'Resume' : 'Pause'; lastReal = performance.now(); };
    $('step').onclick = () => {
        if (!paused) { paused = true; $('pause').textContent = 'Resume'; }
        if (replay) { replayLine(); return; }
        run(`wait ${Math.round(FRAME_MS)}ms`);
    };
    $('speed').onchange = () => { speed = +$('speed').value; };
    $('zoom').onchange = sizeCanvas;
    $('reset').onclick = () => {
        clearError(); replay = null; finger = null;
        if (!pg.ready) { boot(); return; }
        try { openScreen(setupText); } catch (e) { showError(e.message); }
    };
    $('device').onchange = onControl;
    $('theme').onchange = onControl;
    $('catalog').onchange = () => { if ($('catalog').value === 'file' && !dropped) { $('catalogfile').click(); return; } onControl(); };
    $('catalogfile').onchange = () => { if ($('catalogfile').files.length) loadFiles($('catalogfile').files); };
    document.addEventListener('dragover', (e) => { e.preventDefault(); });
    document.addEventListener('drop', (e) => {
        e.preventDefault();
        if (!e.dataTransfer || !e.dataTransfer.files.length) return;
        const files = [...e.dataTransfer.files];
        // A trace viewer page (emojisim run's, with its trace as an `emojisim-trace`
        // JSON block) goes to the trace import; anything else is a catalog.
        const page = files.find((f) => /\.html?$/i.test(f.name));
        if (page) {
            page.text().then((text) => {
                if (!/id=["']emojisim-trace["']/.test(text)) { showError(`${page.name}: not a trace viewer page (no emojisim-trace block)`); return; }
                clearError();
                try { importTrace(text); } catch (err) { showError(`${page.name}: ${err.message}`); }
            }).catch((err) => showError(`${page.name}: ${err.message}`));
            return;
        }
        loadFiles(files);
    });
    $('record').onclick = toggleRecord;
    $('snapshot').onclick = () => takeSnapshot();
    $('copy').onclick = () => navigator.clipboard.writeText($('script').value || scriptText()).catch((e) => showError(`copy: ${e.message}`));
    $('download').onclick = download;
    $('replay').onclick = () => startReplay(false);
    $('replayto').onclick = () => { if ($('tracesteps').value) replayTo(+$('tracesteps').value); };
    $('replaystep').onclick = () => { if (replay && replay.stepping) replayLine(); else startReplay(true); };
    $('filter').oninput = () => updateTrace(true);
    window.addEventListener('resize', sizeCanvas);
    pg.toggleRecord = toggleRecord; pg.takeSnapshot = takeSnapshot; pg.scriptText = scriptText;
    pg.startReplay = startReplay; pg.replayTo = replayTo; pg.importTrace = importTrace; pg.device = () => device; pg.tree = tree; pg.loadFiles = loadFiles;
    pg.status = () => status(); pg.setup = () => setupText;
    pg.replayState = () => ({ replaying: !!replay, line: replay ? replay.i : null, stepping: replay ? replay.stepping : null,
        paused, error: $('error').textContent });
    requestAnimationFrame(frame);
}
init();
})();
