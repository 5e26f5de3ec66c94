"""The solver: search (won line / proven lost / unknown), hints, auto-finish.

Pure Python; :mod:`~crescent.solver.build` compiles the search's modules with mypyc (the
one-file executable ships them so), with the same results.

One concern a module, from the bottom up:

* :mod:`~crescent.solver.position`: the compact position, its keys, the memo of derived facts;
* :mod:`~crescent.solver.dead`: dead-position tests (sound proofs of loss without search);
* :mod:`~crescent.solver.moves`: move generation (children scored and keyed, safe plays);
* :mod:`~crescent.solver.table`: the exhaustive search's byte-bounded table of positions;
* :mod:`~crescent.solver.budget`: what one solve may spend, and the meter counting it;
* :mod:`~crescent.solver.best_first`: best-first search that hoards redeals;
* :mod:`~crescent.solver.depth_first`: the exhaustive depth-first search, redeal layers;
* :mod:`~crescent.solver.line`: the internal steps written out as engine tokens;
* :mod:`~crescent.solver.portfolio`: ``solve()``, the portfolio of searches taking turns;
* :mod:`~crescent.solver.hints`, :mod:`~crescent.solver.autofinish`: what the table asks;
* :mod:`~crescent.solver.pools`: the shipped winnable / lost / daily deal lists;
* :mod:`~crescent.solver.cli`: ``python -m crescent.solver CODE`` (see ``__main__``).

No process-wide state: each ``solve()`` makes its own memo and meter, and its limits
(seconds, nodes, memory bytes) are its arguments. Importing this package loads nothing
else, so the game starts without the solver.
"""
