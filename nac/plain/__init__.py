"""The plain-text front ends: the engines' line protocol (`nac engine`)."""
