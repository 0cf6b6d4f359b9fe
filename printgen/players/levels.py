"""The advisor's search levels: the default and the deepest (a light module, so option help needs no engine)."""

DEFAULT_LEVEL = 3  # the advisor's default: answers in well under a second (benchmarked by `patolli bench-players`)
MAX_LEVEL = 6
