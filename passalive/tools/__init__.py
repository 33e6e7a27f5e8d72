"""The tools built on the definitions and the solver: the regression checker,
eyes, seki scoring, verification reports and the explorer.
"""
