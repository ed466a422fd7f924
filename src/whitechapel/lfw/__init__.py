"""Letters from Whitechapel: the map model in `map/`, the rules engine here,
and in `ui/` everything that draws (screens, widgets, the map as rich text)."""
