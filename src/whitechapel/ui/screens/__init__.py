"""Screens both games share: the game screen base, help, ctrl+q's
question, what setup screens share, the server's finished games."""
