"""Online play on screen, without Textual: what the client knows turned into the online screen's
view (`view`), its panel's lines (`lines`), where the board and the panel go (`layout`), and
every sentence of online play (`words`), for the app and the plain text alike."""
