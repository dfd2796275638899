"""Who a connection is: a hello's key proven (a `challenge` of a fresh nonce, answered by a
`proof` signed for this server's address), its name the ledger's where the server keeps one, a
guest otherwise; and the wrong keys an address tried lately, counted so that a guesser of keys
is held off for a while (`Limits.wrong_keys` within `Limits.wrong_key_seconds`)."""

from __future__ import annotations

import asyncio
import secrets
from collections.abc import AsyncIterator, Callable
from typing import TYPE_CHECKING

from .abuse import NewKeys
from .closing import TRY_AGAIN_LATER, Closing
from .gate import network
from .identity import dialled, encoded, from_host_header, new_nonce, verified
from .limits import Limits
from .protocol import Hello, read, read_proof, write
from .rooms import Link, deliver

if TYPE_CHECKING:
    from ..ledger.ledger import Ledger, Player

NOT_PROVEN = "your key's signature does not answer this connection's challenge"
GUEST = "Guest-"
"""A guest's name where the one they gave is a player's (on a server with a ledger)."""


class Proving:
    """The referee's checks of who connects (its ledger and address given at each call, as
    they are set after it is made)."""

    def __init__(self, limits: Limits, clock: Callable[[], float]) -> None:
        self.limits, self.clock = limits, clock
        self.wrong_keys: dict[str, list[float]] = {}
        """When each address tried a wrong key, within `Limits.wrong_key_seconds`."""
        self.new_keys = NewKeys(limits, clock)
        """The new keys the ledger saw lately, by address and by network."""

    def wrong(self, who: str) -> list[float]:
        """The wrong keys `who` tried lately (older ones forgotten)."""
        recent = [
            at
            for at in self.wrong_keys.get(who, [])
            if self.clock() - at < self.limits.wrong_key_seconds
        ]
        if recent:
            self.wrong_keys[who] = recent
        else:
            self.wrong_keys.pop(who, None)
        return recent

    def count_wrong(self, who: str) -> None:
        self.wrong_keys.setdefault(who, []).append(self.clock())

    def let_go(self) -> None:
        """Addresses whose wrong keys and new keys are all old forgotten."""
        for who in list(self.wrong_keys):
            self.wrong(who)
        self.new_keys.let_go()

    async def player_for_key(
        self, ledger: Ledger, public_key: str, wanted: str, who: str
    ) -> Player:
        """The ledger's player of this proven key (its name kept); a key it has not seen is a
        new player, made only within its address's and its network's new keys for the hour
        (`Limits.new_keys_per_address`, `new_keys_per_network`; Closing past them)."""
        found = await ledger.find_player(public_key)
        if found is not None:
            return found
        refusal = self.new_keys.refusal(who)
        if refusal is not None:
            raise Closing(refusal, TRY_AGAIN_LATER)
        player = await ledger.player_for_key(public_key, wanted, network(who))
        self.new_keys.made(who)
        return player

    async def identify(
        self,
        link: Link,
        who: str,
        hello: Hello,
        frames: AsyncIterator[str | bytes],
        ledger: Ledger | None,
        server: str,
    ) -> Hello:
        """A hello with a key: the key proven for `server` (the address clients dial), its name
        the ledger's (made on its first sight). A connection its door vouches for
        (`link.vouched`: an SSH door's game, whose player proved the key to the door) is that
        key's without a challenge. Without one: a guest, who may not show a player's name."""
        vouched = getattr(link, "vouched", "")
        if vouched:
            hello = hello._replace(public_key=vouched)
            if ledger is None:
                return hello
            player = await self.player_for_key(ledger, vouched, hello.name, who)
            return hello._replace(name=player.name)
        if not hello.public_key:
            if ledger is not None and await ledger.name_taken(hello.name):
                return hello._replace(name=f"{GUEST}{secrets.randbelow(10_000):04d}")
            return hello
        nonce = new_nonce()
        await deliver(link, write("challenge", nonce=encoded(nonce)))
        answer = await asyncio.wait_for(anext(frames), self.limits.hello_seconds)
        signature = read_proof(read(answer))
        places = {from_host_header(getattr(link, "dialled", "")), dialled(server)} - {""}
        if not any(verified(hello.public_key, nonce, place, signature) for place in places):
            self.count_wrong(who)
            raise Closing(NOT_PROVEN)
        if ledger is None:
            return hello
        player = await self.player_for_key(ledger, hello.public_key, hello.name, who)
        return hello._replace(name=player.name)
