"""A table of figures as the command line prints it (selfplay, arenas):
a title, one labelled figure a line, and how the games ended."""

from __future__ import annotations


def figures_text(title: str, rows: list[tuple[str, str]], endings: dict[str, int]) -> str:
    width = max((len(label) for label, _ in rows), default=0)
    lines = [title, *(f"  {label:<{width}} {value}" for label, value in rows)]
    lines.append("  how games ended:")
    lines += [f"    {n:>6}  {reason}" for reason, n in sorted(endings.items())]
    return "\n".join(lines)
