"""``python -m pipeline`` runs the ``fuda`` command."""

from .cli import main

main()
