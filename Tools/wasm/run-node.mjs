// Runs bundles (see Tools/wasm/reference/main.swift) inside emojisim-core.wasm under
// node, through the module's C ABI exports (not its WASI entry: wasmkit runs that),
// and writes one report per bundle: BUNDLE -> BUNDLE minus ".bundle" plus ".node.report".
//
//     node Tools/wasm/run-node.mjs emojisim-core.wasm OUT/*.bundle
//     node Tools/wasm/run-node.mjs --abi-checks emojisim-core.wasm
//
// --abi-checks feeds the exports bad input (null pointers, huge lengths, bad UTF-8,
// unknown handles, bad script lines, off-screen touches) and fails unless every call
// returns an error status with a message instead of trapping.
//
// A bundle's `bench` records (Tools/wasm/bench.sh) run through
// esim_bench_open/frame/summary, timing each esim_bench_frame call with
// process.cpuUsage() or performance.now() (the host's clocks: the module has none); it writes the same
// report lines as CoreABI.runBench (the summary, then "ns" and each frame's time).
import { readFileSync, writeFileSync } from 'node:fs';

class Exit extends Error { constructor(code) { super(`exit ${code}`); this.code = code; } }

async function instantiate(path) {
    let memory;
    const stderr = [];
    const wasi = {
        fd_write(fd, iovs, count, writtenPtr) {
            const view = new DataView(memory.buffer);
            let total = 0;
            for (let i = 0; i < count; i++) {
                const p = view.getUint32(iovs + i * 8, true), n = view.getUint32(iovs + i * 8 + 4, true);
                const bytes = new Uint8Array(memory.buffer, p, n);
                if (fd === 1) process.stdout.write(bytes); else stderr.push(Buffer.from(bytes).toString());
                total += n;
            }
            view.setUint32(writtenPtr, total, true);
            return 0;
        },
        fd_read(fd, iovs, count, readPtr) { new DataView(memory.buffer).setUint32(readPtr, 0, true); return 0; },
        proc_exit(code) { throw new Exit(code); },
    };
    const { instance } = await WebAssembly.instantiate(readFileSync(path), { wasi_snapshot_preview1: wasi });
    memory = instance.exports.memory;
    return { x: instance.exports, memory: () => memory, stderr };
}

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

async function runBundle(wasmPath, bundlePath) {
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
    writeFileSync(bundlePath.replace(/\.bundle$/, '') + '.node.report', report);
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
    ok('close', x.esim_screen_close(h));
    expectError('closed handle', x.esim_screen_trace(h));
    console.log(failed ? `abi-checks: ${failed} FAILED` : 'abi-checks: all passed');
    process.exit(failed ? 1 : 0);
}

const args = process.argv.slice(2);
if (args[0] === '--abi-checks') {
    await abiChecks(args[1]);
} else {
    const [wasm, ...bundles] = args;
    for (const b of bundles) await runBundle(wasm, b);
}
