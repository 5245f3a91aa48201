// A seeded fuzzer for the C ABI of emojisim-core.wasm under node (issue 26 item 16):
// random sequences of every export with live, stale and invented handles, wild
// pointers and lengths (null, negative, past the end of memory, wrapping past 4 GiB,
// into freed buffers), NaN, infinities and huge numbers, bad UTF-8, and text built
// from the repository's own scenarios, catalogs, images and font, then mutated.
//
//     node Tools/wasm/fuzz-abi.mjs WASM [--seed N] [--seconds S | --episodes N]
//                                  [--smoke] [--replay EPISODE] [--verbose]
//
// A run is a list of episodes; episode E of seed S is a fresh instance driven by a
// generator seeded from (S, E) only, so `--seed S --replay E --verbose` repeats it
// call by call. Every call must return, not trap (a WebAssembly.RuntimeError, a
// proc_exit, a heap panic), and must keep the ABI's contract: a status of 0, a
// positive handle or count where the export returns one, or one of the negative
// `CoreABI.Status` codes with a non-empty UTF-8 message (and no message after a
// success); output and error buffers inside linear memory; no call over --slow
// seconds of CPU time (default 10). An episode that stops making progress for --hang
// seconds of wall time (default 120) is stopped (the calls run in a worker thread) and reported as a hang.
//
// --smoke: a fixed seed and 100 episodes (about 4,500 calls, 11 s of CPU time),
// what CI runs. Exit status: 0 clean, 1 findings (each printed with its seed and
// episode), 2 bad usage.
import { readFileSync, readdirSync, existsSync } from 'node:fs';
import { join, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Worker, isMainThread, parentPort, workerData } from 'node:worker_threads';
import { instantiate as instantiateCore, Exit } from './instantiate.mjs';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..', '..');

// ---- deterministic randomness ---------------------------------------------------------

function mulberry32(seed) {
    let a = seed >>> 0;
    return () => {
        a = (a + 0x6d2b79f5) >>> 0;
        let t = a;
        t = Math.imul(t ^ (t >>> 15), t | 1);
        t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
        return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
    };
}
// (seed, episode) -> one 32-bit generator seed (FNV-1a over both).
function episodeSeed(seed, episode) {
    let h = 0x811c9dc5;
    for (const v of [seed, episode]) for (let k = 0; k < 4; k++) { h ^= (v >>> (8 * k)) & 0xff; h = Math.imul(h, 0x01000193) >>> 0; }
    return h;
}
class Rand {
    constructor(seed) { this.next = mulberry32(seed); }
    int(n) { return Math.floor(this.next() * n); }           // 0..<n
    range(lo, hi) { return lo + this.int(hi - lo + 1); }      // lo...hi
    chance(p) { return this.next() < p; }
    pick(a) { return a[this.int(a.length)]; }
    // Index by weight: [[w, value], ...].
    weighted(pairs) {
        let total = 0;
        for (const [w] of pairs) total += w;
        let r = this.next() * total;
        for (const [w, v] of pairs) { if ((r -= w) < 0) return v; }
        return pairs[pairs.length - 1][1];
    }
}

// ---- inputs from the repository -------------------------------------------------------

function loadCorpus() {
    const read = (p) => readFileSync(join(ROOT, p));
    const scenarios = [];
    for (const dir of ['Tests/Scenarios', 'Tools/wasm/messages']) {
        for (const f of readdirSync(join(ROOT, dir)).sort()) if (f.endsWith('.scenario')) scenarios.push(read(join(dir, f)).toString());
    }
    const lines = [];
    for (const s of scenarios) for (const l of s.split('\n')) if (l.trim() && !l.startsWith('#')) lines.push(l);
    const images = [];
    const demo = 'Sources/EmojiSimIO/Resources/DemoAssets';
    const demoFiles = readdirSync(join(ROOT, demo)).filter((f) => /\.(png|gif)$/.test(f)).sort();
    for (const f of demoFiles.slice(0, 12).concat(demoFiles.filter((f) => f.endsWith('.gif')))) images.push([f, read(join(demo, f))]);
    for (const dir of ['Tests/Fixtures/apng', 'Tests/Fixtures/gif-test-suite/gifs', 'Tests/Fixtures/pngsuite/png']) {
        if (!existsSync(join(ROOT, dir))) continue;
        for (const f of readdirSync(join(ROOT, dir)).sort().slice(0, 12)) if (/\.(png|gif)$/.test(f)) images.push([f, read(join(dir, f))]);
    }
    const font = read('Sources/EmojiSimIO/Resources/Fonts/unifont-subset.hex');
    // A small font: the first 400 glyph lines (parses fast; the rest draw as boxes).
    const smallFont = Buffer.from(font.toString().split('\n').slice(0, 400).join('\n') + '\n');
    const catalogs = [];
    const walk = (dir) => {
        for (const f of readdirSync(join(ROOT, dir), { withFileTypes: true })) {
            if (f.isDirectory()) walk(join(dir, f.name));
            else if (f.name.endsWith('.json')) catalogs.push(read(join(dir, f.name)));
        }
    };
    if (existsSync(join(ROOT, 'Tests/Fixtures/catalogs'))) walk('Tests/Fixtures/catalogs');
    return { scenarios, lines, images, font, smallFont, catalogs };
}

// ---- the generator of calls -----------------------------------------------------------

const STATUSES = new Set([-1, -2, -3, -4, -5, -6, -7, -8, -9, -10]);
const HUGE = [0, -1, -0x80000000, 0x7fffffff, 0x40000000, 64 << 20, (64 << 20) + 1, 65536, 1e9 | 0];
const DOUBLES = [NaN, Infinity, -Infinity, -0, 0, 1e300, -1e300, 5e-324, 1.7976931348623157e308, 0.5, 100, 300, 374.9999, 375, 667, 2 ** 31, -(2 ** 31)];

// Bad UTF-8 and other byte-level damage applied to good text.
function mutateBytes(r, bytes) {
    const b = Array.from(bytes);
    const n = r.range(1, 4);
    for (let k = 0; k < n; k++) {
        const at = b.length ? r.int(b.length + 1) : 0;
        switch (r.int(9)) {
            case 0: b.splice(at, 0, 0xff); break;                       // never valid
            case 1: b.splice(at, 0, 0x80); break;                       // lone continuation
            case 2: b.splice(at, 0, 0xc0, 0xaf); break;                 // overlong '/'
            case 3: b.splice(at, 0, 0xed, 0xa0, 0x80); break;           // a UTF-16 surrogate
            case 4: b.splice(at, 0, 0xf4, 0x90, 0x80, 0x80); break;     // past U+10FFFF
            case 5: b.splice(at, 0, 0xe4, 0xbd); break;                 // cut short
            case 6: b.splice(at, 0, 0); break;                          // NUL
            case 7: b.splice(at, 0, 0x1b, 0x5b, 0x33, 0x31, 0x6d); break; // ESC [31m
            default: if (b.length) b.splice(r.int(b.length), r.range(1, 8)); break; // cut
        }
    }
    return Uint8Array.from(b);
}

const enc = new TextEncoder();
const WORDS = ['"', '""', '"\\n"', '"[笑哭]"', '[微笑]', '😀', '👍🏿', '\\u{1F600}', '\\u{D800}', '\\u{110000}', 'x'.repeat(300),
    '-1', '0', '1e308', 'nan', 'inf', '-inf', '99999999999999999999', '1.5', '-0', '0x10', '3s', '-3s', '1e9s', '100ms', '1e300pt',
    '(1,2)', '(nan,1)', '(1e300,1e300)', 'at', 'to', 'by', 'for', 'panel.emoji', 'input', 'send', 'toggle', 'list.row', 'panel.tab',
    'panel.cell', 'label', 'view', 'left', 'right', 'up', 'down', '"动图"', 'dark', 'light', 'iphone8', 'iphone14', '0x0@0', '1x1@1',
    '100000x100000@3', '375x667@2'];

function scriptLine(r, corpus) {
    let line = r.pick(corpus.lines);
    if (r.chance(0.35)) {
        // Replace, insert or drop words.
        const w = line.split(' ');
        const k = r.range(1, 3);
        for (let i = 0; i < k; i++) {
            const at = r.int(w.length + 1);
            switch (r.int(3)) {
                case 0: w.splice(at, 1, r.pick(WORDS)); break;
                case 1: w.splice(at, 0, r.pick(WORDS)); break;
                default: if (w.length > 1) w.splice(at, 1); break;
            }
        }
        line = w.join(' ');
    }
    return line;
}
function scriptText(r, corpus, lines) {
    const out = [];
    for (let i = 0; i < lines; i++) out.push(scriptLine(r, corpus));
    return out.join(r.chance(0.1) ? '\r\n' : '\n') + (r.chance(0.8) ? '\n' : '');
}
function setupText(r, corpus) {
    const devices = ['iphone8', 'iphone14', '375x667@2', '320x480@1', '1x1@1', '10000x10000@3', '0x0@2', '375x667@0', 'nan', '-5x5@2'];
    const out = [];
    if (r.chance(0.9)) out.push(`device ${r.chance(0.8) ? r.pick(devices.slice(0, 4)) : r.pick(devices)}`);
    if (r.chance(0.3)) out.push(`theme ${r.pick(['light', 'dark', 'purple'])}`);
    if (r.chance(0.3)) out.push(`catalog ${r.pick(['demo', 'json "c.json"', 'folder "x"', 'unicode', 'plist "e.plist" "m.plist"'])}`);
    out.push(`conversation ${r.pick(['empty', 'demo', 'empty', 'demo', 'many', '"x"'])}`);
    if (r.chance(0.3)) {
        const sets = ['set input.max-length 5', 'set input.max-lines 3', 'set longpress.duration 0.1s', 'set touch.rate 120',
            'set panel.snap nearest', 'set input.max-length 0', 'set input.max-length -1', 'set touch.rate 0', 'set touch.rate 1e9',
            'set longpress.duration 0s', 'set input.max-length 99999999999'];
        out.push(r.pick(sets));
    }
    return out.join('\n') + '\n';
}
function imageBytes(r, corpus) {
    const [, bytes] = r.pick(corpus.images);
    switch (r.int(6)) {
        case 0: return mutateBytes(r, bytes);
        case 1: return bytes.subarray(0, r.int(bytes.length));                     // truncated
        case 2: {                                                                 // a GIF with a huge canvas
            const w = r.pick([1, 10000, 65535]), h = r.pick([1, 10000, 65535]);
            return Uint8Array.from([0x47, 0x49, 0x46, 0x38, 0x39, 0x61, w & 255, w >> 8, h & 255, h >> 8, 0, 0, 0,
                0x2c, 0, 0, 0, 0, 1, 0, 1, 0, 0, 0x02, 0x02, 0x44, 0x01, 0x00, 0x3b]);
        }
        case 3: return Uint8Array.from({ length: r.int(64) }, () => r.int(256));
        default: return bytes;
    }
}
function catalogJSON(r, corpus) {
    if (corpus.catalogs.length && r.chance(0.6)) {
        const b = r.pick(corpus.catalogs);
        return r.chance(0.5) ? mutateBytes(r, b) : b;
    }
    const deep = r.int(200);
    return enc.encode(r.pick([
        '{"format":"emojisim-catalog","version":1,"groups":[{"name":"g","emoji":[{"code":"x","kind":"unicode"}]}]}',
        '['.repeat(deep) + ']'.repeat(deep), '{"a":' + '1e999' + '}', '"\\ud800"', '{"format":"emojisim-catalog","version":1e400}',
        '{"format":"emojisim-catalog","version":1,"groups":[{"name":"' + 'n'.repeat(r.int(5000)) + '","emoji":[]}]}', '', '{', 'null',
    ]));
}

// One argument pair (pointer, length) for a byte buffer: usually the bytes copied into a
// fresh esim_alloc buffer, sometimes a hostile pair.
function bufferArg(r, env, bytes) {
    const mem = env.memory.buffer.byteLength;
    const mode = r.weighted([[80, 'good'], [3, 'null'], [3, 'negative'], [3, 'huge'], [3, 'past-end'], [2, 'wrap'], [3, 'wild'], [3, 'freed'], [2, 'zero']]);
    switch (mode) {
        case 'null': return [0, r.range(1, 100)];
        case 'negative': return [env.scratch(), r.pick([-1, -0x80000000, -r.range(2, 1000)])];
        case 'huge': return [env.scratch(), r.pick([0x7fffffff, (64 << 20) + 1, 0x40000000])];
        case 'past-end': { const n = r.range(1, 4096); return [mem - r.int(n), n]; }
        case 'wrap': return [r.pick([0xfffffff0, 0xffffffff, 0x80000000, mem]) | 0, r.pick([0x20, 64 << 20, 1, 0x10])];
        case 'wild': return [r.int(mem), Math.min(bytes.length || 1, r.range(0, 256))];
        case 'freed': {
            const p = env.freed.length ? r.pick(env.freed) : r.int(mem);
            return [p, Math.min(r.range(0, 64), 64)];
        }
        case 'zero': return [r.chance(0.5) ? 0 : env.scratch(), 0];
        default: {
            if (bytes.length === 0) return [0, 0];
            const p = env.x.esim_alloc(bytes.length);
            if (!p) return [0, bytes.length];
            new Uint8Array(env.memory.buffer, p, bytes.length).set(bytes);
            env.owned.push(p);
            return [p, bytes.length];
        }
    }
}
function handleArg(r, env) {
    const live = [...env.handles];
    return r.weighted([[70, () => live.length ? r.pick(live) : 1], [10, () => env.closed.length ? r.pick(env.closed) : 2],
        [10, () => r.pick([0, -1, 0x7fffffff, -0x80000000, 65, 9999])], [10, () => r.range(1, 80)]])();
}
function textBytes(r, s) { const b = enc.encode(s); return r.chance(0.08) ? mutateBytes(r, b) : b; }

// The calls: [weight, name, function(r, env) -> { call: [export, ...args], kind }].
// kind says what a status >= 0 means: 'status' (0 only), 'handle' (>= 1), 'count' (>= 0).
const OPS = [
    [4, 'alloc', (r, env) => ({ call: ['esim_alloc', r.weighted([[6, r.range(1, 4096)], [2, r.pick(HUGE)], [1, r.range(1 << 20, 64 << 20)]])], kind: 'pointer' })],
    [3, 'free', (r, env) => ({ call: ['esim_free', r.weighted([[6, () => env.kept.length ? env.kept.splice(r.int(env.kept.length), 1)[0] : 0],
        [2, () => env.freed.length ? r.pick(env.freed) : 0], [2, () => r.int(env.memory.buffer.byteLength) & ~15], [1, () => r.pick([0, 16, -16, 0x7ffffff0])]])()], kind: 'void' })],
    [2, 'font', (r, env) => ({ call: ['esim_font_load', ...bufferArg(r, env, r.chance(0.7) ? env.corpus.smallFont : mutateBytes(r, env.corpus.smallFont.subarray(0, r.int(20000))))], kind: 'status' })],
    [2, 'catalog', (r, env) => ({ call: ['esim_catalog_load', ...bufferArg(r, env, textBytes(r, r.pick(['', 'group\tg\nemoji\tx\n', 'emoji\tx\n', 'group\t' + 'g'.repeat(r.int(1000)) + '\n', '\t\t\t\n'])))], kind: 'status' })],
    [4, 'catalog json', (r, env) => ({ call: ['esim_catalog_load_json', ...bufferArg(r, env, textBytes(r, r.pick(['c.json', '', 'x'.repeat(300)]))), ...bufferArg(r, env, catalogJSON(r, env.corpus))], kind: 'status' })],
    [5, 'image', (r, env) => ({ call: ['esim_image_register', ...bufferArg(r, env, textBytes(r, r.pick(env.corpus.images)[0])), ...bufferArg(r, env, imageBytes(r, env.corpus))], kind: 'status' })],
    [2, 'sequence', (r, env) => ({ call: ['esim_sequence_register', ...bufferArg(r, env, textBytes(r, 'seq' + r.int(4))),
        ...bufferArg(r, env, textBytes(r, Array.from({ length: r.int(6) }, () => r.pick(env.corpus.images)[0]).join(r.pick(['\n', '\r\n', '\n\n']))))], kind: 'status' })],
    [1, 'images clear', () => ({ call: ['esim_images_clear'], kind: 'status' })],
    [8, 'create', (r, env) => ({ call: ['esim_screen_create', ...bufferArg(r, env, textBytes(r, r.chance(0.9) ? setupText(r, env.corpus) : scriptText(r, env.corpus, r.range(1, 4))))], kind: 'handle' })],
    [3, 'close', (r, env) => ({ call: ['esim_screen_close', handleArg(r, env)], kind: 'status' })],
    [14, 'run', (r, env) => ({ call: ['esim_screen_run', handleArg(r, env), ...bufferArg(r, env, textBytes(r, scriptText(r, env.corpus, r.range(1, 6))))], kind: 'status' })],
    [6, 'advance', (r, env) => ({ call: ['esim_screen_advance', handleArg(r, env), r.weighted([[8, r.range(0, 2000)], [1, r.pick(HUGE)], [1, 3_600_000]])], kind: 'status' })],
    [10, 'touch', (r, env) => ({ call: ['esim_screen_touch', handleArg(r, env), r.weighted([[8, r.range(0, 3)], [1, r.pick(HUGE)]]), r.weighted([[9, r.range(0, 4)], [1, r.pick(HUGE)]]),
        r.chance(0.85) ? r.next() * 400 : r.pick(DOUBLES), r.chance(0.85) ? r.next() * 900 : r.pick(DOUBLES)], kind: 'status' })],
    [6, 'snapshot', (r, env) => ({ call: ['esim_screen_snapshot', handleArg(r, env), r.weighted([[9, r.range(0, 3)], [1, r.pick(HUGE)]]), r.weighted([[9, r.range(0, 5)], [1, r.pick(HUGE)]])], kind: 'status' })],
    [3, 'snapshot coded', (r, env) => ({ call: ['esim_screen_snapshot_coded', handleArg(r, env), r.range(-1, 4), r.range(-1, 2)], kind: 'status' })],
    [1, 'codes reset', (r, env) => ({ call: ['esim_screen_codes_reset', handleArg(r, env)], kind: 'status' })],
    [2, 'codes move', (r, env) => ({ call: ['esim_screen_codes_move', handleArg(r, env), handleArg(r, env)], kind: 'status' })],
    [3, 'trace', (r, env) => ({ call: ['esim_screen_trace', handleArg(r, env)], kind: 'status' })],
    [2, 'report', (r, env) => ({ call: ['esim_screen_report', handleArg(r, env)], kind: 'status' })],
    [3, 'target at', (r, env) => ({ call: ['esim_screen_target_at', handleArg(r, env), r.chance(0.8) ? r.next() * 400 : r.pick(DOUBLES), r.chance(0.8) ? r.next() * 900 : r.pick(DOUBLES)], kind: 'status' })],
    [3, 'status', (r, env) => ({ call: ['esim_screen_status', handleArg(r, env)], kind: 'status' })],
    [4, 'frame', (r, env) => ({ call: ['esim_screen_frame', handleArg(r, env), r.pick([0, 1, -1, 0x7fffffff])], kind: 'count' })],
    [3, 'script check', (r, env) => ({ call: ['esim_script_check', ...bufferArg(r, env, textBytes(r, 's.scenario')), ...bufferArg(r, env, textBytes(r, (r.chance(0.7) ? setupText(r, env.corpus) : '') + scriptText(r, env.corpus, r.range(1, 10))))], kind: 'status' })],
    [3, 'run script', (r, env) => ({ call: ['esim_run_script', ...bufferArg(r, env, textBytes(r, r.pick(['s.scenario', '', 'x'.repeat(400)]))),
        ...bufferArg(r, env, textBytes(r, r.chance(0.5) ? r.pick(env.corpus.scenarios) : setupText(r, env.corpus) + scriptText(r, env.corpus, r.range(1, 12))))], kind: 'status' })],
    [1, 'bench open', (r, env) => ({ call: ['esim_bench_open', r.pick([0, 1, -1, 2, 0x7fffffff])], kind: 'handle' })],
    [1, 'bench frame', (r, env) => ({ call: ['esim_bench_frame', handleArg(r, env)], kind: 'status' })],
    [1, 'bench summary', (r, env) => ({ call: ['esim_bench_summary', handleArg(r, env)], kind: 'status' })],
];

async function instantiate(module) {
    const m = await instantiateCore(module);
    return { x: m.x, get memory() { return m.memory(); }, stderr: m.stderr };
}

const dec = new TextDecoder('utf-8', { fatal: true });
// The process's CPU time in ms: what a call costs, whatever else the machine runs (wall
// time on a loaded 2-core machine was 3-8 times more). The worker does nearly all of it.
const cpuMs = () => { const u = process.cpuUsage(); return (u.user + u.system) / 1000; };
function describe(args) {
    return args.map((a) => typeof a === 'number' && !Number.isInteger(a) ? String(a) : typeof a === 'number' ? (Math.abs(a) > 9999 ? '0x' + (a >>> 0).toString(16) : String(a)) : String(a)).join(', ');
}

// Runs one episode; returns null or a finding { op, call, message }.
async function episode(module, corpus, seed, e, { ops, slowMs, verbose, progress, log }) {
    const r = new Rand(episodeSeed(seed, e));
    const m = await instantiate(module);
    const env = {
        x: m.x, get memory() { return m.memory; }, corpus, handles: new Set(), closed: [], owned: [], kept: [], freed: [],
        scratchPtr: 0,
        scratch() { if (!this.scratchPtr) { this.scratchPtr = this.x.esim_alloc(64); } return this.scratchPtr; },
    };
    if (r.chance(0.6)) {
        const f = r.chance(0.2) ? corpus.font : corpus.smallFont;
        const p = m.x.esim_alloc(f.length);
        new Uint8Array(m.memory.buffer, p, f.length).set(f);
        m.x.esim_font_load(p, f.length);
        m.x.esim_free(p);
    }
    const n = r.range(Math.floor(ops / 2), ops);
    for (let k = 0; k < n; k++) {
        if (progress) { Atomics.store(progress, 0, e); Atomics.store(progress, 1, k); Atomics.add(progress, 2, 1); }
        const name = r.weighted(OPS.map(([w, nm, f]) => [w, [nm, f]]));
        const { call, kind } = name[1](r, env);
        const [fn, ...args] = call;
        const text = `${fn}(${describe(args)})`;
        const t0 = cpuMs();
        let status;
        try {
            status = m.x[fn](...args);
        } catch (err) {
            const tail = m.stderr.join('').trim().split('\n').slice(-3).join(' | ');
            return { op: k, call: text, message: `trapped: ${err instanceof Exit ? err.message : `${err.constructor.name}: ${err.message}`}${tail ? ` (stderr: ${tail})` : ''}` };
        }
        const ms = cpuMs() - t0;
        for (const p of env.owned) { m.x.esim_free(p); env.freed.push(p); }
        env.owned.length = 0;
        if (env.freed.length > 64) env.freed.splice(0, env.freed.length - 64);
        const fail = (message) => ({ op: k, call: text, message });
        if (ms > slowMs) return fail(`took ${Math.round(ms)} ms of CPU (limit ${slowMs} ms)`);
        const memBytes = m.memory.buffer.byteLength;
        if (kind === 'pointer') {
            const p = status >>> 0;
            if (p !== 0) {
                if (p % 16 !== 0 || p + args[0] > memBytes) return fail(`esim_alloc returned ${p}, not a 16-byte-aligned buffer inside ${memBytes} bytes`);
                if (env.kept.length < 32 && r.chance(0.7)) env.kept.push(p); else { m.x.esim_free(p); env.freed.push(p); }
            } else if (args[0] > 0 && args[0] <= 4096) return fail('esim_alloc of a small size returned null');
            if (verbose) log(`${e}.${k} ${text} -> ${p}`);
            continue;
        }
        if (kind === 'void') {
            if (verbose) log(`${e}.${k} ${text}`);
            const freedPtr = args[0] >>> 0;
            if (freedPtr) env.freed.push(freedPtr);
            continue;
        }
        if (!Number.isInteger(status)) return fail(`returned ${status}`);
        const errLen = m.x.esim_error_len(), errPtr = m.x.esim_error_ptr() >>> 0;
        const outLen = m.x.esim_output_len(), outPtr = m.x.esim_output_ptr() >>> 0;
        if (errLen < 0 || errPtr + errLen > memBytes) return fail(`error buffer ${errPtr}+${errLen} outside ${memBytes} bytes of memory`);
        if (outLen < 0 || outPtr + outLen > memBytes) return fail(`output buffer ${outPtr}+${outLen} outside ${memBytes} bytes of memory`);
        let message = '';
        if (errLen) {
            try { message = dec.decode(new Uint8Array(m.memory.buffer, errPtr, errLen)); } catch { return fail('the error message is not valid UTF-8'); }
        }
        if (status < 0) {
            if (!STATUSES.has(status)) return fail(`status ${status} is no CoreABI.Status`);
            if (!message) return fail(`status ${status} without a message`);
            if (errLen > 64 * 1024) return fail(`a ${errLen}-byte error message`);
        } else {
            if (message) return fail(`status ${status} with an error message: ${message.slice(0, 200)}`);
            if (kind === 'status' && status !== 0) return fail(`status ${status}; expected 0`);
            if (kind === 'handle') {
                if (status < 1) return fail(`handle ${status}; expected >= 1`);
                env.handles.add(status);
            }
        }
        if (fn === 'esim_screen_close' && status === 0) { env.handles.delete(args[0]); env.closed.push(args[0]); }
        if (verbose) log(`${e}.${k} ${text} -> ${status}${message ? ' ' + message.slice(0, 160).replace(/\n/g, '\\n') : ''} (${Math.round(ms)} ms)`);
    }
    return null;
}

// ---- driver: a worker runs episodes, the main thread watches for hangs ----------------

function usage(msg) {
    console.error(`fuzz-abi: ${msg}\nusage: node Tools/wasm/fuzz-abi.mjs WASM [--seed N] [--seconds S | --episodes N] [--smoke] [--replay E] [--verbose] [--ops N] [--slow S] [--hang S]`);
    process.exit(2);
}
function parseArgs(argv) {
    const o = { seed: 1, seconds: 0, episodes: 0, replay: -1, verbose: false, ops: 60, slow: 10, hang: 120, wasm: '' };
    for (let i = 0; i < argv.length; i++) {
        const a = argv[i], v = () => { if (i + 1 >= argv.length) usage(`${a} needs a value`); const n = Number(argv[++i]); if (!Number.isFinite(n)) usage(`${a}: not a number`); return n; };
        switch (a) {
            case '--seed': o.seed = v() >>> 0; break;
            case '--seconds': o.seconds = v(); break;
            case '--episodes': o.episodes = v(); break;
            case '--replay': o.replay = v(); break;
            case '--ops': o.ops = v(); break;
            case '--slow': o.slow = v(); break;
            case '--hang': o.hang = v(); break;
            case '--verbose': o.verbose = true; break;
            case '--smoke': o.seed = 26; o.episodes = 100; break;
            default: if (a.startsWith('--') || o.wasm) usage(`unexpected ${a}`); o.wasm = a;
        }
    }
    if (!o.wasm) usage('no wasm module given');
    if (!o.seconds && !o.episodes && o.replay < 0) o.episodes = 150;
    return o;
}

if (!isMainThread) {
    const { o, start } = workerData;
    const corpus = loadCorpus();
    const module = await WebAssembly.compile(readFileSync(o.wasm));
    const progress = new Int32Array(workerData.progress);
    const deadline = o.seconds ? Date.now() + o.seconds * 1000 : Infinity;
    const last = o.replay >= 0 ? o.replay + 1 : o.episodes || Infinity;
    for (let e = o.replay >= 0 ? o.replay : start; e < last && Date.now() < deadline; e++) {
        const f = await episode(module, corpus, o.seed, e, { ops: o.ops, slowMs: o.slow * 1000, verbose: o.verbose, progress, log: (s) => parentPort.postMessage({ log: s }) });
        parentPort.postMessage({ done: e, finding: f });
    }
    parentPort.postMessage({ end: true });
} else {
    const o = parseArgs(process.argv.slice(2));
    const t0 = Date.now();
    let findings = 0, episodes = 0, calls = 0, next = 0;
    const report = (e, f) => {
        findings++;
        console.log(`FINDING seed ${o.seed} episode ${e} call ${f.op}: ${f.call}: ${f.message}`);
        console.log(`  replay: node Tools/wasm/fuzz-abi.mjs ${o.wasm} --seed ${o.seed} --replay ${e} --verbose`);
    };
    const runFrom = (start) => new Promise((resolve) => {
        const progress = new SharedArrayBuffer(12);
        const view = new Int32Array(progress);
        const remaining = o.seconds ? Math.max(1, o.seconds - (Date.now() - t0) / 1000) : 0;
        const w = new Worker(fileURLToPath(import.meta.url), { workerData: { o: { ...o, seconds: remaining }, start, progress }, resourceLimits: { maxOldGenerationSizeMb: 1024 } });
        let lastCount = -1, stalled = 0, ended = false, counted = 0;
        const watch = setInterval(() => {
            const c = Atomics.load(view, 2);
            if (c !== lastCount) { lastCount = c; stalled = 0; return; }
            if (++stalled >= o.hang) {
                clearInterval(watch);
                ended = true;
                const e = Atomics.load(view, 0);
                report(e, { op: Atomics.load(view, 1), call: '(the call in progress)', message: `no progress for ${o.hang} s (a hang)` });
                w.terminate().then(() => resolve(e + 1));
            }
        }, 1000);
        w.on('message', (msg) => {
            if (msg.log) console.log(msg.log);
            if (msg.done !== undefined) { episodes++; next = msg.done + 1; if (msg.finding) report(msg.done, msg.finding); }
            if (msg.end) { ended = true; clearInterval(watch); calls += Atomics.load(view, 2) - counted; resolve(-1); }
        });
        w.on('error', (err) => {
            clearInterval(watch);
            if (ended) return;
            ended = true;
            report(Atomics.load(view, 0), { op: Atomics.load(view, 1), call: '(the worker)', message: `died: ${err.message}` });
            resolve(Atomics.load(view, 0) + 1);
        });
        w.on('exit', () => { clearInterval(watch); if (!ended) { ended = true; resolve(next); } });
        const count = () => { calls += Atomics.load(view, 2) - counted; counted = Atomics.load(view, 2); };
        w.on('exit', count);
    });
    let start = 0;
    while (start >= 0) {
        start = await runFrom(start);
        if (o.replay >= 0) break;
        if (o.episodes && start >= o.episodes) break;
        if (o.seconds && Date.now() - t0 >= o.seconds * 1000) break;
    }
    const secs = ((Date.now() - t0) / 1000).toFixed(1);
    console.log(`fuzz-abi: seed ${o.seed}, ${episodes} episodes, ${calls} calls in ${secs} s: ${findings ? `${findings} FINDING(S)` : 'no findings'}`);
    process.exit(findings ? 1 : 0);
}
