"""What one game server allows (`nac host`'s, or a relay's): the referee's limits, which the
gate fits to the file descriptors the process may open. The README lists the defaults."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Limits:
    """What one server allows; the README lists the defaults."""

    rooms: int = 1000
    rooms_per_address: int = 4
    """Rooms one address may have open on a relay at once (each connection hosts one)."""
    rooms_per_network: int = 16
    """Rooms one network (an IPv4 /24, an IPv6 /48) may have open on a relay at once; and once
    the rooms are within a quarter of `rooms`, a network with a room open opens no other (the
    rest is for those with none)."""
    watchers: int = 50
    """Watchers per room."""
    watchers_per_address: int = 10
    """Watchers of one room from one address."""
    watchers_per_network: int = 20
    """Watchers of one room from one network (an IPv4 /24, an IPv6 /48); and once the room's
    watchers are within a quarter of `watchers`, a network watching it already adds none but
    the players' own (the rest is for those watching from elsewhere)."""
    guests_seeking_per_address: int = 8
    """Guests (no key) one address may have in a relay's quick-match queues at once (a player
    with a key is there once a pool, from anywhere)."""
    listed: int = 40
    """Games one lobby message lists (the open ones first, those whose host is here, a network's
    in turn, the older first; the rest are counted)."""
    connections: int = 4000
    """Connections at once, the handshakes under way among them (a server lowers it to what
    its file descriptors allow)."""
    per_address: int = 64
    """Connections from one address at once (an IPv6 address counts with its /64)."""
    per_network: int = 256
    """Connections from one network at once (an IPv4 /24, an IPv6 /48)."""
    messages_per_second: float = 20.0
    burst: int = 40
    """A connection may send `burst` messages at once, then `messages_per_second`."""
    no_op_cost: int = 4
    """What a request that changes nothing (refused, or asked already) costs of that allowance,
    counting itself: a client sending them in a loop is closed within seconds."""
    wrong_keys: int = 10
    """Wrong keys (and tries at a seat that is someone else's) from one address before it is
    refused for `wrong_key_seconds`; never a player with their seat's token."""
    wrong_key_seconds: float = 60.0
    hello_seconds: float = 10.0
    """How long a new connection has to finish its handshake, and then to say hello."""
    invite_seconds: float = 15 * 60.0
    first_move_seconds: float = 30.0
    """How long a guest who took a lobby's seat has for their first move once it is their turn:
    past it the seat is given back (a stranger who sits in every listed game and never moves
    holds none of them up)."""
    back_seconds: float = 60.0
    """How long a dropped player has to come back before the game is theirs to lose (or, if
    a side has not moved yet, abandoned), and a room whose host has gone, closed."""
    new_keys_per_address: int = 40
    """Keys the ledger first sees from one address in an hour (each a new player): a class of
    30 behind one school's NAT all get in, a script minting keys gets 40 an hour."""
    new_keys_per_network: int = 80
    """... and from one network (an IPv4 /24, an IPv6 /48): two such classes side by side."""
    rated_per_pair: int = 5
    """Rated games between the same two keys in a day (any pool): later ones are played
    unrated, and said so (two keys of one's own cannot farm a rating)."""
    heartbeat_seconds: float = 5.0
    """Pings: a connection that answers none within this is dropped (and seen to drop)."""
