"""The rules catalogue of the custom engine: the clauses every data-defined game plays by.

A custom game's own rules are its ``play:`` section; these clauses say how the engine reads it
(``fuda rules`` prints them; tests under ``tests/custom`` cite them). They are data, in
``rules.yaml`` beside this module, read once by :func:`~fuda.engine.core.catalogue.load_catalogue`.
"""

from __future__ import annotations

from fuda.engine.core.catalogue import load_catalogue

CATALOGUE = load_catalogue(__package__)
