"""The game in progress is kept in `unfinished.json` as it goes: after every move, undo and new
game (a crash loses at most the move being made), cleared once it is finished and saved; it comes
back in its own mode, rules and mark unless the run asks for others. Real files, in NAC_HOME."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from nac.core import Level, Mark, Mode, Rules
from nac.play import Session
from nac.store import Settings, Storage, storage_dirs
from nac.store.left import FILE_NAME, LeftGame


def on_disk() -> Storage:
    return Storage.at(storage_dirs())


def kept_moves() -> tuple[int, ...] | None:
    """The moves of the game the file keeps, read afresh from the disk (None: no game)."""
    kept = LeftGame(storage_dirs().data).kept()
    return None if kept is None else kept.moves


def two_players(storage: Storage, **given: object) -> Session:
    settings = Settings(mode=Mode.TWO_PLAYER).but(**given)
    return Session(storage, settings, given=given.keys())


def test_every_move_is_on_disk_as_soon_as_it_is_played() -> None:
    session = two_players(on_disk(), mode=Mode.TWO_PLAYER)
    for played in ([4], [4, 0], [4, 0, 8]):
        session.game.play_cell(played[-1])
        assert kept_moves() == tuple(played)


def test_an_undo_is_kept_and_an_undo_back_to_the_start_keeps_nothing() -> None:
    session = two_players(on_disk(), mode=Mode.TWO_PLAYER)
    session.game.play_cell(4)
    session.game.play_cell(0)
    session.game.undo()
    assert kept_moves() == (4,)
    session.game.undo()
    assert kept_moves() is None


def test_a_new_game_keeps_nothing_until_its_first_move() -> None:
    session = two_players(on_disk(), mode=Mode.TWO_PLAYER)
    session.game.play_cell(4)
    session.match.new_game()
    assert kept_moves() is None
    session.game.play_cell(2)
    assert kept_moves() == (2,)


def test_a_finished_game_is_saved_then_no_longer_kept_as_unfinished() -> None:
    storage = on_disk()
    session = two_players(storage, mode=Mode.TWO_PLAYER)
    for cell in (0, 3, 1, 4, 2):  # X wins on the top row
        session.game.play_cell(cell)
    assert session.game.is_over and kept_moves() is None
    last = on_disk().games.last()
    assert last is not None and last.moves == (0, 3, 1, 4, 2)


def test_a_game_against_the_computer_comes_back_with_the_computers_reply() -> None:
    session = Session(on_disk(), Settings(mark=Mark.O))  # the person plays O, and starts
    session.game.play_cell(4)
    session.game.computer_move(0)
    again = Session(on_disk())  # the saved settings: the person plays X
    assert again.resumed and [move.cell for move in again.game.moves] == [4, 0]
    assert again.game.human is Mark.O and again.game.is_human_turn


def test_a_game_against_a_level_the_command_line_gave_comes_back_against_it() -> None:
    session = Session(on_disk(), Settings(level=Level.GENIUS), given={"level"})
    session.game.play_cell(4)
    session.game.computer_move(0)
    again = Session(on_disk())  # the saved settings: against Average
    assert again.resumed and again.game.level is Level.GENIUS
    assert on_disk().settings.load().level is not Level.GENIUS  # for this run only
    asking = Session(on_disk(), Settings(level=Level.IDIOT), given={"level"})
    assert not asking.resumed and asking.game.level is Level.IDIOT  # another game asked for


def test_a_game_in_a_mode_the_command_line_gave_comes_back_in_it_at_a_plain_start() -> None:
    session = two_players(on_disk(), mode=Mode.TWO_PLAYER, rules=Rules.of(4))
    session.game.play_cell(5)
    session.game.play_cell(6)
    again = Session(on_disk())  # the saved settings: against the computer, 3×3
    assert again.resumed and again.game.mode is Mode.TWO_PLAYER
    assert again.game.rules == Rules.of(4) and again.settings.mode is Mode.TWO_PLAYER
    assert [move.cell for move in again.game.moves] == [5, 6]
    assert on_disk().settings.load().mode is Mode.COMPUTER  # for this run only


def test_a_run_asking_for_another_mode_leaves_the_game_kept_for_a_later_start() -> None:
    session = two_players(on_disk(), mode=Mode.TWO_PLAYER)
    session.game.play_cell(4)
    watching = Session(on_disk(), Settings(mode=Mode.WATCH), given={"mode"})
    assert not watching.resumed and watching.game.mode is Mode.WATCH
    watching.match.new_game()
    watching.keep_unfinished()  # it quits: nothing of its own to keep
    assert kept_moves() == (4,)
    assert Session(on_disk()).resumed


def test_a_served_game_in_memory_writes_no_file(nac_home: Path) -> None:
    session = two_players(Storage.in_memory(), mode=Mode.TWO_PLAYER)
    session.game.play_cell(4)
    session.keep_unfinished()
    assert not list(nac_home.rglob(FILE_NAME))


def test_with_saving_off_no_move_is_written(nac_home: Path) -> None:
    session = two_players(Storage.at(storage_dirs(), saving=False), mode=Mode.TWO_PLAYER)
    session.game.play_cell(4)
    session.keep_unfinished()
    assert not list(nac_home.rglob(FILE_NAME))


def test_a_move_waits_for_no_fsync(monkeypatch: pytest.MonkeyPatch) -> None:
    """The replace alone survives a crash of nac; the stats and saved games are fsynced."""
    synced: list[int] = []
    monkeypatch.setattr(os, "fsync", synced.append)
    session = two_players(on_disk(), mode=Mode.TWO_PLAYER)
    session.game.play_cell(4)
    assert kept_moves() == (4,) and not synced
