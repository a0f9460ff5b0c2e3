"""The rules catalogue of RAISE×BLAZE (raise-blaze): its clauses, in fuda's own words, with the readings the engine takes.

The clauses are data, in ``rules.yaml`` beside this module (edited by a rules writer, read once by
:func:`~fuda.engine.core.catalogue.load_catalogue`). Clause ids are those of the shared catalogue
(seed 003); ``interpretation`` states what the engine does where the rule page is silent or
ambiguous; ``waiver`` would say why a clause has no test. The conformance suite (tests/raise_blaze/)
cites these ids.
"""

from __future__ import annotations

from fuda.engine.core.catalogue import load_catalogue

CATALOGUE = load_catalogue(__package__)
