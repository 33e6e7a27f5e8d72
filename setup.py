"""The one thing pyproject.toml cannot say: the optional C kernel.

`passalive.definitions._kernel` (passalive/definitions/_kernel.c, the direct
casting-out in C) and `passalive.tools.explore._census` (the exhaustive census of
small boards that `explore --benson-complete` uses) and `passalive.batch._host`
(passalive/batch/fused.cu, the batch's fused kernel, for arrays on the CPU) are built when a C compiler and Python's headers are there;
`optional=True` makes a failed build a warning, and passalive then runs its
pure-Python code (passalive/definitions/kernel.py says which one answers).
Everything else about the package is in pyproject.toml.
"""

from setuptools import Extension, setup

setup(
    ext_modules=[
        Extension(
            "passalive.definitions._kernel",
            sources=["passalive/definitions/_kernel.c"],
            optional=True,  # Python's own compiler flags apply (-O2 or -O3 and -DNDEBUG on Linux)
        ),
        Extension(
            "passalive.batch._host",  # the fused kernel of passalive.batch for CPU arrays (it includes fused.cu)
            sources=["passalive/batch/_host.c"],
            depends=["passalive/batch/fused.cu"],
            optional=True,
        ),
        Extension(
            "passalive.tools.explore._census",  # the exhaustive census of small boards (docs/findings.md, 4x5)
            sources=["passalive/tools/explore/_census.c"],
            optional=True,
        ),
    ]
)
