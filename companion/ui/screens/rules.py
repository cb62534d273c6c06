"""Rules: a searchable reference of buildings, discovery tokens and cards, in our own words."""

import pandas as pd
import streamlit as st

from companion import names
from companion.engine import NATION_POWER_TEXT
from companion.i18n import _, component_name, component_names, ngettext
from companion.rules.buildings import BUILDINGS, Building
from companion.rules.discoveries import CARDS, faces
from companion.rules.editions import EDITIONS
from companion.rules.nations import POWER_TITLES
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
        ages = st.segmented_control(_("Age"), [1, 2, 3], selection_mode="multi",
                                    default=[1, 2, 3], key="rules_ages",
                                    format_func=lambda a: _("Age {age}").format(age="I" * a))
        shown = 0
        for age in ages or [1, 2, 3]:
            lines = []
            for b in BUILDINGS:
                if edition not in b.editions or b.age != age:
                    continue
                kind = _(views.KIND_TITLES[b.kind])
                formula = b.effect.end_vp.describe() if b.effect.end_vp else ""
                if not matches(words, *building_texts(b, edition), kind, formula):
                    continue
                cost = _("free") if b.cost == "free" else names.money((10, 14, 20)[age - 1])
                tags = [kind, cost] + ([_("Builder expansion")] if b.builder_expansion else [])
                if b.fixed_vp:
                    tags.append(_("{n} VP").format(n=b.fixed_vp))
                name = component_name("building", b.name, edition)
                lines.append(f"- **{md(name)}** · {md(' · '.join(tags))} — "
                             f"{md(_(b.description))}")
            if lines:
                st.markdown("**" + _("Age {age}").format(age="I" * age) + "**")
                st.markdown("\n".join(lines))
                shown += len(lines)
        st.caption(ngettext("{n} building", "{n} buildings", shown).format(n=shown))

    with tokens_tab:
        st.caption(_("One face-down token lies on each undiscovered region. An expedition "
                     "succeeds when its value (captain 2, any other worker 1) reaches the natives "
                     "number. A token shows its natives, its money (and the money per soldier "
                     "sent) and its VP; identical tokens are listed once."))
        natives, vp = _("natives {n}"), _("{n} VP")
        rows = [{_("Natives"): t.natives, "$": t.dollars,
                 _("$ per soldier sent"): t.dollars_per_soldier, _("VP"): t.vp,
                 _("In the box"): n} for t, n in faces()
                if matches(words, _("token"), t.face)]
        st.dataframe(pd.DataFrame(rows), hide_index=True, width="stretch")

    with cards_tab:
        st.caption(_("Once every region is discovered, expeditions draw these cards instead: the "
                   "same test and rewards, but no colonist goes anywhere."))
        rows = [{_("Card"): component_name("card", c.name, edition), "$": c.dollars,
                 _("$ per soldier sent"): c.dollars_per_soldier, _("Natives"): c.natives,
                 _("VP"): c.vp} for c in CARDS.values()
                if matches(words, *component_names("card", c.name, edition),
                           natives.format(n=c.natives), vp.format(n=c.vp).lower())]
        st.dataframe(pd.DataFrame(rows), hide_index=True, width="stretch")

    with nations_tab:
        st.caption(_("Empires only, optional (the national advantages): each player plays a "
                     "nation and may use its power at the moment it says. On the Table its "
                     "button shows, with these words, only when the power can be used."))
        lines = [f"- **{md(names.nation(n))}**, *{md(names.power(n))}* — "
                 f"{md(_(text))}" for n, text in NATION_POWER_TEXT.items()
                 if matches(words, names.nation(n), *component_names(
                     "power", POWER_TITLES[n]), _(text), _("nation"))]
        st.markdown("\n".join(lines) or _("No nation matches the search."))

    with turn_tab:
        st.markdown(
            _("Eight turns make three ages (turns 1–3, 4–6, 7–8); the colonies score after turns "
            "3, 6 and 8.\n\n"
            "1. **Placement** — in turn order, one worker at a time, until everybody is out of "
            "workers.\n"
            "2. **Resolution** — the tracks act from top to bottom: each player on "
            "Initiative receives \\$ equal to their slot number, and it sets next turn's "
            "order; the Dock sends workers to the New World; Trade "
            "Goods hands out goods; the strongest presence on Merchant Shipping wins the ship; "
            "Capital Buildings sells buildings; Discovery sends expeditions; Specialists hands "
            "out specialists; Warfare settles battles and wars.\n"
            "3. **Income** — goods and ships make sets: any three goods pay \\$1, three of "
            "a kind \\$3, four of a kind \\$6; a ship stands in for any good, one per set.\n"
            "4. **Buildings** — the buildings' powers and income.\n"
            "5. **Refresh** — new goods and buildings, new colonists, the next turn order.\n\n"
            "**Colony scoring**: a region counts once somebody has 3 workers there; the sole "
            "leader scores 6 VP and the sole runner-up 2; two players sharing the lead score 2 "
            "each. Builders add a bonus to the first and second places.\n\n"
            "**At the end**: colony VP, discovery VP, building VP and the last income as economy "
            "VP. Ties go to more turn-8 colony VP, then more money, then more goods (plus ships "
            "in Empires; goods only in Age of Empires III).")
        )
