"""Analysis of play: the game review and its grades, duplicate matches, the study
of the Hints by simulation, and replays."""
