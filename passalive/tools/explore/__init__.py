"""Search for positions where two definitions (or a definition and the game's
truth) disagree: enumeration, deciders, shrinking and the search loop.
"""
