"""Pictures of what people look at (the four boards, a booklet sheet, a card sheet, the phone table) against
baseline PNGs with a tolerance; and proof that the tolerance catches a wrong fill or a lost label while letting
antialiasing through. Refresh the baselines on purpose with `python -m tests.pictures --refresh [NAME ...]`."""

from __future__ import annotations

import dataclasses
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import numpy as np
import phone_picture
import pictures
import pytest
from pictures import PHONE, PHONE_NAME, PRINT, PRINTED, check_picture, compare, edited, pixels, render

from printgen.errors import MissingLibraryError
from printgen.render.raster import load_cairosvg
from printgen.render.scene import Item, Text
from printgen.render.scene import Path as ScenePath

try:
    load_cairosvg("the picture tests")
except MissingLibraryError as exc:
    pytest.skip(str(exc), allow_module_level=True)


@pytest.fixture
def failed(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """Sends the pictures of a failed comparison to a folder of this test's own."""
    monkeypatch.setenv("PATOLLI_PICTURES_OUT", str(tmp_path / "failed"))
    return tmp_path / "failed"


def _refill(tag: str, role: str) -> Any:
    def change(item: Item) -> Item:
        return dataclasses.replace(item, style=dataclasses.replace(item.style, fill=role)) \
            if isinstance(item, ScenePath) and item.tag == tag else item
    return change


def _without(match: Any) -> Any:
    return lambda item: None if isinstance(item, Text) and match(item) else item


def _caught(name: str, png: bytes, failed: Path) -> str:
    """Asserts the picture fails against the baseline, naming its actual and diff pictures, which exist."""
    with pytest.raises(AssertionError) as info:
        check_picture(name, png, PHONE if name == PHONE_NAME else PRINT)
    message = str(info.value)
    named = re.findall(r"see (\S+) and (\S+) \(", message)
    assert named and [Path(p).name for p in named[0]] == [f"{name}-actual.png", f"{name}-diff.png"], message
    for kind in ("actual", "expected", "diff"):
        assert (failed / f"{name}-{kind}.png").stat().st_size > 0
    assert np.array_equal(pixels((failed / f"{name}-actual.png").read_bytes()), pixels(png))
    return message


@pytest.mark.parametrize("name", list(PRINTED))
def test_each_printed_picture_matches_its_baseline(name: str) -> None:
    result = check_picture(name, pictures.printed_picture(name), PRINT)
    assert result.ok and result.size[0] > 300


def test_the_baselines_stay_small() -> None:
    sizes = {p.name: p.stat().st_size for p in pictures.BASELINES.glob("*.png")}
    assert set(sizes) == {f"{n}.png" for n in [*PRINTED, PHONE_NAME]}
    assert sum(sizes.values()) < 1_200_000, sizes


def test_a_wrong_cell_fill_is_caught(failed: Path) -> None:
    board = pictures.board_scene("bell")
    for role in ("cell.rounded", "cell.wedge"):  # a plain cell painted as another kind; the wedge's is the faintest
        message = _caught("board-bell", render(edited(board, _refill("cell 13", role)), pictures.BOARD_DPI), failed)
        assert "board-bell differs" in message


def test_a_lost_cell_number_is_caught(failed: Path) -> None:
    board = pictures.board_scene("gatigo")
    lost = edited(board, _without(lambda t: t.tag == "number 13"))
    result = compare(pixels(render(lost, pictures.BOARD_DPI)), pixels(pictures.baseline_path("board-gatigo")
                                                                      .read_bytes()), PRINT)
    assert not result.ok and result.differing > 3 * PRINT.pixels, result.describe()  # caught with room to spare
    _caught("board-gatigo", render(lost, pictures.BOARD_DPI), failed)


def test_a_lost_heading_in_the_booklet_and_a_lost_value_on_a_card_are_caught(failed: Path) -> None:
    sheet = pictures.booklet_scene()
    heading = [t for t in _texts(sheet.items) if t.text == "Before" and t.font == "display"]  # the heading's first word
    assert len(heading) == 1, heading
    _caught("booklet-bell-sheet2-back", render(edited(sheet, _without(lambda t: t == heading[0])), pictures.PAGE_DPI),
            failed)
    cards = pictures.card_scene()
    seen: list[Text] = []

    def first_four(item: Item) -> Item | None:  # the value on the first card worth 4 (one small figure)
        if isinstance(item, Text) and item.text == "4" and not seen:
            seen.append(item)
            return None
        return item
    _caught("cards-neeley-front", render(edited(cards, first_four), pictures.PAGE_DPI), failed)
    assert seen


def _texts(items: Any) -> Iterator[Text]:
    for item in items:
        if isinstance(item, Text):
            yield item
        elif hasattr(item, "items"):
            yield from _texts(item.items)


def test_antialiasing_and_a_few_stray_pixels_pass() -> None:
    """The baseline itself passes, and so does it with every channel off by a shade (another build's rounding)
    and a few edge pixels changed by a quarter; a faint tint over a whole area does not."""
    base = pixels(pictures.baseline_path("board-neeley").read_bytes())
    assert compare(base, base, PRINT).differing == 0
    rng = np.random.default_rng(1)
    shaded = np.clip(base.astype(np.int16) + rng.integers(-1, 2, base.shape), 0, 255).astype(np.uint8)
    for y, x in rng.integers(0, min(base.shape[:2]), (PRINT.pixels, 2)):
        shaded[y, x] = np.where(shaded[y, x] > 127, shaded[y, x] - 60, shaded[y, x] + 60)  # an edge moved
    assert compare(shaded, base, PRINT).ok, compare(shaded, base, PRINT).describe()
    tinted = base.copy()
    h, w = base.shape[:2]
    tinted[h // 4: h // 2, w // 4: w // 2, 2] = np.clip(tinted[h // 4: h // 2, w // 4: w // 2, 2].astype(int) - 12,
                                                        0, 255)
    result = compare(tinted, base, PRINT)
    assert result.differing == 0 and not result.ok, result.describe()


def test_a_picture_of_another_size_fails_and_says_so(failed: Path) -> None:
    board = pictures.board_scene("ocastudios")
    message = _caught("board-ocastudios", render(board, pictures.BOARD_DPI + 5), failed)
    assert "size" in message and "baseline" in message


def test_a_missing_baseline_names_the_refresh_command(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(pictures, "BASELINES", tmp_path)
    with pytest.raises(AssertionError, match=r"no baseline .*python -m tests\.pictures --refresh board-bell"):
        check_picture("board-bell", pictures.printed_picture("board-bell"), PRINT)


def test_the_refresh_command_writes_the_baselines_it_is_asked_for(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                                                   capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.setattr(pictures, "BASELINES", tmp_path / "baselines")
    monkeypatch.setattr(pictures, "ROOT", tmp_path)
    assert pictures.main(["--refresh", "board-gatigo"]) == 0
    assert [p.name for p in (tmp_path / "baselines").iterdir()] == ["board-gatigo.png"]
    assert "wrote baselines/board-gatigo.png" in capsys.readouterr().out
    assert check_picture("board-gatigo", pictures.printed_picture("board-gatigo"), PRINT).differing == 0
    with pytest.raises(SystemExit, match="no picture named board-chess"):
        pictures.main(["--refresh", "board-chess"])


# ---- the phone table, in Debian's Chromium ----

@pytest.fixture(scope="module")
def phone(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[Any, str]]:
    """A server of the pictured game and a browser, shared by the phone tests."""
    why = phone_picture.missing()
    if why:
        pytest.skip(why)
    saves = tmp_path_factory.mktemp("phone") / "saves"
    phone_picture.save_game(saves)
    with phone_picture.served(saves) as url, phone_picture.chromium() as browser:
        yield browser, url


def test_the_phone_table_matches_its_baseline(phone: tuple[Any, str]) -> None:
    browser, url = phone
    result = check_picture(PHONE_NAME, phone_picture.photograph(browser, url), PHONE)
    assert result.ok and result.size[0] == phone_picture.PHONE["width"]


def test_a_lost_label_a_lost_piece_or_a_wrong_fill_on_the_phone_is_caught(phone: tuple[Any, str],
                                                                          failed: Path) -> None:
    browser, url = phone
    for alter in ("document.querySelector('#status .turn').style.visibility = 'hidden'",  # one short label
                  "document.querySelector('#boardwrap .pieces g.piece').remove()",  # one piece off the board
                  "document.querySelector('#controls button.move').style.background = '#0b6b50'"):  # a wrong fill
        _caught(PHONE_NAME, phone_picture.photograph(browser, url, alter), failed)
