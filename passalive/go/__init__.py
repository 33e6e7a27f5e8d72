"""The Go model: points, chains and regions of a board graph, coordinates,
suicide rules, playing a move, and positions as bit masks.

Everything else in passalive is built on this package; it imports nothing of
passalive but `passalive.errors`.
"""
