"""What a front end shows, without Textual: every sentence a player reads (`words`,
`learning_words`), the names of things (`names`), the command tables (`commands`,
`screen_commands`), what may be done now (`availability`), and the layout of the board, the
panel and the review in lines of styled text (`views`, `metrics`, `glyphs`, `board_lines`,
`panel_lines`, `review_lines`). The Textual app and the plain console both draw from here."""
