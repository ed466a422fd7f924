"""whitechapel: Letters from Whitechapel and Mr. Jack Pocket in the terminal."""

__version__ = "0.1.0"
