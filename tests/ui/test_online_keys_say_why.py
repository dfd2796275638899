"""In an online game every key of the game's own that cannot work there says why (issue 36: `v`,
`y`, `d`, `l`, `p` said nothing): the review, the lab, drills, saved games, puzzles, the
settings and `o` itself, by the rule the footer and the palette ask (`check_action`), against a
real server on loopback."""

from __future__ import annotations

from nac.core import Rules
from nac.net.start import OnlineStart
from nac.present.online import words as online_words
from nac.present.online.view import NOT_ONLINE

from ..net.helpers import game_server, player
from .helpers import press
from .online_helpers import both_online, online_app, online_ready, online_screen, panel, until

SCREENS = {"v": "review", "y": "lab", "d": "drill_last", "l": "games", "p": "puzzles"}


async def test_the_game_screens_keys_say_why_they_do_not_open_anything_online() -> None:
    async with game_server() as served:
        room = served.room(host="Sam")
        guest = player(served.address(room.guest.key), name="Ana")
        app = online_app(OnlineStart("join", "Sam", address=served.address(room.host.key)))
        async with app.run_test(size=(100, 40)) as pilot:
            play = await online_ready(pilot, app)
            await until(pilot, lambda: both_online(play), "seated")
            screen = online_screen(app)
            for key, action in SCREENS.items():
                await press(pilot, key)
                assert app.screen is screen, key
                assert panel(app).message == NOT_ONLINE[action], key
                assert panel(app).message.endswith("not during an online game (Esc leaves it).")
                assert not screen.check_action(action, ())
            await press(pilot, "o")
            assert app.screen is screen and panel(app).message == online_words.ONLINE_ALREADY
            for key, action in (
                ("n", "new_game"),
                ("k", "switch_keypad"),
                ("s", "computer_starts"),
            ):
                await press(pilot, key)
                assert panel(app).message == NOT_ONLINE[action], key
            assert not play.game.moves and app.game.moves == ()
        await guest.stop()


async def test_on_4x4_a_letters_own_command_says_why_and_on_her_turn_it_begins_a_square(
) -> None:  # fmt: skip
    async with game_server() as served:
        room = served.room(Rules.of(4), host="Sam")
        host = player(served.address(room.host.key), name="Sam")
        app = online_app(OnlineStart("join", "Ana", address=served.address(room.guest.key)))
        async with app.run_test(size=(100, 40)) as pilot:
            play = await online_ready(pilot, app)
            await until(pilot, lambda: both_online(play), "seated")
            for key, action in (("d", "drill_last"), ("b", "next_size"), ("a", "level")):
                await press(pilot, key)  # Sam's turn: no square begins
                assert panel(app).message == NOT_ONLINE[action], key
                assert not online_screen(app).prompt.is_open
            assert await host.play.move(0) is None
            await until(pilot, lambda: len(play.game.moves) == 1, "Sam's move")
            await press(pilot, "d")
            assert online_screen(app).prompt.is_open
            await press(pilot, "4", "enter")
            await until(pilot, lambda: len(play.game.moves) == 2, "her move")
            assert play.game.moves[1].cell == 15
        await host.stop()
