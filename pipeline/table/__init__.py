"""A person at the table: play a game against fuda's agents in the terminal or in the browser,
seeing only what the person's seat may know; two people in two browsers (one token per seat);
or a free table without rules for any database (:mod:`fuda.table.sandbox`)."""
