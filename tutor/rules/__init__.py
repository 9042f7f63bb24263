"""The rules of the game, in one place: the pack, the laws of play and scoring
(each with its citation), actions, the deal as a state machine of immutable
positions, rule sets, what a player may know, the game, its notation and records."""
