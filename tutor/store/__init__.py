"""What is kept for the learner: progress with spaced review, and the game in progress."""
