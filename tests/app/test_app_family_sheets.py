"""The Score sheet page for every game family: pick the game, fill the fields it declares,
see the categories and the winner(s), get refused at the field with a sentence, save, find it
in the History and its statistics, reopen it.

Endeavor and Nouveau Monde figures are the worked examples of the rules digests."""

from __future__ import annotations

from datetime import UTC, date, datetime

from streamlit.testing.v1 import AppTest
from ui_driver import check, errors

from companion.games import family

RED = {"industry_glory": 10, "culture_glory": 7, "wealth_glory": 7, "influence_glory": 12,
       "cities_connections_glory": 19, "buildings_cards_glory": 11, "harbor_discs": 3,
       "slavery_cards_set_aside": 1}
YELLOW = {"industry_glory": 10, "culture_glory": 5, "wealth_glory": 4, "influence_glory": 12,
          "cities_connections_glory": 18, "buildings_cards_glory": 10, "harbor_discs": 8}
GREEN = {"exploit_1_glory": 3, "exploit_3_glory": 2, "industry_glory": 15,
         "culture_glory": 12, "wealth_glory": 7, "influence_glory": 7,
         "cities_connections_glory": 14, "buildings_cards_glory": 9, "harbor_discs": 2,
         "slavery_cards_set_aside": 3}
ROUGE = {"wood": 12, "metal": 33, "food": 0, "gold": 40, "cities": 3, "colonists": 2,
         "expansions": 10, "armies": 8, "research": 2}
BLEU = {"wood": 30, "metal": 2, "food": 51, "gold": 14, "cities": 4, "colonists": 1,
        "expansions": 7, "armies": 3, "research": 5}
VERT = {"wood": 50, "metal": 25, "food": 20, "gold": 10, "cities": 4, "colonists": 3,
        "expansions": 6, "armies": 2, "research": 4}


def frame_with(at: AppTest, *columns: str):
    return next(d.value for d in at.dataframe if set(columns) <= set(d.value.columns))


def seat(at: AppTest, n: int):
    """The widgets and messages of one seat (``n`` from 0), drawn shown or hidden."""
    return next(b for b in at.main.children.values()
                if getattr(b, "key", None) == f"sheet_seat_box_{n}")


def open_sheet(at: AppTest, game: str, players: int) -> None:
    at.switch_page("app_pages/score_sheet.py").run()
    at.segmented_control(key="sheet_game").set_value(game).run()
    at.segmented_control(key="sheet_count").set_value(players).run()
    check(at)


def fill(at: AppTest, seat: int, name: str, numbers: dict) -> None:
    at.text_input(key=f"sheet_name_{seat}").set_value(name).run()
    for field, value in numbers.items():
        at.number_input(key=f"sheet_{field}_{seat}").set_value(value).run()


def fill_endeavor(at: AppTest) -> None:
    open_sheet(at, "endeavor", 3)
    at.toggle(key="sheet_exploits").set_value(True).run()
    for seat, (name, numbers) in enumerate((("Red", RED), ("Yellow", YELLOW),
                                            ("Green", GREEN))):
        fill(at, seat, name, numbers)
    at.toggle(key="sheet_governor_slot_empty_0").set_value(True).run()
    at.toggle(key="sheet_governor_slot_empty_2").set_value(True).run()
    check(at)


def test_an_endeavor_sheet_totals_shares_the_victory_and_is_saved(at, store):
    fill_endeavor(at)
    assert errors(at) == []
    totals = frame_with(at, "Place", "Glory")
    assert [(r["Player"], r["Place"], r["Attributes"], r["Slavery"], r["Glory"])
            for r in totals.to_dict("records")] == [
        ("Red", 1, 36, -1, 69), ("Green", 1, 41, -3, 69), ("Yellow", 3, 31, 0, 61)]
    assert any("share the victory with 69 Glory" in m.value for m in at.markdown)
    assert not any("plain square" in c.value for c in seat(at, 0).caption)
    at.number_input(key="sheet_culture_glory_0").set_value(8).run()  # a square, not a Glory
    assert ("8 is a plain square in the rulebook's example: a cube there slides back to 7, "
            "which is the Glory to enter.") in [c.value for c in seat(at, 0).caption]
    at.number_input(key="sheet_culture_glory_0").set_value(7).run()
    assert family("endeavor").tie_rule in [c.value for c in at.caption]
    at.date_input(key="sheet_date").set_value(date(2025, 3, 1)).run()
    at.button(key="sheet_save").click().run()
    check(at)
    (listing,) = store.list_games()
    assert (listing.family, listing.kind, listing.winners) == ("endeavor", "score_sheet",
                                                               ["Red", "Green"])
    assert listing.created == datetime(2025, 3, 1, tzinfo=UTC)
    saved = store.load_sheet(listing.id)
    assert saved.sheet.players[2]["exploit_1_glory"] == 3
    assert saved.sheet.options["exploits"] is True

    at.switch_page("app_pages/history.py").run()
    check(at)
    games = frame_with(at, "Game", "Kind")
    assert list(games["Game"]) == ["Endeavor: Age of Sail"]
    assert any("share the victory" in m.value for m in at.markdown)
    entered = frame_with(at, "Industry Glory")
    assert list(entered["Player"]) == ["Red", "Yellow", "Green"]
    at.button(key=f"hist_reopen_{listing.id}").click().run()
    check(at)
    assert at.segmented_control(key="sheet_game").value == "endeavor"
    assert at.number_input(key="sheet_culture_glory_2").value == 12
    assert at.toggle(key="sheet_governor_slot_empty_0").value is True
    assert [s.value for s in at.success] == [
        f"Saved to the history as game #{listing.id}: it counts in the statistics."]


def test_impossible_endeavor_entries_are_refused_at_their_field(at, store):
    fill_endeavor(at)
    at.number_input(key="sheet_harbor_discs_1").set_value(36).run()
    check(at)
    assert "Discs left in the harbour cannot be more than 35 (you entered 36)." in errors(at)
    assert at.segmented_control(key="sheet_seat").options == ["Red", "Yellow 🚫", "Green"]
    assert [e.value for e in seat(at, 1).error] == [
        "Discs left in the harbour cannot be more than 35 (you entered 36)."]
    assert not any(b.key == "sheet_save" for b in at.button)
    at.number_input(key="sheet_harbor_discs_1").set_value(8).run()
    at.number_input(key="sheet_slavery_cards_set_aside_1").set_value(3).run()
    check(at)
    deck = [e for e in errors(at) if "deck holds only 6" in e]
    assert len(deck) == 3  # on each seat that set cards aside: 1 + 3 + 3 = 7
    assert store.count_games() == 0


def test_a_nouveau_monde_vassal_family_wins_and_the_vassal_cannot(at, store):
    open_sheet(at, "nouveau-monde", 3)
    for seat, (name, numbers) in enumerate((("Rouge", ROUGE), ("Bleu", BLEU),
                                            ("Vert", VERT))):
        fill(at, seat, name, numbers)
    at.selectbox(key="sheet_master_1").set_value("Rouge").run()
    check(at)
    assert errors(at) == []
    totals = frame_with(at, "Place", "Points")
    assert [(r["Player"], r["Place"], r["From vassals"], r["Points"], r["Note"])
            for r in totals.to_dict("records")] == [
        ("Rouge", 1, 977, 2452, ""), ("Vert", 2, 0, 2000, ""),
        ("Bleu", 3, 0, 977, "vassal of Rouge")]
    assert any("**Rouge** wins with 2452 points" in m.value for m in at.markdown)
    at.button(key="sheet_save").click().run()
    check(at)
    (listing,) = store.list_games(game="nouveau-monde")
    at.segmented_control(key="sheet_game").set_value("endeavor").run()
    check(at)  # another game's sheet is not a change of the one just saved
    assert not any("Changed since it was saved" in c.value for c in at.caption)
    assert listing.winners == ["Rouge"]
    assert store.load_sheet(listing.id).sheet.players[1]["master"] == "Rouge"


def test_impossible_nouveau_monde_entries_are_refused_at_their_field(at, store):
    open_sheet(at, "nouveau-monde", 12)  # the most the rules allow
    fill(at, 0, "Rouge", dict(ROUGE, expansions=13))
    at.selectbox(key="sheet_master_1").set_value("Player 3").run()
    at.selectbox(key="sheet_master_2").set_value("Player 2").run()
    check(at)
    shown = errors(at)
    assert "13 expansions need at least 4 cities (4 around each), and there are 3." in shown
    assert sum("cannot come back round" in e for e in shown) == 2
    assert [e.value for e in seat(at, 0).error] == [
        "13 expansions need at least 4 cities (4 around each), and there are 3."]
    assert not any(b.key == "sheet_save" for b in at.button)
    # renaming a master sets the vassal free again (the link named a player no longer there)
    at.text_input(key="sheet_name_2").set_value("Bleu").run()
    check(at)
    assert at.selectbox(key="sheet_master_1").value == ""
    assert store.count_games() == 0


def test_statistics_across_families(at, store):
    store.save_score_sheet({"game": "endeavor", "players": [
        {"name": "Ann", **RED, "governor_slot_empty": True},
        {"name": "Bob", **YELLOW, "governor_slot_empty": False}]})
    store.save_score_sheet({"game": "nouveau-monde", "players": [
        {"name": "Ann", **BLEU}, {"name": "Bob", **ROUGE}]})
    at.switch_page("app_pages/history.py").run()
    check(at)
    per_game = frame_with(at, "Game", "On a score sheet")
    assert set(per_game["Game"]) == {"Endeavor: Age of Sail", "Nouveau Monde"}
    wins = frame_with(at, "Wins", "Endeavor: Age of Sail")
    rows = {r["Player"]: r for r in wins.to_dict("records")}
    assert (rows["Ann"]["Games"], rows["Ann"]["Wins"]) == (2, 1)
    assert rows["Bob"]["Nouveau Monde"] == "1 of 1"
    assert not [d for d in at.dataframe if "Average points" in d.value.columns]
    at.selectbox(key="hist_family").set_value("nouveau-monde").run()
    check(at)
    one = frame_with(at, "Win rate", "Best points")
    assert {r["Player"]: r["Best points"] for r in one.to_dict("records")} == {
        "Bob": 1475, "Ann": 977}
    home = at.switch_page("app_pages/home.py").run()
    check(home)
    assert any("Nouveau Monde" in m.value and "won by Bob (1475 points)" in m.value
               for m in at.markdown)


def test_the_open_seat_is_kept_by_number_and_reset_when_it_is_gone(at):
    """The seat open stays open when its player is renamed or refused; with fewer players
    than its number, the first seat opens."""
    open_sheet(at, "endeavor", 4)
    at.segmented_control(key="sheet_seat").set_value(3).run()
    at.text_input(key="sheet_name_3").set_value("Dee").run()
    at.number_input(key="sheet_harbor_discs_3").set_value(36).run()
    check(at)
    seats = at.segmented_control(key="sheet_seat")
    assert seats.value == 3 and seats.options[3] == "Dee 🚫"
    assert [e.value for e in seat(at, 3).error] == [
        "Discs left in the harbour cannot be more than 35 (you entered 36)."]
    at.segmented_control(key="sheet_count").set_value(2).run()
    check(at)
    assert at.segmented_control(key="sheet_seat").value == 0
    assert at.segmented_control(key="sheet_seat").options == ["Player 1 · 0", "Player 2 · 0"]
