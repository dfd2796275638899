"""Online play: the protocol (`protocol.py`), invites and addresses (`address.py`), the referee
and its rooms (`referee.py`, `rooms.py`), a relay's lobby (`lobby.py`), who may come in and how
many (`gate.py`), the websockets server of `nac host` (`server.py`) and the client every player
and watcher runs (`client.py`, `table.py`, `play.py`). The WebSocket library (websockets) is
imported only when playing online, so the game starts as quickly without it."""
