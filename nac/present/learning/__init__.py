"""Learning on screen, without Textual: the review of a game (`review_lines`, its value strip
`value_strip`, what it says of a move and a side `review_words`), the lab's tables
(`lab_lines`), the stats (`stats_lines`), and the sentences of the review, the saved games, the
puzzles and the drills (`words`)."""
