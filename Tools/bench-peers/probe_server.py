"""The probe protocol of `emojisim-bench` (Tools/emojisim-bench/Remote.swift), peer side.

A peer announces its probes on standard output, then answers the driver's commands on
standard input, one line each, tab-separated:

    peer:   probe KEY LABEL (per probe), fact KEY VALUE and note TEXT (optional),
            then `ready`
    driver: run I SLICE   ->  peer: value SECONDS   (seconds of one call of probe I,
                                    over calls lasting at least SLICE s of process CPU time)
    driver: finish        ->  peer: `end`, and exits

Process CPU time (time.process_time), not wall time: the benchmark machine is shared."""
import sys
import time


def serve(probes, notes=(), facts=None):
    """probes: list of (key, label, fn); fn() is one call (a decode, an encode...);
    facts: {key: number} (sizes...)."""
    out = sys.stdout
    for key, label, _ in probes:
        out.write(f"probe\t{key}\t{label}\n")
    for key, value in (facts or {}).items():
        out.write(f"fact\t{key}\t{value}\n")
    for n in notes:
        out.write(f"note\t{n}\n")
    out.write("ready\n")
    out.flush()
    for line in sys.stdin:
        f = line.split()
        if not f:
            continue
        if f[0] == "run" and len(f) == 3:
            i, min_seconds = int(f[1]), float(f[2])
            fn = probes[i][2]
            runs, start = 0, time.process_time()
            while True:
                fn()
                runs += 1
                elapsed = time.process_time() - start
                if elapsed >= min_seconds:
                    break
            out.write(f"value\t{elapsed / runs:.9f}\n")
        elif f[0] == "finish":
            out.write("end\n")
            out.flush()
            return
        else:
            out.write(f"error\tunknown command {line.strip()}\n")
        out.flush()
