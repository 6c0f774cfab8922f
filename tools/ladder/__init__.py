"""The ladder (``python -m tools ladder``): :mod:`~tools.ladder.protocol` fixes what is played and on which
seeds, :mod:`~tools.ladder.runs` plays it, :mod:`~tools.ladder.publishing` writes the committed figures,
:mod:`~tools.ladder.cli` dispatches the steps."""
