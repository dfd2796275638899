"""Genius on 5×5 with four in a row: an opening book of its own strategy (`book.py`,
`book.bin`), an exact search past it (`search.py` on the bit layout of `lines.py`), and the
answers the game asks for (`genius.py`). Genius never loses from the empty board, as X or as
O, and takes every forced win it meets: `make prove-5x5` checks every game it can play."""
