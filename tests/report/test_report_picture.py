"""The picture to share, made in both languages: a portrait PNG 1080 px wide, not blank, from
the report's figures; for a tracked game and a score sheet of each family. The pictures go to
``test-output/screenshots/`` (``report-*.png``)."""

from __future__ import annotations

import datetime as dt
import io
import json
from pathlib import Path

import numpy
import pytest
from PIL import Image

from companion.engine import Game
from companion.games.sheet_records import read_sheet_record
from companion.i18n import use_language
from companion.report import game_report, picture, sheet_report
from companion.report.picture import PAPER, label_heights, player_colours, png_size

ROOT = Path(__file__).resolve().parents[2]
SHOTS = ROOT / "test-output" / "screenshots"
HAND_GAME = ROOT / "tests/data/hand_game_4p.json"
SHEET = "age-of-discovery-companion/score-sheet"
ENDEAVOR = {"format": SHEET, "version": 2, "game": "endeavor", "players": [
    {"name": n, "industry_track": 7, "culture_track": c, "wealth_track": 2,
     "influence_track": 1, "cities_connections_glory": 5, "buildings_cards_glory": 4,
     "governor_slot_empty": n == "Red", "harbor_discs": 4} for n, c in (("Red", 3), ("Blue", 9))]}
NOUVEAU_MONDE = {"format": SHEET, "version": 2, "game": "nouveau-monde", "players": [
    {"name": n, "wood": w, "metal": 0, "food": 0, "gold": 1, "cities": 1, "colonists": 0,
     "expansions": 1, "armies": 0, "research": 0, "master": m}
    for n, w, m in (("Rouge", 5, None), ("Bleu", 30, "Rouge"), ("Vert", 12, None))]}
AOD_SHEET = {"format": SHEET, "version": 2, "game": "age-of-discovery", "players": [
    {"name": "Anne", "colony": [6, 8, 10], "money": 9},
    {"name": "Étienne", "colony": [6, 10, 8], "money": 9}]}
PLAYED = dt.datetime(2026, 11, 28, 21, 30, tzinfo=dt.UTC)


def _pixels(png: bytes) -> Image.Image:
    return Image.open(io.BytesIO(png)).convert("RGB")


def _check_picture(png: bytes) -> Image.Image:
    width, height = png_size(png)
    image = _pixels(png)
    assert (width, height) == image.size
    assert width == 1080 and height > width  # portrait, for a phone
    paper = tuple(int(PAPER[i:i + 2], 16) for i in (1, 3, 5))
    inked = int((numpy.asarray(image) != paper).any(axis=2).sum())
    assert inked > width * height // 20, "the picture is (nearly) blank"
    assert len(image.getcolors(maxcolors=1 << 16) or range(1 << 16)) > 50
    return image


@pytest.fixture(scope="module")
def hand_report():
    return game_report(Game.from_record(json.loads(HAND_GAME.read_text())))


def test_a_tracked_games_picture_in_both_languages(hand_report):
    SHOTS.mkdir(parents=True, exist_ok=True)
    pictures = {}
    for lang in ("en", "fr"):
        with use_language(lang):
            pictures[lang] = picture.picture(hand_report, PLAYED)
        _check_picture(pictures[lang])
        (SHOTS / f"report-tracked-{lang}.png").write_bytes(pictures[lang])
    assert pictures["en"] != pictures["fr"]  # the words differ, the figures do not
    # the winner's colour fills the podium's middle step
    image = _pixels(pictures["en"])
    winner = hand_report.standings[0].name
    hex_ = player_colours(hand_report)[winner]
    colour = tuple(int(hex_[i:i + 2], 16) for i in (1, 3, 5))
    assert image.getpixel((540, 440)) == colour


@pytest.mark.parametrize("name, record", [("endeavor", ENDEAVOR), ("nouveau-monde", NOUVEAU_MONDE),
                                          ("age-of-discovery-sheet", AOD_SHEET)])
def test_each_score_sheet_family_has_a_picture(name, record):
    sheet = read_sheet_record(record)[0]
    report = sheet_report(sheet)
    assert report.standings and not report.turns
    for lang in ("en", "fr"):
        with use_language(lang):
            png = picture.picture(report, PLAYED)
        _check_picture(png)
        (SHOTS / f"report-{name}-{lang}.png").write_bytes(png)
    if name == "age-of-discovery-sheet":  # equal totals: the colony VP of turn 8 decide
        [tie] = report.of_kind("tie_break")
        assert (tie.player, tie.facts["behind"], tie.facts["rule"]) == (
            "Anne", "Étienne", "colony_turn_8")
    if name == "nouveau-monde":  # the vassal's points go to its master, who cannot lose them
        assert report.of_kind("cannot_win")[0].facts["players"] == ["Bleu"]


def test_a_dollar_in_a_name_is_drawn_as_typed_not_as_a_formula():
    record = {**ENDEAVOR, "players": [{**ENDEAVOR["players"][0], "name": "$x^2$ & <b>"},
                                      ENDEAVOR["players"][1]]}
    _check_picture(picture.picture(sheet_report(read_sheet_record(record)[0])))


def test_end_labels_keep_apart():
    placed = label_heights({"A": 56, "B": 56, "C": 55, "D": 10}, 4)
    heights = sorted(placed.values())
    assert all(b - a >= 4 for a, b in zip(heights, heights[1:], strict=False))
    assert placed["D"] == 10


def test_the_renderer_is_there_on_a_fresh_install():
    assert picture.available()  # matplotlib is one of the app's dependencies


def _texts_outside(report) -> list[str]:
    """What of ``report``'s picture runs past its edges: a line of text, or a chart with
    its ticks, labels and legend (its tight box)."""
    from matplotlib.backends.backend_agg import FigureCanvasAgg

    fig = picture.figure(report, PLAYED)
    canvas = FigureCanvasAgg(fig)
    canvas.draw()
    renderer = canvas.get_renderer()
    width, height = fig.bbox.width, fig.bbox.height
    parts = [(t.get_text(), t.get_window_extent(renderer)) for t in fig.texts]
    for ax in fig.axes:
        parts.append((ax.get_title(loc="left") or "the podium", ax.get_tightbbox(renderer)))
        parts += [(t.get_text(), t.get_window_extent(renderer)) for t in ax.texts]
    return [what for what, box in parts
            if box.x0 < 0 or box.y0 < 0 or box.x1 > width or box.y1 > height]


LONG_NAMES = {"players": [{"name": n} for n in (
    "Marie-Hélène de la Tour", "Bartholomew Longname", "Éléonore", "Anne")],
    "edition": "aoe3"}


@pytest.mark.parametrize("lang", ["en", "fr"])
@pytest.mark.parametrize("source", ["hand", "aoe3", "endeavor", "nouveau-monde", "sheet"])
def test_no_text_runs_off_the_picture(source, lang, hand_report):
    from companion.engine import random_game

    report = {"hand": hand_report, "aoe3": None}.get(source)
    if source == "aoe3":
        report = game_report(random_game(LONG_NAMES, seed=1))
    elif report is None:
        record = {"endeavor": ENDEAVOR, "nouveau-monde": NOUVEAU_MONDE, "sheet": AOD_SHEET}
        report = sheet_report(read_sheet_record(record[source])[0])
    with use_language(lang):
        assert _texts_outside(report) == []


def test_an_aoe3_games_picture_in_both_languages():
    """The first edition's game, in its book's words (its title, réalisations majeures)."""
    from companion.engine import random_game

    report = game_report(random_game(LONG_NAMES, seed=1))
    SHOTS.mkdir(parents=True, exist_ok=True)
    for lang in ("en", "fr"):
        with use_language(lang):
            png = picture.picture(report, PLAYED)
        _check_picture(png)
        (SHOTS / f"report-tracked-aoe3-{lang}.png").write_bytes(png)


def test_the_picture_draws_each_player_in_the_colour_the_app_draws_them():
    """One table of colours (``companion.colours``): chosen ones and the free ones handed
    out in seat order alike on the pages and in the picture."""
    from companion.engine import random_game
    from companion.ui import views

    game = random_game({"players": [{"name": "Zoé"}, {"name": "Anne"},
                                    {"name": "Bruno", "colour": "red"},
                                    {"name": "Ivan", "colour": "green"}]}, seed=2)
    assert player_colours(game_report(game)) == views.colour_hex(game.setup)
    assert views.colour_hex(game.setup)["Anne"] != views.colour_hex(game.setup)["Bruno"]

