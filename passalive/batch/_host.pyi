# The types of the optional C build of the fused kernel (passalive/batch/_host.c); see passalive.batch.fused.
from typing import Any

MAX_SIDE: int

# black, white, alive and territory: objects with the buffer protocol, numpy arrays in passalive (typeshed's
# Buffer takes those only from Python 3.12 on, hence Any); alive and territory writable.
def cast_out(
    black: Any, white: Any, n: int, height: int, width: int, all_points: bool,
    alive: Any, territory: Any, first: int, last: int, /,
) -> None: ...
