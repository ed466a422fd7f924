"""Speed checks run by `whitechapel bench`.

They live inside the package (not in a top-level `benchmarks/` folder as the
house plan first drew it) so that the installed `whitechapel bench` command
finds them on any machine.  Each benchmark returns a figure that the runner
prints beside its target; speed targets are never asserted in unit tests.
"""
