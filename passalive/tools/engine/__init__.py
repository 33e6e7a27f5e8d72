"""`passalive engine`: KataGo-style JSON queries in, one JSON answer per analysed turn out.

The protocol is described in docs/engine.md.  The modules, each beneath the next:

* `query`: a decoded query checked field by field into a frozen `Query`
  (`QueryError`: the message and the field);
* `replay`: the query's moves played on bitsets, turn by turn;
* `answers`: the answer line of every analysed turn, with the maps asked for;
* `protocol`: one input line to its answer lines (`respond`), never raising
  for anything the line holds.

The command itself (reading lines within their bound, `--jobs` workers,
writing answers) is `passalive.cli.engine`.
"""
