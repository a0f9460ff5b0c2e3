"""A person at the table: play a game against fuda's agents in the terminal or in the browser,
seeing only what the person's seat may know."""
