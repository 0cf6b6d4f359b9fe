"""The roster: players by name, and the evaluation's weights fitted by simulation for a ruleset that ships none.
"""
