"""The lab: contests, seatings, arenas, the GATIGO tournament, benchmarks, training, the Ray pool and the warm-up.
"""
