"""``python -m fuda`` runs the ``fuda`` command."""

from fuda.cli.main import main

main()
