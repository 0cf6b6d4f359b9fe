"""Evaluation: what a position is worth to each seat (features and the linear model, the learned network, their
weights, contest equity, the maps that make shown chances honest).
"""
