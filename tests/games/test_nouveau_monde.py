"""Nouveau Monde: every worked example of the digest, the tables, the refusals, vassal
families and who may win. Expected figures are the digest's own hand counts."""

from __future__ import annotations

import pytest

from companion.games import InvalidSheet, family
from companion.games.nouveau_monde import (
    ARMIES,
    ARMY_COSTS,
    COLONIES,
    COLONY_COSTS,
    EXPANSION_COSTS,
    EXPANSIONS,
    RESEARCH,
    RESEARCH_COSTS,
    running_totals,
)

NM = family("nouveau-monde")


def player(name, wood, metal, food, gold, cities, colonists, expansions, armies, research,
           master=None, eliminated=False):
    return {"name": name, "wood": wood, "metal": metal, "food": food, "gold": gold,
            "cities": cities, "colonists": colonists, "expansions": expansions,
            "armies": armies, "research": research, "master": master,
            "eliminated": eliminated}


# Worked example 1 (the rules' own): 14 gold, 30 wood, 51 food, 2 metal, 4 cities and
# 1 colonist, 7 expansions, 3 armies, 5 technologies -> 977
EXAMPLE = player("Bleu", 30, 2, 51, 14, 4, 1, 7, 3, 5)
# Worked example 2: Rouge -> 1475
ROUGE = player("Rouge", 12, 33, 0, 40, 3, 2, 10, 8, 2)
# Worked example 3: Vert, independent -> 2000
VERT = player("Vert", 50, 25, 20, 10, 4, 3, 6, 2, 4)


def score(*players, **options):
    return NM.score(NM.parse({**options, "players": list(players)}))


def test_the_rules_example_scores_977_part_by_part():
    bleu = score(EXAMPLE, ROUGE).of("Bleu")
    assert dict(bleu.breakdown) == {"resources_points": 97, "colonies_points": 375,
                                    "expansions_points": 225, "armies_points": 90,
                                    "research_points": 190, "vassal_points": 0}
    assert bleu.total == 977


def test_hand_example_rouge_scores_1475():
    rouge = score(EXAMPLE, ROUGE).of("Rouge")
    assert dict(rouge.breakdown) == {"resources_points": 85, "colonies_points": 375,
                                     "expansions_points": 530, "armies_points": 455,
                                     "research_points": 30, "vassal_points": 0}
    assert rouge.total == 1475


def test_hand_example_a_vassal_family_beats_a_stronger_independent():
    scored = score(ROUGE, dict(EXAMPLE, master="Rouge"), VERT)
    vert, bleu, rouge = scored.of("Vert"), scored.of("Bleu"), scored.of("Rouge")
    assert dict(vert.breakdown) == {"resources_points": 105, "colonies_points": 1575,
                                    "expansions_points": 155, "armies_points": 50,
                                    "research_points": 115, "vassal_points": 0}
    assert vert.total == 2000
    assert (bleu.total, bleu.can_win, bleu.won) == (977, False, False)
    assert (rouge.total, rouge.breakdown["vassal_points"], rouge.details["own_points"]) == (
        2452, 977, 1475)
    assert scored.winners == ("Rouge",)
    assert [(p.player, p.place) for p in scored.players] == [("Rouge", 1), ("Vert", 2),
                                                            ("Bleu", 3)]


def test_points_flow_up_a_chain_of_vassals():
    """The rules' chain: A is master of B, B of C, C of D."""
    own = {"A": 1, "B": 10, "C": 100, "D": 1000}  # wood only, to see each share
    players = [player(n, own[n], 0, 0, 0, 1, 0, 0, 0, 0, master=m)
               for n, m in (("A", None), ("B", "A"), ("C", "B"), ("D", "C"))]
    scored = score(*players)
    assert {p.player: p.total for p in scored.players} == {"D": 1000, "C": 1100, "B": 1110,
                                                          "A": 1111}
    assert scored.winners == ("A",)  # one family: its head wins


@pytest.mark.parametrize("table, costs", [(COLONIES, COLONY_COSTS), (EXPANSIONS, EXPANSION_COSTS),
                                          (ARMIES, ARMY_COSTS), (RESEARCH, RESEARCH_COSTS)])
def test_every_points_table_is_the_running_total_of_its_costs(table, costs):
    assert table == running_totals(costs)


def test_independent_players_tied_on_the_most_points_share_the_victory():
    twin = dict(ROUGE, name="Jaune")
    scored = score(ROUGE, twin, EXAMPLE)
    assert scored.winners == ("Rouge", "Jaune")
    assert [(p.player, p.place) for p in scored.players] == [("Rouge", 1), ("Jaune", 1),
                                                            ("Bleu", 3)]


def test_vassals_and_eliminated_players_never_take_first_place():
    # Noir accepted defeat with the best total; Gris's master has no points of her own
    noir = dict(VERT, name="Noir", eliminated=True)
    nobody = player("Rien", 0, 0, 0, 0, 1, 0, 0, 0, 0)
    gris = dict(ROUGE, name="Gris", master="Rien")
    scored = score(noir, nobody, gris, EXAMPLE)
    assert scored.of("Rien").total == scored.of("Gris").total == 1475
    assert scored.winners == ("Rien",)
    assert {p.player: (p.place, p.won) for p in scored.players} == {
        "Rien": (1, True), "Noir": (2, False), "Gris": (3, False), "Bleu": (4, False)}
    assert scored.of("Noir").note == "accepted defeat"
    assert scored.of("Gris").note == "vassal of Rien"


def test_nobody_wins_when_nobody_can():
    scored = score(dict(ROUGE, eliminated=True), dict(EXAMPLE, master="Rouge"))
    assert scored.winners == () and {p.place for p in scored.players} == {2, 3}


def refusals(*players, **options):
    with pytest.raises(InvalidSheet) as caught:
        score(*players, **options)
    return caught.value.errors


@pytest.mark.parametrize("players, where, says", [
    ([EXAMPLE], None, "played by 2 to 12 players, not 1"),
    ([dict(EXAMPLE, name=f"P{i}") for i in range(13)], None, "2 to 12 players, not 13"),
    ([EXAMPLE, dict(ROUGE, cities=5, colonists=4)], (2, "colonists"),
     "5 cities and 4 colonists make 9, but nobody ever has more than 8"),
    ([EXAMPLE, dict(ROUGE, cities=1, expansions=5)], (2, "expansions"),
     "5 expansions need at least 2 cities (4 around each), and there are 1"),
    ([EXAMPLE, dict(ROUGE, cities=0, expansions=1)], (2, "expansions"), "there are 0"),
    ([EXAMPLE, dict(ROUGE, expansions=17)], (2, "expansions"), "cannot be more than 16"),
    ([EXAMPLE, dict(ROUGE, armies=9)], (2, "armies"), "cannot be more than 8"),
    ([EXAMPLE, dict(ROUGE, research=13)], (2, "research"), "cannot be more than 12"),
    ([EXAMPLE, dict(ROUGE, wood=-1)], (2, "wood"), "cannot be below 0"),
    ([EXAMPLE, dict(ROUGE, gold=1.5)], (2, "gold"), "whole number"),
    ([EXAMPLE, dict(ROUGE, eliminated="no")], (2, "eliminated"), "yes or no"),
    ([EXAMPLE, dict(ROUGE, master="Rouge")], (2, "master"), "cannot be their own master"),
    ([EXAMPLE, dict(ROUGE, master="Violet")], (2, "master"), "'Violet' is not a player"),
])
def test_impossible_entries_are_refused_at_their_field(players, where, says):
    errors = refusals(*players)
    hit = next((e for e in errors if says in e.message), None)
    assert hit is not None, errors
    assert (hit.seat, hit.field) == (where if where else (None, None))
    assert hit.message.endswith(".")


def test_master_links_may_not_loop():
    errors = refusals(dict(EXAMPLE, master="Rouge"), dict(ROUGE, master="Vert"),
                      dict(VERT, master="Bleu"), player("Seul", 0, 0, 0, 0, 1, 0, 0, 0, 0))
    assert [(e.seat, e.field) for e in errors] == [(1, "master"), (2, "master"), (3, "master")]
    assert "Bleu → Rouge → Vert → Bleu" in errors[0].message
    two = refusals(dict(EXAMPLE, master="Rouge"), dict(ROUGE, master="Bleu"))
    assert len(two) == 2


def test_a_vassal_of_a_loop_is_not_itself_in_the_loop():
    errors = refusals(dict(EXAMPLE, master="Rouge"), dict(ROUGE, master="Bleu"),
                      dict(VERT, master="Bleu"))
    assert [e.seat for e in errors] == [1, 2]


def test_the_length_of_the_game_is_a_multiple_of_25_years():
    assert score(EXAMPLE, ROUGE, years=100).winners == ("Rouge",)
    with pytest.raises(InvalidSheet, match="multiple of 25 years, not 60"):
        score(EXAMPLE, ROUGE, years=60)
    with pytest.raises(InvalidSheet, match="cannot be below 25"):
        score(EXAMPLE, ROUGE, years=0)


def test_doubtful_entries_are_accepted_with_a_warning():
    lost = player("Perdu", 5, 0, 0, 0, 0, 0, 0, 0, 0)
    odd = dict(ROUGE, eliminated=True)  # still 3 cities and 2 colonists
    scored = score(EXAMPLE, lost, odd)
    assert [(w.seat, w.field) for w in scored.warnings] == [(2, "colonists"), (3, "eliminated")]
    assert "3 cities and 2 colonists are still held" in scored.warnings[1].message
    assert scored.of("Perdu").total == 5
    defeated = player("Vaincu", 5, 0, 0, 0, 0, 0, 0, 0, 0, eliminated=True)
    assert score(EXAMPLE, defeated).warnings == ()  # lost the last piece: nothing to doubt


def test_an_eliminated_player_has_no_master():
    # `004_…`, "Défaite et vassalité": defeat or vassalage, one or the other
    gone = player("Vaincu", 5, 0, 0, 0, 0, 0, 0, 0, 0, master="Bleu", eliminated=True)
    errors = refusals(EXAMPLE, gone)
    assert [(e.seat, e.field) for e in errors] == [(2, "master")]
    assert "Master names Bleu, but Accepted defeat is ticked" in errors[0].message
    assert errors[0].message.endswith(".")


def test_the_sheet_says_what_each_count_scores_beside_it():
    fields = {f.name: f for f in NM.fields({"years": 50})}
    assert fields["colonists"].hint(EXAMPLE) == "4 + 1 = 5: 375 points."
    assert fields["expansions"].hint(ROUGE) == "530 points."
    assert fields["research"].hint(EXAMPLE) == "190 points."
    assert fields["gold"].hint(EXAMPLE) == "Resources: 97 points in all."
    assert fields["colonists"].hint(dict(EXAMPLE, colonists=5)) is None  # 9: refused
    assert fields["wood"].hint is None
