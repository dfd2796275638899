"""A game on screen, without Textual: the board drawn in lines in the drawing its look's shape
picks (`drawings`: one board `board_lines`, small boards side by side `boards_lines`, the 9×9
grid `grid_lines`, at the size `metrics` fits), the panel and the banner (`views`), what may
be done now (`availability`), the keys of a board (`board_keys`), the computer's pace (`pace`),
and the game's sentences: `words` (the game's), `switch_words` (a setting changed, a question
before a game is dropped), `hint_words` (what a hint's move does), `console_words` (the plain
console's own)."""
