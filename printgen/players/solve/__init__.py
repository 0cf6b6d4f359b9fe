"""Exact solutions of small games: the table layout, the compiled sweeps, the solver and its stored tables.
"""
