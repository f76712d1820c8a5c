#!/usr/bin/env python3
"""Runs a command and reports its wall time, CPU time and peak memory as one JSON line.

    python3 measure.py CMD [ARGS...]

Memory is the peak of the summed RSS of the whole process tree, sampled from /proc every
20 ms: an SDK that starts one CLI process per session is charged for all of them at once.
CPU is user+sys of every process of the tree that was waited for.
"""
import json
import os
import resource
import subprocess
import sys
import threading
import time


def children_of(root):
    parents = {}
    for pid in os.listdir("/proc"):
        if not pid.isdigit():
            continue
        try:
            with open("/proc/%s/stat" % pid) as f:
                stat = f.read()
            ppid = int(stat[stat.rindex(")") + 2:].split()[1])
            parents.setdefault(ppid, []).append(int(pid))
        except (OSError, ValueError):
            continue
    tree, todo = [], [root]
    while todo:
        p = todo.pop()
        tree.append(p)
        todo.extend(parents.get(p, []))
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


def main():
    start = time.perf_counter()
    proc = subprocess.Popen(sys.argv[1:], stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
    peak = [0]
    done = threading.Event()

    def sample():
        while not done.is_set():
            peak[0] = max(peak[0], sum(rss_kb(p) for p in children_of(proc.pid)))
            done.wait(0.02)

    t = threading.Thread(target=sample, daemon=True)
    t.start()
    _, err = proc.communicate()
    wall = time.perf_counter() - start
    done.set()
    t.join()
    r = resource.getrusage(resource.RUSAGE_CHILDREN)
    peak_kb = max(peak[0], r.ru_maxrss)
    print(json.dumps({"rc": proc.returncode, "wall": wall, "cpu": r.ru_utime + r.ru_stime,
                      "rss_kb": peak_kb, "err": (err or "")[-400:]}))


if __name__ == "__main__":
    main()
