"""Screens and screen mixins both games share: help, hand-overs, the game
screen base."""
