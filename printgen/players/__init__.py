"""Computer players: the GATIGO paper's S–T players, a random player and the advisor (evaluation + search)."""
