// The DevTools client the browser checks share (Tools/check-viewer.mjs,
// Tools/playground/check.mjs, Tools/screenshots.mjs): starts headless Chromium on a
// private profile, attaches to one page over the DevTools protocol (node's own
// WebSocket, no package), and collects what the page must not do: uncaught exceptions,
// console errors, error log entries (CSP refusals land there) and network requests
// other than file:, data: and blob: URLs.
//
//     const b = await openBrowser({ chromium, work, width: 1280, height: 900 });
//     await b.navigate('file://' + page);
//     await b.waitFor('document.body.dataset.ready === "1"', 30000, 'the page did not load');
//     const v = await b.evaluate('...');      // returnByValue, promises awaited
//     await b.screenshot(path);               // the page's content, at most the window
//     b.pageErrors                            // strings; [] when the page behaved
//
// Chromium is killed when node exits.
import { spawn } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';

export const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

/// Starts Chromium and attaches to a fresh blank page. `work` holds its profile.
export async function openBrowser({ chromium, work, width = 1280, height = 900, scale = 1 }) {
    const chrome = spawn(chromium, ['--headless=new', '--no-sandbox', '--disable-gpu', '--remote-debugging-port=0',
        `--user-data-dir=${join(work, 'profile')}`, `--window-size=${width},${height}`, `--force-device-scale-factor=${scale}`,
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
    let nextId = 1, session = null;
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
        } else if (msg.method === 'Log.entryAdded' && msg.params.entry.level === 'error') {
            pageErrors.push(msg.params.entry.text);
        } else if (msg.method === 'Runtime.consoleAPICalled' && msg.params.type === 'error') {
            pageErrors.push(msg.params.args.map((a) => a.value ?? a.description).join(' '));
        } else if (msg.method === 'Network.requestWillBeSent') {
            const u = msg.params.request.url;
            if (!u.startsWith('file://') && !u.startsWith('data:') && !u.startsWith('blob:')) pageErrors.push(`network request: ${u}`);
        }
    };
    /// One protocol call on the page's session (`sid` null: on the browser).
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
    for (const domain of ['Runtime', 'Network', 'Log', 'Page']) await send(`${domain}.enable`);

    return {
        send, evaluate, pageErrors,
        navigate: (url) => send('Page.navigate', { url }),
        /// Polls `expression` every 100 ms until it is truthy; throws `what` after `ms`.
        async waitFor(expression, ms, what) {
            for (let t = 0; ; t += 100) {
                if (await evaluate(expression).catch(() => false)) return;
                if (t >= ms) throw new Error(`${what} (in ${ms / 1000} s)${pageErrors.length ? `: ${pageErrors.join('; ')}` : ''}`);
                await sleep(100);
            }
        },
        /// A PNG of the page: the whole window, or its content when shorter (`full`: the
        /// whole document, however tall).
        async screenshot(path, { full = false } = {}) {
            const w = await evaluate('window.innerWidth');
            const h = await evaluate(full ? 'document.documentElement.scrollHeight' : 'Math.min(window.innerHeight, document.documentElement.scrollHeight)');
            const shot = await send('Page.captureScreenshot', { format: 'png', captureBeyondViewport: full, clip: { x: 0, y: 0, width: w, height: h, scale: 1 } });
            writeFileSync(path, Buffer.from(shot.data, 'base64'));
        },
        close() { try { chrome.kill('SIGKILL'); } catch {} },
    };
}
