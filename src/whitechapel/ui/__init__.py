"""What both games' screens share: the source a game screen is fed through,
its turn control (who holds the keyboard, the curtain, the computer's
turns), each game's screens found by name, the lobby, shared screens and
widgets."""
