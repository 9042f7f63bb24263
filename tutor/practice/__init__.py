"""Practice: positions played out card by card to a goal against an adversarial defence."""
