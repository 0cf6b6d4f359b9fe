"""The roster: players by name; the evaluation tables of a ruleset, fitted by simulation when it ships none (weights,
contest equity); and the key and fingerprint that tie a calibration map to its player.
"""
