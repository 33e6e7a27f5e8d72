"""The definitions of pass-alive: the variants (Benson, casting-out,
Wikipedia, suicide, set-based, Knechtel), their direct implementation, the
board's facts for the rule engine, territory, and `analyse`, which turns a
`Board` into a verdict per colour.
"""
