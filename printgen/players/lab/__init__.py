"""The lab: contests, seatings, arenas, the GATIGO tournament, self-play records, benchmarks, training, refitting the
shipped evaluation data, the Ray pool and the warm-up.
"""
