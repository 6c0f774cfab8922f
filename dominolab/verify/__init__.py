"""Verification: the example catalogue and its file format (:mod:`.examples`), the
rule-document checker (:mod:`.doccheck`), golden matches, rule coverage and the
interpretations of the rule documents."""
