"""fuda's version, in a module of its own: the root package (the public API) re-exports it, and
modules that print it (``fuda --version``, SARIF reports) read it here, not from the root."""

__version__ = "0.1.0"
