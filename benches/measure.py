#!/usr/bin/env python3
"""Runs a command and reports its wall time, CPU time and peak memory as one JSON line.

    python3 measure.py [--timeout S] [--max-rss-mb M] CMD [ARGS...]

Memory is the peak of the summed RSS of the whole process tree, sampled from /proc every
20 ms: an SDK that starts one CLI process per session is charged for all of them at once.
CPU is user+sys of every process of the tree that was waited for.

The command runs in a process group of its own; past `--timeout` seconds, or once the tree's
RSS passes `--max-rss-mb`, the group is killed and `stopped` says why. The command's last
stdout line, when it is a JSON object, is passed on as `inner` (the in-process timings of the
bench programs); `t0` and `t1` are the epoch times just before the start and after the exit.
"""
import json
import os
import resource
import signal
import subprocess
import sys
import threading
import time


def children_of(root):
    """`root` and its descendants, from /proc/PID/task/TID/children (cheap: no scan of /proc)."""
    tree, todo = [], [root]
    while todo:
        p = todo.pop()
        tree.append(p)
        try:
            tids = os.listdir("/proc/%d/task" % p)
        except OSError:
            continue
        for tid in tids:
            try:
                with open("/proc/%d/task/%s/children" % (p, tid)) as f:
                    todo.extend(int(c) for c in f.read().split())
            except OSError:
                continue
    return tree


def rss_kb(pid):
    try:
        with open("/proc/%d/status" % pid) as f:
            for line in f:
                if line.startswith("VmRSS:"):
                    return int(line.split()[1])
    except OSError:
        pass
    return 0


def last_json(text):
    for line in reversed(text.strip().splitlines()):
        if line.startswith("{"):
            try:
                return json.loads(line)
            except ValueError:
                return None
    return None


def main():
    args = sys.argv[1:]
    timeout, max_rss_kb = None, None
    while args and args[0] in ("--timeout", "--max-rss-mb"):
        if args[0] == "--timeout":
            timeout = float(args[1])
        else:
            max_rss_kb = int(float(args[1]) * 1024)
        args = args[2:]
    t0 = time.time()
    start = time.perf_counter()
    proc = subprocess.Popen(args, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                            start_new_session=True)
    peak = [0]
    stopped = [None]
    done = threading.Event()

    def stop(why):
        stopped[0] = why
        try:
            os.killpg(proc.pid, signal.SIGKILL)
        except OSError:
            pass

    def sample():
        while not done.is_set():
            peak[0] = max(peak[0], sum(rss_kb(p) for p in children_of(proc.pid)))
            if max_rss_kb and peak[0] > max_rss_kb and not stopped[0]:
                stop("rss over %d MB after %.1f s" % (max_rss_kb // 1024, time.perf_counter() - start))
            if timeout and time.perf_counter() - start > timeout and not stopped[0]:
                stop("timeout after %.0f s" % timeout)
            done.wait(0.02)

    t = threading.Thread(target=sample, daemon=True)
    t.start()
    out, err = proc.communicate()
    wall = time.perf_counter() - start
    t1 = time.time()
    done.set()
    t.join()
    if stopped[0] is None and proc.returncode != 0:
        # Whatever the program left running (a CLI it started) goes with it.
        try:
            os.killpg(proc.pid, signal.SIGKILL)
        except OSError:
            pass
    r = resource.getrusage(resource.RUSAGE_CHILDREN)
    peak_kb = max(peak[0], r.ru_maxrss)
    print(json.dumps({"rc": proc.returncode, "wall": wall, "cpu": r.ru_utime + r.ru_stime,
                      "rss_kb": peak_kb, "err": (err or "")[-400:], "stopped": stopped[0],
                      "inner": last_json(out or ""), "t0": t0, "t1": t1}))


if __name__ == "__main__":
    main()
