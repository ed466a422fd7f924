"""Widgets both games' screens are built of: text panels, the curtain, the
choice buttons, the 80×24 guard."""
