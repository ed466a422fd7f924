"""Game-agnostic pieces shared by both games: errors, seeded chance, the action
text contract, game records, replay and the saved-game store."""
