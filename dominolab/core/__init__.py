"""The standard-library core: values, game descriptions, rounds and matches.

Everything here imports only the standard library and other modules of this
package: tiles (:mod:`.tiles`), the table (:mod:`.layout`), moves
(:mod:`.moves`), who sits at the table (:mod:`.seating`), the games as data (:mod:`.rules`) and game descriptions read from
TOML files, house rules (:mod:`.gamefile`), scoring as pure functions
(:mod:`.scoring`), rounds and matches (:mod:`.engine`), what a seat may know
(:mod:`.view`), records and replay (:mod:`.record`), errors (:mod:`.errors`) and
the bounded reader of users' files (:mod:`.userfiles`).
"""
