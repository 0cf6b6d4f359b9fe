"""What the players find out about a game, as plain values: computed by the players, worded by the text layer,
drawn by render (which import neither each other nor the players)."""
