// Instantiates emojisim-core.wasm under node with the three WASI imports it uses
// (fd_write, fd_read, proc_exit), for Tools/wasm/run-node.mjs and fuzz-abi.mjs.
// fd 1 goes to process.stdout when `stdout` is set, else (and fd 2 always) to `stderr`,
// a list of strings; proc_exit throws an `Exit` (the instance is unusable after it).
export class Exit extends Error { constructor(code) { super(`proc_exit(${code})`); this.code = code; } }

/// `source`: the module's bytes or a compiled WebAssembly.Module.
export async function instantiate(source, { stdout = false } = {}) {
    let memory;
    const stderr = [];
    const wasi = {
        fd_write(fd, iovs, count, writtenPtr) {
            const view = new DataView(memory.buffer);
            let total = 0;
            for (let i = 0; i < count; i++) {
                const p = view.getUint32(iovs + i * 8, true), n = view.getUint32(iovs + i * 8 + 4, true);
                const bytes = new Uint8Array(memory.buffer, p, n);
                if (fd === 1 && stdout) process.stdout.write(bytes); else stderr.push(Buffer.from(bytes).toString());
                total += n;
            }
            view.setUint32(writtenPtr, total, true);
            return 0;
        },
        fd_read(fd, iovs, count, readPtr) { new DataView(memory.buffer).setUint32(readPtr, 0, true); return 0; },
        proc_exit(code) { throw new Exit(code); },
    };
    const result = await WebAssembly.instantiate(source, { wasi_snapshot_preview1: wasi });
    const instance = result.instance ?? result;
    memory = instance.exports.memory;
    return { x: instance.exports, memory: () => memory, stderr };
}
