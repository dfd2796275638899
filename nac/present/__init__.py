"""What a front end shows, without Textual, grouped by feature: `game` (the board, the panel,
the banner, what may be done now, and the game's sentences), `online` (the online screen, the
lobby and their sentences) and `learning` (the review, the lab, the drills and puzzles, the
stats, and their sentences). Shared by all three here: the one command table (`commands`,
`screen_commands`, `key_tables`), the names of things (`names`), lines of styled text (`runs`,
`panel_lines`) and text any output can carry (`plain_text`). Each sentence lives once, in the
feature that says it; the Textual app and the plain console both draw from here."""
