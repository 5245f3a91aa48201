// Runs bundles (see Tools/wasm/reference/main.swift) inside emojisim-core.wasm under
// node, through the module's C ABI exports (not its WASI entry: wasmkit runs that),
// and writes one report per bundle: BUNDLE -> BUNDLE minus ".bundle" plus ".node.report"
// (".SUFFIX.report" with --report-suffix SUFFIX: bench.sh keeps the runs under node's
// default flags and under other V8 flags apart).
//
//     node Tools/wasm/run-node.mjs emojisim-core.wasm OUT/*.bundle
//     node --wasm-inlining Tools/wasm/run-node.mjs --report-suffix node-inl emojisim-core.wasm OUT/*.bundle
//     node Tools/wasm/run-node.mjs --abi-checks emojisim-core.wasm
//
// --abi-checks feeds the exports bad input (null pointers, huge lengths, bad UTF-8,
// unknown handles, bad script lines, off-screen touches; and the playground's exports:
// coded snapshots, legend codes, images clear, target at, status, script check, catalog
// JSON, frame)
// and fails unless every call returns an error status with a message instead of
// trapping, and each good path gives what it should.
//
// A bundle's `bench` records (Tools/wasm/bench.sh) run through
// esim_bench_open/frame/summary, timing each esim_bench_frame call with
// process.cpuUsage() or performance.now() (the host's clocks: the module has none); it writes the same
// report lines as CoreABI.runBench (the summary, then "ns" and each frame's time).
import { readFileSync, writeFileSync } from 'node:fs';
import { instantiate as instantiateCore } from './instantiate.mjs';

const instantiate = (path) => instantiateCore(readFileSync(path), { stdout: true });

function makeCore(m) {
    const { x } = m;
    const enc = new TextEncoder(), dec = new TextDecoder('utf-8', { fatal: true });
    // Copies bytes into a fresh esim_alloc buffer; returns [ptr, len] (ptr 0 for empty input).
    const put = (bytes) => {
        if (bytes.length === 0) return [0, 0];
        const p = x.esim_alloc(bytes.length);
        if (!p) throw new Error(`esim_alloc(${bytes.length}) failed`);
        new Uint8Array(m.memory().buffer, p, bytes.length).set(bytes);
        return [p, bytes.length];
    };
    const read = (ptrFn, lenFn) => new Uint8Array(m.memory().buffer, ptrFn(), lenFn()).slice();
    const output = () => read(x.esim_output_ptr, x.esim_output_len);
    const error = () => dec.decode(read(x.esim_error_ptr, x.esim_error_len));
    // Calls an export with byte arguments, freeing them afterwards.
    const call = (fn, ...args) => {
        const flat = [], owned = [];
        for (const a of args) {
            if (a instanceof Uint8Array) { const [p, n] = put(a); owned.push(p); flat.push(p, n); }
            else if (typeof a === 'string') { const [p, n] = put(enc.encode(a)); owned.push(p); flat.push(p, n); }
            else flat.push(a);
        }
        try { return fn(...flat); } finally { for (const p of owned) if (p) x.esim_free(p); }
    };
    return { x, put, output, error, call, enc, dec };
}

function* records(bundle) {
    let i = 0;
    while (i < bundle.length) {
        const nl = bundle.indexOf(10, i);
        const [kind, name, len] = Buffer.from(bundle.subarray(i, nl)).toString().split(' ');
        const body = bundle.subarray(nl + 1, nl + 1 + Number(len));
        i = nl + 1 + Number(len);
        yield { kind, name, body };
    }
}

async function runBundle(wasmPath, bundlePath, suffix = 'node') {
    const m = await instantiate(wasmPath);
    const c = makeCore(m);
    let report = '';
    for (const r of records(readFileSync(bundlePath))) {
        let status;
        switch (r.kind) {
            case 'font': status = c.call(c.x.esim_font_load, r.body); break;
            case 'image': status = c.call(c.x.esim_image_register, r.name, r.body); break;
            case 'sequence': status = c.call(c.x.esim_sequence_register, r.name, r.body); break;
            case 'catalog': status = c.call(c.x.esim_catalog_load, r.body); break;
            case 'script':
                status = c.call(c.x.esim_run_script, r.name, r.body);
                if (status === 0) report += c.dec.decode(c.output());
                break;
            case 'bench': {
                const [framesText, warmupText, clock] = c.dec.decode(r.body).split(' ');
                const frames = Number(framesText), warmup = Number(warmupText);
                // cpu: the process's CPU time (V8's helper threads included: node has no
                // per-thread figure before v23); wall: performance.now().
                const now = clock === 'cpu'
                    ? () => { const u = process.cpuUsage(); return (u.user + u.system) * 1000; }
                    : () => performance.now() * 1e6;
                const workload = { 'panel-fling': 0, 'screen-render': 1 }[r.name];
                const h = workload === undefined ? -1 : c.x.esim_bench_open(workload);
                if (h < 1) { status = h < 0 ? h : -1; break; }
                status = 0;
                for (let i = 0; i < warmup && status === 0; i++) status = c.x.esim_bench_frame(h);
                const ns = new Float64Array(frames);
                for (let i = 0; i < frames && status === 0; i++) {
                    const t0 = now();
                    status = c.x.esim_bench_frame(h);
                    ns[i] = now() - t0;
                }
                if (status === 0) status = c.x.esim_bench_summary(h);
                if (status === 0) report += `bench ${c.dec.decode(c.output())}\nns${Array.from(ns, (t) => ' ' + Math.round(t)).join('')}\n`;
                c.x.esim_screen_close(h);
                break;
            }
            default: throw new Error(`${bundlePath}: unknown record ${r.kind}`);
        }
        if (status !== 0) report += `error ${r.name} ${status} ${c.error()}\n`;
    }
    writeFileSync(bundlePath.replace(/\.bundle$/, '') + `.${suffix}.report`, report);
}

async function abiChecks(wasmPath) {
    const m = await instantiate(wasmPath);
    const c = makeCore(m);
    const { x } = c;
    let failed = 0;
    const expectError = (what, status) => {
        const msg = c.error();
        if (status >= 0 || msg.length === 0) { failed++; console.log(`FAIL ${what}: status ${status}, message "${msg}"`); }
        else console.log(`ok   ${what}: ${status} ${msg}`);
    };
    expectError('null pointer with a length', x.esim_screen_create(0, 10));
    expectError('negative length', x.esim_screen_create(0, -1));
    expectError('length over the limit', x.esim_screen_create(16, 0x7fffffff));
    expectError('pointer past the memory end', (() => { try { return x.esim_screen_create(0x7ffffff0, 64); } catch (e) { return 1; } })());
    expectError('invalid UTF-8', c.call(x.esim_screen_create, new Uint8Array([0x64, 0xff, 0xfe])));
    expectError('overlong UTF-8', c.call(x.esim_screen_create, new Uint8Array([0xc0, 0xaf])));
    expectError('a parse error', c.call(x.esim_screen_create, 'device phone99\n'));
    expectError('an action in setup text', c.call(x.esim_screen_create, 'device iphone8\ntap input\n'));
    expectError('a catalog from files without esim_catalog_load', c.call(x.esim_screen_create, 'catalog json "x.json"\n'));
    expectError('unknown handle', x.esim_screen_advance(12345, 10));
    expectError('bad font', c.call(x.esim_font_load, 'not a hex font\n'));
    expectError('bad catalog text', c.call(x.esim_catalog_load, 'emoji\tx\n'));
    expectError('empty image name', c.call(x.esim_image_register, '', new Uint8Array([1])));
    const h = c.call(x.esim_screen_create, 'device iphone8\nconversation empty\n');
    if (h < 1) { failed++; console.log(`FAIL create: ${h} ${c.error()}`); }
    expectError('setup line in script lines', c.call(x.esim_screen_run, h, 'theme dark\n'));
    expectError('bad script line', c.call(x.esim_screen_run, h, 'tap nowhere-at-all\n'));
    expectError('refused action', c.call(x.esim_screen_run, h, 'type "x"\n'));
    expectError('negative advance', x.esim_screen_advance(h, -5));
    expectError('touch off screen', x.esim_screen_touch(h, 1, 0, 5000, 10));
    expectError('touch at NaN', x.esim_screen_touch(h, 1, 0, NaN, 10));
    expectError('touch phase 9', x.esim_screen_touch(h, 1, 9, 10, 10));
    expectError('snapshot subject 7', x.esim_screen_snapshot(h, 7, 0));
    expectError('snapshot format 9', x.esim_screen_snapshot(h, 0, 9));
    expectError('esim_alloc(0) is null', x.esim_alloc(0) === 0 ? -1 : 0);
    // Found by Tools/wasm/fuzz-abi.mjs: a start near 4 GiB wrapped the end-of-memory check
    // (an overflow trap); a double or wild free aborted the allocator; images clear kept
    // the last call's error.
    expectError('a pointer that wraps past 4 GiB', x.esim_screen_create(-1, 16));
    expectError('a pointer 16 bytes below 4 GiB', x.esim_catalog_load_json(-16, 16, 0, 0));
    const freed = x.esim_alloc(32);
    const freeOnce = x.esim_free(freed), freeTwice = x.esim_free(freed);
    if (freeOnce !== 0 || freeTwice !== -1) { failed++; console.log(`FAIL free, then free again: ${freeOnce}, ${freeTwice} (want 0, -1)`); }
    else console.log('ok   a double free is refused (-1), not an abort');
    if (x.esim_free(freed + 16) !== -1 || x.esim_free(0) !== -1 || x.esim_free(-16) !== -1) { failed++; console.log('FAIL a wild free is not refused'); }
    else console.log('ok   a wild free is refused (-1)');
    x.esim_screen_advance(12345, 10);
    if (x.esim_images_clear() !== 0 || x.esim_error_len() !== 0) { failed++; console.log('FAIL images clear keeps the previous error'); }
    else console.log('ok   images clear clears the previous error');
    // And the good path through the incremental calls.
    const ok = (what, s) => { if (s !== 0) { failed++; console.log(`FAIL ${what}: ${s} ${c.error()}`); } else console.log(`ok   ${what}`); };
    ok('run lines', c.call(x.esim_screen_run, h, 'tap input\nsettle\nexpect keyboard system\ntype "hi"\n'));
    ok('touch began', x.esim_screen_touch(h, 7, 0, 100, 300));
    ok('advance 50 ms', x.esim_screen_advance(h, 50));
    ok('touch ended', x.esim_screen_touch(h, 7, 3, 100, 300));
    ok('snapshot ascii', x.esim_screen_snapshot(h, 0, 0));
    const ascii = c.dec.decode(c.output());
    if (!ascii.includes('hi')) { failed++; console.log('FAIL ascii snapshot does not show the typed text'); }
    ok('snapshot rgba', x.esim_screen_snapshot(h, 0, 5));
    if (c.output().length !== 375 * 2 * 667 * 2 * 4) { failed++; console.log(`FAIL rgba is ${c.output().length} bytes`); }
    ok('trace', x.esim_screen_trace(h));
    ok('report', x.esim_screen_report(h));
    // The playground's exports (Tools/wasm/ABI/CoreABI+Playground.swift).
    playgroundChecks(c, h, expectError, ok, (what) => { failed++; console.log(`FAIL ${what}`); });
    ok('close', x.esim_screen_close(h));
    expectError('closed handle', x.esim_screen_trace(h));
    expectError('frame of a closed screen', x.esim_screen_frame(h, 0));
    // Issue 47, item 17: after a trap the instance refuses every call (-10) instead of
    // answering over half-changed state. A trap made on purpose: the allocator panics on
    // a block header the host overwrote.
    const victim = x.esim_alloc(32);
    new Uint8Array(m.memory().buffer, victim - 16, 16).fill(0);
    let trapped = false;
    try { x.esim_free(victim); } catch (e) { trapped = e instanceof WebAssembly.RuntimeError; }
    const after = [x.esim_catalog_load(0, 0), x.esim_screen_trace(1), x.esim_free(victim)];
    if (!trapped || after.some((st) => st !== -10) || x.esim_alloc(16) !== 0 || !/trapped/.test(c.error())) {
        failed++; console.log(`FAIL after a trap: trapped ${trapped}, statuses ${after}, error "${c.error()}"`);
    } else console.log('ok   after a trap every call is refused (-10) and esim_alloc gives null');
    console.log(failed ? `abi-checks: ${failed} FAILED` : 'abi-checks: all passed');
    process.exit(failed ? 1 : 0);
}

// Each playground export with bad arguments (an error status and a message, never a
// trap) and on its good path. `h` is an open iphone8 screen with the system keyboard
// up and "hi" typed.
function playgroundChecks(c, h, expectError, ok, fail) {
    const { x } = c;
    const text = () => c.dec.decode(c.output());
    ok('bring the system keyboard back', c.call(x.esim_screen_run, h, 'tap input\nsettle\n'));
    // esim_screen_snapshot_coded: text snapshots sharing the screen's legend codes.
    expectError('coded snapshot: unknown handle', x.esim_screen_snapshot_coded(9999, 0, 0));
    expectError('coded snapshot: subject 7', x.esim_screen_snapshot_coded(h, 7, 0));
    expectError('coded snapshot: subject -1', x.esim_screen_snapshot_coded(h, -1, 0));
    expectError('coded snapshot: format 2 (png) is not text', x.esim_screen_snapshot_coded(h, 0, 2));
    expectError('coded snapshot: the panel is not on screen', x.esim_screen_snapshot_coded(h, 1, 0));
    ok('coded snapshot ascii', x.esim_screen_snapshot_coded(h, 0, 0));
    if (!text().includes('hi')) fail('coded ascii snapshot does not show the typed text');
    ok('coded snapshot styled', x.esim_screen_snapshot_coded(h, 0, 1));
    // esim_screen_codes_reset / esim_screen_codes_move: only between open screens.
    expectError('codes reset: unknown handle', x.esim_screen_codes_reset(9999));
    ok('codes reset', x.esim_screen_codes_reset(h));
    const h2 = c.call(x.esim_screen_create, 'device iphone8\nconversation empty\n');
    if (h2 < 1) fail(`create a second screen: ${h2} ${c.error()}`);
    expectError('codes move: unknown source', x.esim_screen_codes_move(9999, h2));
    expectError('codes move: unknown destination', x.esim_screen_codes_move(h, 9999));
    expectError('codes move: onto itself', x.esim_screen_codes_move(h, h));
    ok('codes move', x.esim_screen_codes_move(h2, h));
    ok('close the second screen', x.esim_screen_close(h2));
    // esim_images_clear: no arguments; registering works again afterwards.
    ok('images clear', x.esim_images_clear());
    ok('register after clear', c.call(x.esim_image_register, 'x.ppm', 'P6 1 1 255\n\0\0\0'));
    // esim_screen_target_at: the finder a touch lands on.
    expectError('target at: unknown handle', x.esim_screen_target_at(9999, 10, 10));
    expectError('target at: NaN', x.esim_screen_target_at(h, NaN, 10));
    expectError('target at: infinity', x.esim_screen_target_at(h, 10, Infinity));
    ok('target at: off screen', x.esim_screen_target_at(h, -50, 1e9));
    if (text() !== '') fail(`target off screen should be "", got "${text()}"`);
    x.esim_screen_snapshot(h, 0, 4);
    const send = /^\s*\w+ \[(-?[\d.]+),(-?[\d.]+) ([\d.]+)x([\d.]+)\].* view=InputBar\.send\b/m.exec(text());
    if (!send) fail('no InputBar.send in the tree dump');
    else {
        ok('target at: the send button', x.esim_screen_target_at(h, +send[1] + send[3] / 2, +send[2] + send[4] / 2));
        if (text() !== 'send') fail(`target at the send button's centre should be "send", got "${text()}"`);
    }
    // esim_screen_status: clock, idleness, offered expectations.
    expectError('status: unknown handle', x.esim_screen_status(9999));
    ok('status', x.esim_screen_status(h));
    if (!/^now \d+\nidle [01]\n/.test(text()) || !/^expect keyboard system$/m.test(text())) fail(`status: ${text()}`);
    // esim_script_check: parse errors of a whole script, with lines, before running.
    expectError('script check: null pointer with a length', x.esim_script_check(0, 0, 0, 5));
    expectError('script check: negative name length', x.esim_script_check(0, -2, 0, 0));
    expectError('script check: invalid UTF-8', c.call(x.esim_script_check, 's', new Uint8Array([0x74, 0xff])));
    const bad = c.call(x.esim_script_check, 'bad.scenario', 'device iphone8\ntap nowhere\nwait 5 parsecs\n');
    expectError('script check: two bad lines', bad);
    if (bad !== -3 || !/bad\.scenario:2:/.test(c.error()) || !/bad\.scenario:3:/.test(c.error())) fail(`script check should name lines 2 and 3: ${bad} ${c.error()}`);
    ok('script check: a good script', c.call(x.esim_script_check, 'good.scenario', 'device iphone8\ntap input\nsettle\n'));
    // esim_catalog_load_json: the catalog JSON read in the core (CatalogJSON).
    const good = JSON.stringify({ format: 'emojisim-catalog', version: 1, groups: [{ name: 'g', icon: 'i/./icon.png', emoji: [
        { code: 'laugh', kind: 'static', image: 'a/../laugh.png', width: 64, height: 64.5, meanings: { '': '大笑' } },
        { code: 'spin', kind: 'animated', frames: ['s0.png', 's1.png'] }, { code: '😀', kind: 'unicode', keywords: ['grin'] }] }] });
    ok('catalog json: a good one', c.call(x.esim_catalog_load_json, 'good.json', good));
    if (text() !== 'image i/icon.png\nimage laugh.png\nsequence spin.sequence\ts0.png\ts1.png\n') fail(`catalog json images: ${JSON.stringify(text())}`);
    const badJSON = (what, name, body, want) => {
        const st = c.call(x.esim_catalog_load_json, name, body);
        expectError(`catalog json: ${what}`, st);
        if (st >= 0 || !want.test(c.error())) fail(`catalog json ${what}: the message should match ${want}: ${c.error()}`);
    };
    badJSON('malformed (a stray comma)', 'm.json', '{"format": "emojisim-catalog",\n "groups": [,]}', /^m\.json:2:13: \(byte 43\): malformed JSON: a value expected, found ','/);
    badJSON('unterminated', 'u.json', '{"format": "emoj', /^u\.json:1:17: .*unterminated string/);
    badJSON('a bad kind', 'k.json', '{"format": "emojisim-catalog", "version": 1, "groups": [{"name": "g", "emoji": [{"code": "x", "kind": "gif"}]}]}', /^k\.json:1:\d+: \(byte \d+\) entry 0 \(kind\): expected unicode, static or animated, found "gif"/);
    badJSON('version 2', 'v.json', '{"format": "emojisim-catalog", "version": 2, "groups": []}', /\(version\)/);
    badJSON('nested too deep', 'd.json', '['.repeat(100) + ']'.repeat(100), /nested more than 64 levels/);
    badJSON('a path out of the folder', 'p.json', '{"format": "emojisim-catalog", "version": 1, "groups": [{"name": "g", "emoji": [{"code": "x", "kind": "static", "image": "../x.png"}]}]}', /escapes the catalog folder/);
    badJSON('a duplicate code', 'dup.json', '{"format": "emojisim-catalog", "version": 1, "groups": [{"name": "g", "emoji": [{"code": "x", "kind": "unicode"}, {"code": "x", "kind": "unicode"}]}]}', /entry 1 \(code\): duplicate code "x"/);
    badJSON('a size out of range', 's.json', '{"format": "emojisim-catalog", "version": 1, "groups": [{"name": "g", "emoji": [{"code": "x", "kind": "unicode", "width": 1e9, "height": 1}]}]}', /entry 0 \(width\): size/);
    badJSON('a lone surrogate', 'sur.json', '{"format": "\\ud800"}', /lone high surrogate/);
    badJSON('invalid UTF-8', 'b.json', new Uint8Array([0x7b, 0x22, 0xff, 0x22, 0x7d]), /^b\.json: invalid UTF-8 at byte offset 2/);
    // The reader shared with emojisim (EmojiText's CatalogJSON): titles and variant objects
    // read; repeated keys refused; a number past the exact subset refused in Embedded
    // Swift only (natively rounded: docs/CATALOG-JSON.md, "Numbers").
    const titled = JSON.stringify({ format: 'emojisim-catalog', version: 1, groups: [{ name: 'Seed', titles: { '': '动图', en: 'Seed' }, emoji: [
        { code: '👍', kind: 'unicode', image: 'emoji_u1f44d.png', variants: ['👍🏻', { code: '👍🏿', image: 'v/dark.png', meanings: { '': 'dark' } }] }] }] });
    ok('catalog json: titles and a variant object', c.call(x.esim_catalog_load_json, 't.json', titled));
    if (text() !== 'image emoji_u1f44d.png\nimage v/dark.png\n') fail(`catalog json variant images: ${JSON.stringify(text())}`);
    badJSON('a repeated key', 'r.json', '{"format": "emojisim-catalog", "version": 1, "version": 1, "groups": []}', /^r\.json:1:46: \(byte 45\): malformed JSON: member name "version" repeated in one object \(first at byte 31\)/);
    badJSON('a duplicate group name', 'g.json', '{"format": "emojisim-catalog", "version": 1, "groups": [{"name": "g", "emoji": []}, {"name": "g", "emoji": []}]}', /groups\[1\]\.name: duplicate group name "g" \(also groups\[0\]\)/);
    badJSON('17 significant digits', 'n.json', '{"format": "emojisim-catalog", "version": 1, "groups": [{"name": "g", "emoji": [{"code": "x", "kind": "unicode", "width": 33.333333333333336, "height": 1}]}]}', /more than 15 significant digits/);
    expectError('catalog json: null pointer with a length', x.esim_catalog_load_json(0, 0, 0, 9));
    expectError('catalog json: a name over 255 bytes', c.call(x.esim_catalog_load_json, 'n'.repeat(300), '{}'));
    // esim_screen_frame: the kept framebuffer, redrawn by regions.
    expectError('frame: unknown handle', x.esim_screen_frame(9999, 0));
    const frame = (force) => {
        const n = x.esim_screen_frame(h, force);
        if (n < 0) return { n };
        const d = new DataView(c.x.memory.buffer, x.esim_output_ptr(), x.esim_output_len());
        const w = d.getInt32(0, true), hh = d.getInt32(4, true), ptr = d.getUint32(8, true);
        const rects = [];
        for (let i = 0; i < d.getInt32(12, true); i++) rects.push([0, 4, 8, 12].map((k) => d.getInt32(16 + 16 * i + k, true)));
        return { n, w, h: hh, pixels: new Uint8Array(c.x.memory.buffer, ptr, w * hh * 4).slice(), rects };
    };
    const f1 = frame(0);
    if (f1.n !== 1 || f1.w !== 750 || f1.h !== 1334 || f1.rects[0].join() !== '0,0,750,1334') fail(`first frame should redraw all 750x1334: ${JSON.stringify({ ...f1, pixels: undefined })}`);
    else console.log('ok   frame: the first redraws the whole 750x1334 canvas');
    const f2 = frame(0);
    if (f2.n !== 0) fail(`an unchanged screen should redraw nothing: ${f2.n}`); else console.log('ok   frame: unchanged, nothing redrawn');
    ok('type more', c.call(x.esim_screen_run, h, 'type "!"\n'));
    const f3 = frame(0);
    const area = f3.rects.reduce((a, r) => a + r[2] * r[3], 0);
    x.esim_screen_snapshot(h, 0, 5);
    const full = c.output();
    const same = full.length === f3.pixels.length && full.every((v, i) => v === f3.pixels[i]);
    if (!(f3.n >= 1) || area >= 750 * 1334 / 2 || !same) fail(`a typed key: ${f3.n} regions, ${area} pixels, equal to a full render: ${same}`);
    else console.log(`ok   frame: a typed key redrew ${f3.n} region(s), ${area} pixels, equal to a full render`);
    const f4 = frame(1);
    if (f4.n !== 1 || f4.rects[0][2] !== 750) fail('force should redraw all'); else console.log('ok   frame: force redraws all');
}

const args = process.argv.slice(2);
if (args[0] === '--abi-checks') {
    await abiChecks(args[1]);
} else {
    let suffix = 'node';
    if (args[0] === '--report-suffix') {
        suffix = args[1] ?? '';
        if (!/^[a-z0-9-]+$/.test(suffix)) throw new Error(`--report-suffix: a name of a-z, 0-9 and -, not "${suffix}"`);
        args.splice(0, 2);
    }
    const [wasm, ...bundles] = args;
    for (const b of bundles) await runBundle(wasm, b, suffix);
}
