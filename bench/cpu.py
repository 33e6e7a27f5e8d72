"""CPU seconds of a benchmark's child processes: the one helper the bench scripts measure a command with.

`children_cpu()` before and after `subprocess.run` gives the CPU the command and
its own children (a `--jobs` pool) used, whatever else the machine was doing;
every script that times a separate process from the outside takes that difference from here
(bench_jobs measures inside its children, whose path is the checkout measured, not bench/).
"""

from __future__ import annotations

import resource


def children_cpu() -> float:
    """CPU seconds (user and system) of this process's finished children, and of theirs that they waited for."""
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime
