"""Files for online play: Udonarium ZIPs and the Duel Online card text (export and import)."""
