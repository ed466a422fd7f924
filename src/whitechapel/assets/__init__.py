"""Data files shipped inside the package."""
