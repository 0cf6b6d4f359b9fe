"""Search: the players' move choice over the exact bean distribution (plain and pruned expectimax, its table, ordering
and deepening, rollouts, the GATIGO paper's players, and the policy every contest calls).
"""
