"""Play: opponents that decide from their seat's view (:mod:`.bots`), tournaments
(:mod:`.tournament`) and the person-against-bots game in the terminal (:mod:`.terminal`)."""
