"""The plain-text front ends, for a pipe, a dumb terminal or a program: the game in typed lines
under any rules (`console`), online play in typed lines (`online`), the lines they read
(`lines`), and the engines' line protocol (`engine`, `nac engine`). No Textual here."""
