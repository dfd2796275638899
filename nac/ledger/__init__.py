"""The server's record (floor 2, beside nac/net and nac/store): players by their keys, Glicko-2
ratings per pool (`Rules.name`) and every finished online game, in one database (`ledger.py`).
Imported only by a server that keeps one (`nac serve`): SQLAlchemy loads with it."""
