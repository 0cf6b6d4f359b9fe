"""Analysis: the advisor's ranked moves, the reasons behind them, game review, how honest the chances are, and the
yardstick against perfect play.
"""
