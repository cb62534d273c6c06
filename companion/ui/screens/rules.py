"""Rules: a searchable reference of buildings, discovery tokens and cards, in our own words."""

import pandas as pd
import streamlit as st

from companion import names
from companion.engine import NATION_POWER_TEXT
from companion.i18n import _, component_name, component_names, ngettext
from companion.rules.buildings import BUILDINGS, Building
from companion.rules.discoveries import CARDS, faces
from companion.rules.editions import (
    AGE_TURNS,
    AGES,
    EDITIONS,
    LAST_TURN,
    SCORING_REGION_MINIMUM,
    SCORING_TURNS,
    building_price,
)
from companion.rules.nations import POWER_TITLES
from companion.scoring import FIRST_VP, SECOND_VP, SET_VALUES, TIED_FIRST_VP
from companion.ui import views
from companion.ui.views import md


def matches(words: list[str], *texts: str) -> bool:
    """Every searched word is in one of ``texts`` (accents count: "ecurie" misses "Écurie",
    as a browser's find would)."""
    blob = " ".join(texts).lower()
    return all(w in blob for w in words)


def building_texts(b: Building, edition: str) -> list[str]:
    """What a search reads of a building: its name as printed in every language (a French
    table finds "Servage" in English too), its words in ours and in English."""
    return [*component_names("building", b.name, edition), _(b.description), b.description]


def show() -> None:
    """One run of the page."""
    st.title("📖 " + _("Rules reference"))
    st.caption(_("A quick reference written for this app. The rule book of your edition has the "
               "final word."))

    cols = st.columns([3, 2])
    query = cols[0].text_input(_("Search"), key="rules_query",
                               placeholder=_("e.g. soldier, VP, dock"))
    edition = cols[1].radio(_("Edition"), list(EDITIONS), key="rules_edition", horizontal=True,
                            format_func=lambda e: EDITIONS[e].title.split(":")[0])
    words = query.lower().split()

    buildings_tab, tokens_tab, cards_tab, nations_tab, turn_tab = st.tabs(
        [_("Capital buildings"), _("Discovery tokens"), _("Discovery cards"), _("Nations"),
         _("A turn in brief")])
    with buildings_tab:
        buildings_section(words, edition)
    with tokens_tab:
        tokens_section(words)
    with cards_tab:
        cards_section(words, edition)
    with nations_tab:
        nations_section(words)
    with turn_tab:
        turn_section()


def age_title(age: int) -> str:
    return _("Age {age}").format(age="I" * age)


def buildings_section(words: list[str], edition: str) -> None:
    """The Capital buildings of ``edition`` that match the search, age by age."""
    ages = st.segmented_control(_("Age"), list(AGES), selection_mode="multi",
                                default=list(AGES), key="rules_ages", format_func=age_title)
    shown = 0
    for age in ages or AGES:
        lines = [building_line(b, edition) for b in BUILDINGS
                 if edition in b.editions and b.age == age and building_matches(b, edition, words)]
        if lines:
            st.markdown("**" + age_title(age) + "**")
            st.markdown("\n".join(lines))
            shown += len(lines)
    st.caption(ngettext("{n} building", "{n} buildings", shown).format(n=shown))


def building_matches(b: Building, edition: str, words: list[str]) -> bool:
    formula = b.effect.end_vp.describe() if b.effect.end_vp else ""
    return matches(words, *building_texts(b, edition), _(views.KIND_TITLES[b.kind]), formula)


def building_line(b: Building, edition: str) -> str:
    """One building as a markdown list item: name, kind, price, VP and its words."""
    kind = _(views.KIND_TITLES[b.kind])
    cost = _("free") if b.cost == "free" else names.money(building_price(b.age))
    tags = [kind, cost] + ([_("Builder expansion")] if b.builder_expansion else [])
    if b.fixed_vp:
        tags.append(_("{n} VP").format(n=b.fixed_vp))
    name = component_name("building", b.name, edition)
    return f"- **{md(name)}** · {md(' · '.join(tags))} — {md(_(b.description))}"


def tokens_section(words: list[str]) -> None:
    st.caption(_("One face-down token lies on each undiscovered region. An expedition "
                 "succeeds when its value (captain 2, any other worker 1) reaches the natives "
                 "number. A token shows its natives, its money (and the money per soldier "
                 "sent) and its VP; identical tokens are listed once."))
    rows = [{_("Natives"): t.natives, "$": t.dollars,
             _("$ per soldier sent"): t.dollars_per_soldier, _("VP"): t.vp,
             _("In the box"): n} for t, n in faces()
            if matches(words, _("token"), t.face)]
    st.dataframe(pd.DataFrame(rows), hide_index=True, width="stretch")


def cards_section(words: list[str], edition: str) -> None:
    st.caption(_("Once every region is discovered, expeditions draw these cards instead: the "
               "same test and rewards, but no colonist goes anywhere."))
    natives, vp = _("natives {n}"), _("{n} VP")
    rows = [{_("Card"): component_name("card", c.name, edition), "$": c.dollars,
             _("$ per soldier sent"): c.dollars_per_soldier, _("Natives"): c.natives,
             _("VP"): c.vp} for c in CARDS.values()
            if matches(words, *component_names("card", c.name, edition),
                       natives.format(n=c.natives), vp.format(n=c.vp).lower())]
    st.dataframe(pd.DataFrame(rows), hide_index=True, width="stretch")


def nations_section(words: list[str]) -> None:
    st.caption(_("Empires only, optional (the national advantages): each player plays a "
                 "nation and may use its power at the moment it says. On the Table its "
                 "button shows, with these words, only when the power can be used."))
    lines = [f"- **{md(names.nation(n))}**, *{md(names.power(n))}* — "
             f"{md(_(text))}" for n, text in NATION_POWER_TEXT.items()
             if matches(words, names.nation(n), *component_names(
                 "power", POWER_TITLES[n]), _(text), _("nation"))]
    st.markdown("\n".join(lines) or _("No nation matches the search."))


def turn_section() -> None:
    """A turn in brief, with the numbers of the rules."""
    def money(n: int) -> str:
        return md(names.money(n))

    ages = ", ".join(f"{turns[0]}–{turns[-1]}" for turns in AGE_TURNS.values())
    st.markdown(
        _("{turns} turns make {age_count} ages (turns {ages}); the colonies score after turns "
          "{scorings} and {last_scoring}.\n\n"
          "1. **Placement** — in turn order, one worker at a time, until everybody is out of "
          "workers.\n"
          "2. **Resolution** — the tracks act from top to bottom: each player on "
          "Initiative receives \\$ equal to their slot number, and it sets next turn's "
          "order; the Dock sends workers to the New World; Trade "
          "Goods hands out goods; the strongest presence on Merchant Shipping wins the ship; "
          "Capital Buildings sells buildings; Discovery sends expeditions; Specialists hands "
          "out specialists; Warfare settles battles and wars.\n"
          "3. **Income** — goods and ships make sets: any three goods pay {mixed}, three of "
          "a kind {triple}, four of a kind {quad}; a ship stands in for any good, one per set.\n"
          "4. **Buildings** — the buildings' powers and income.\n"
          "5. **Refresh** — new goods and buildings, new colonists, the next turn order.\n\n"
          "**Colony scoring**: a region counts once somebody has {minimum} workers there; the "
          "sole leader scores {first} VP and the sole runner-up {second}; two players sharing "
          "the lead score {tied} each. Builders add a bonus to the first and second places.\n\n"
          "**At the end**: colony VP, discovery VP, building VP and the last income as economy "
          "VP. Ties go to more turn-{last_turn} colony VP, then more money, then more goods "
          "(plus ships in Empires; goods only in Age of Empires III).").format(
            turns=LAST_TURN, age_count=len(AGES), ages=ages,
            scorings=", ".join(map(str, SCORING_TURNS[:-1])), last_scoring=SCORING_TURNS[-1],
            mixed=money(SET_VALUES["mixed"]), triple=money(SET_VALUES["triple"]),
            quad=money(SET_VALUES["quad"]), minimum=SCORING_REGION_MINIMUM, first=FIRST_VP,
            second=SECOND_VP, tied=TIED_FIRST_VP, last_turn=LAST_TURN))
