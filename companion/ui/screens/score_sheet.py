"""Score sheet: the final count of a game of any family on the shelf (pick the game first),
drawn from the fields the family declares; kept in the history on request."""

from datetime import date

import streamlit as st

from companion.games import Family, FieldError, Sheet
from companion.games.base import NOTE_MAX
from companion.i18n import _, format_list
from companion.ui import access, joining, language, library, session, sheet_form, widgets
from companion.ui.views import md


def show() -> None:
    """One run of the page."""
    st.title("🧮 " + _("Score sheet"))
    st.caption(_("Pick the game, then fill in what each player has at the end; totals, places and "
               "the winner update as you type. Save the result to keep it in the history and "
               "statistics."))
    widgets.show_flashes()
    reopened = session.take_sheet_prefill()
    if reopened is not None:
        sheet_form.prefill(reopened[1], reopened[2])

    family = sheet_form.pick_game()
    options = sheet_form.options(family)
    count = sheet_form.player_count(family, options)
    sheet = sheet_form.read_sheet(family, options, count)
    problems = family.problems(sheet)
    doubts = family.warnings(sheet) if not problems else []

    scored = family.tally(sheet) if not problems else None
    seat = sheet_form.pick_seat(sheet, problems, scored)
    for i in range(count):
        with st.container(key=sheet_form.seat_box(i)):
            sheet_form.draw_player(family, sheet, i, sheet_form.by_field(problems, i + 1),
                                   sheet_form.by_field(doubts, i + 1))
    sheet_form.show_only_seat(seat, count)

    st.subheader(_("Totals"))
    if scored is None:
        _not_totalled(sheet, problems)
        st.stop()
    for doubt in doubts:  # about the whole sheet (the others show at their fields)
        if doubt.seat is None:
            st.warning(str(doubt), icon="⚠️")
    # the chart is drawn on request: building it costs more than the rest of a rerun
    chart = st.toggle(_("Chart by category"), key="sheet_chart")
    table = widgets.scored_results(family, scored, "sheet", chart=chart)
    widgets.explanations(family, sheet, scored)
    st.download_button(_("Download the sheet (CSV)"), library.sheet_csv(table),
                       file_name="score-sheet.csv", mime="text/csv", key="sheet_csv",
                       on_click="ignore")

    _save_section(family, sheet)


def _not_totalled(sheet: Sheet, problems: list[FieldError]) -> None:
    """What keeps the sheet from its totals: refusals about the whole sheet, then whose
    entries are marked (the others show at their fields)."""
    for problem in problems:
        if problem.seat is None:
            widgets.error(str(problem))
    seats = sorted({p.seat for p in problems if p.seat is not None})
    if seats:
        names = format_list(md(sheet.players[n - 1]["name"]) for n in seats)
        st.error(_("The sheet cannot be totalled yet: see the entries marked 🚫 for "
                   "{names}.").format(names=names), icon="🚫")


def _save_section(family: Family, sheet: Sheet) -> None:
    """The date and note, and the button that keeps the sheet in the history (or what it
    was saved as)."""
    st.subheader(_("Save to history"))
    c = st.columns([1, 3])
    if session.widget_value(sheet_form.DATE_KEY) is None:
        session.set_widget_value(sheet_form.DATE_KEY, date.today())
    played = c[0].date_input(_("Played on"), key=sheet_form.DATE_KEY)
    c[1].text_input(_("Note (optional)"), key=sheet_form.NOTE_KEY, max_chars=NOTE_MAX,
                    placeholder=_("where, which variant, who brought the snacks…"))
    fingerprint = library.sheet_fingerprint(sheet, played)
    saved = session.sheet_saved()
    if saved is not None and saved[0] == fingerprint:
        st.success(_("Saved to the history as game #{id}: it counts in the statistics.")
                   .format(id=saved[1]), icon="✅")
        language.page_link("app_pages/history.py", _("Open it in the History"), "📜")
    elif joining.pin_form(access.start_refusal(access.SAVE_SHEET), "sheet_save"):
        if saved is not None and library.fingerprint_game(saved[0]) == family.id:
            st.caption(_("Changed since it was saved as game #{id}: saving again keeps this "
                         "as another game (delete the old one in the History if this replaces "
                         "it).").format(id=saved[1]))
        if st.button(_("Save to history"), key="sheet_save", type="primary",
                     help=_("Keep this result: the History lists it with the tracked games and "
                          "the statistics count it")):
            outcome = library.save_sheet(sheet, played)
            if outcome.stored is not None:
                session.set_sheet_saved(fingerprint, outcome.stored.id)
                st.rerun()
            widgets.error(outcome.error)

