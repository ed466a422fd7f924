"""Letters from Whitechapel: the map model, the rules engine and, in `ui/`,
its screens."""
