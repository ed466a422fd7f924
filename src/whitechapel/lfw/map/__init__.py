"""The Letters from Whitechapel map model: the file format, the relations the
rules derive from a board, its geometry, checks and cell layout.  No rules of
play and no drawing library.  (Nothing is imported here: the setup screen
must come up without networkx.)"""
