"""`patolli serve`: the table companion on a phone, a small web app over the play session and the players."""
