"""The installed version of passalive, read from the package's metadata in one place.

`passalive.__version__`, `--version`, GTP's `version`, the engine's `query_version`, the SGF
root's `AP` and the cluster's check that every worker runs the same release all read it here.
"""

from __future__ import annotations

from importlib.metadata import PackageNotFoundError, version

__all__ = ["installed_version"]


def installed_version() -> str:
    """The version pip installed, or "unknown" for a source tree on sys.path that was never installed."""
    try:
        return version("passalive")
    except PackageNotFoundError:  # pragma: no cover - a source tree that is not installed
        return "unknown"
