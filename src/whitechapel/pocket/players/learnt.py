"""The learnt part of `values.py`: written by `tools/pocket_values.py`."""

TABLE: dict[tuple[int, int, int, bool], float] = {}
