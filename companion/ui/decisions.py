"""The Table page's input: the engine's Decision, drawn by its kind, and nothing else.

No rule lives here: every button is one of the Decision's answers (or a power the engine
offers beside it), and a Field is filled within the bounds it states. A choice asked step
by step keeps its draft in the session (``session.decision_draft``); a tap on a ready
answer records its events at once through a callback. Every widget key carries the game's
event count (``@seq``), so a step's inputs vanish once it is recorded.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

import streamlit as st
from streamlit.delta_generator import DeltaGenerator

from companion import names
from companion.engine import AMOUNT_MAX, COUNT_MAX, Answer, Decision, Field, Kind, Phase
from companion.i18n import _, ngettext
from companion.store import StoredGame
from companion.ui import hints, playing, saved_games, session, views, widgets
from companion.ui.views import md

ICONS = {Kind.REGION: "🗺️", Kind.GOOD: "📦", Kind.BUILDING: "🏛️", Kind.PLAYER: "👥",
         Kind.TOKEN: "🪙", Kind.TRACK: "📍", Kind.PLACE: "📍"}


# ---------------------------------------------------------------- submitting


def still_current(seq: int) -> bool:
    """Whether a tap drawn for step ``seq`` still applies (a double tap, or a tap on a page
    that was being redrawn, arrives after the game has moved on: it is ignored)."""
    stored = playing.current_game()
    if stored is None or stored.seq != seq:
        session.flash("info", _("That tap was for a step already recorded; it was ignored."))
        return False
    return True


def _choose(answer: Answer, seq: int) -> None:
    """Callback: a ready answer is recorded; a draft leads to the next question."""
    if not still_current(seq):
        return
    if answer.draft is not None and not answer.ready:
        session.set_decision_draft(seq, dict(answer.draft))
        session.clear_picks()
        return
    record_events(answer.events, seq)


def record_events(events: Sequence[Mapping[str, Any]], seq: int,
                  where: str = "prompt") -> saved_games.Outcome:
    """Record one answer's events and say what happened (or why not: at the input ``where``
    they were given). After a conflict the drafts that still apply are kept
    (``playing.carry_drafts``)."""
    outcome = playing.record(list(events))
    if outcome.conflict:
        session.flash("warning", outcome.error or "")
        return outcome
    session.set_decision_draft(seq, None)
    session.clear_picks()
    if not outcome.ok:
        session.flash("error", outcome.error or "refused", at=where)
    # a recorded step is said once, by the "Last step" line beside Undo (no message over it)
    return outcome


def _fill_on_click(field: Field, value: Any, seq: int) -> None:
    """Callback: ``_fill`` from a button (Streamlit drops what a callback returns)."""
    _fill(field, value, seq)


def _fill(field: Field, value: Any, seq: int) -> bool:
    """Callback: a filled-in field becomes an answer (the engine builds and judges it).
    Returns whether it was taken."""
    if not still_current(seq):
        return False
    try:
        answer = field.answer(value)
    except ValueError as exc:
        session.flash("error", str(exc), at="prompt")
        return False
    if not answer.ready and answer.draft is None:
        session.flash("error", _("That combination is not possible here; pick again."),
                      at="prompt")
        return False
    _choose(answer, seq)
    return True


def undo(seq: int) -> None:
    """Callback: take back the last answer (with the steps the engine settled after it)."""
    if not still_current(seq):
        return
    stored = playing.current_game()
    last = playing.last_step(stored) if stored else None
    outcome = playing.undo()
    if not outcome.conflict:  # after a conflict the drafts that still apply are kept
        session.set_decision_draft(seq, None)
    if outcome.conflict:
        session.flash("warning", outcome.error or "")
    elif not outcome.ok:
        session.flash("error", outcome.error or _("refused"))
    else:
        session.flash("success", _("Undone: {step}").format(step=last))


def _start_action(start: Mapping[str, Any], seq: int) -> None:
    """Callback: a power or standing action's first question is asked; when the engine
    leaves it one way to go (``only_answer``), the tap on the action was the choice and
    its events are recorded at once."""
    if not still_current(seq):
        return
    stored = playing.current_game()
    first = stored.game.ask(start) if stored is not None else None
    only = first.only_answer if first is not None else None
    if only is not None:
        record_events(only.events, seq)
        return
    session.set_decision_draft(seq, dict(start))
    session.clear_picks()


def _back(seq: int) -> None:
    session.set_decision_draft(seq, None)
    session.clear_picks()


# ---------------------------------------------------------------- the prompt


def current_decision(stored: StoredGame) -> Decision | None:
    """The question on screen: a follow-up of a draft in progress, else the pending one."""
    draft = session.decision_draft(stored.seq)
    if draft is not None:
        follow = stored.game.ask(draft)
        if follow is not None and follow.outcomes:
            return follow
        session.set_decision_draft(stored.seq, None)
    return stored.game.pending()


def prompt_text(stored: StoredGame) -> Decision | None:
    """The question the engine asks now, as a heading (all a viewer's page shows of it)."""
    decision = current_decision(stored)
    if decision is None:
        st.success(_("The game is over: final standings below, charts on the Scoreboard."))
        return None
    tag = "📋 " if decision.report else ""
    heading = views.question_heading(stored.game.setup, decision.player, decision.prompt)
    st.markdown(f"#### {tag}{heading}")
    if decision.closed:  # why an answer one looks for is not offered (the engine's words)
        st.caption(_("Not offered: {reasons}.").format(reasons=md("; ".join(decision.closed))))
    depth = len(session.decision_draft(stored.seq) or {})
    state = stored.game.state
    widgets.keep_in_view(".st-key-prompt h4", f"{stored.id}:{stored.seq}:{depth}",
                         f"{stored.id}:{state.turn}:{state.phase == Phase.SETUP}")
    return decision


def prompt(stored: StoredGame) -> None:
    """Draw the question the engine asks now, and the powers it allows beside it."""
    decision = prompt_text(stored)
    seq = stored.seq
    if decision is None:
        return
    depth = len(session.decision_draft(seq) or {})
    render(decision, seq, depth)
    hints.answer_hints(stored, decision)
    if session.decision_draft(seq) is not None:
        st.button("← " + _("Back"), key=f"back@{seq}", on_click=_back, args=(seq,), type="tertiary")
    else:
        actions(stored)


def render(decision: Decision, seq: int, depth: int) -> None:
    """One renderer per kind; each draws the answers and the field the Decision carries."""
    ANSWER_RENDERERS.get(decision.kind, _answer_buttons)(decision, seq, depth)
    if decision.field is not None:
        FIELD_RENDERERS[decision.kind](decision.field, seq, depth)


def _label(decision: Decision, answer: Answer) -> str:
    icon = views.WORKER_ICONS.get(answer.value, "") if decision.kind == Kind.WORKER else ""
    text = f"{icon} {answer.label}".strip()
    return f"{text} · {answer.note}" if answer.note else text


def _answer_buttons(decision: Decision, seq: int, depth: int) -> None:
    with st.container(horizontal=True, key=f"answers_{depth}@{seq}"):
        for i, answer in enumerate(decision.answers):
            st.button(md(_label(decision, answer)), key=f"ans_{i}@{seq}:{depth}",
                      on_click=_choose, args=(answer, seq),
                      type="primary" if answer.usual else "secondary")
        if decision.decline is not None:
            i = len(decision.answers)
            st.button(md(decision.decline.label), key=f"ans_{i}@{seq}:{depth}",
                      on_click=_choose, args=(decision.decline, seq), type="tertiary")


def placement_key(worker: str, seq: int, depth: int) -> str:
    """The key of the row of places for ``worker`` (its value: the answer's index)."""
    return f"place_{worker}@{seq}:{depth}"


def _placement(decision: Decision, seq: int, depth: int) -> None:
    """Placement answers as one row of pills per worker type: one tap places a worker.
    (One widget per row, not a button per place: a busy turn offers 30 or more places,
    and every element drawn costs each rerun, on the server and in the phone.)"""
    rows: dict[str, list[int]] = {}
    for i, answer in enumerate(decision.answers):
        rows.setdefault(answer.value.worker, []).append(i)
    labels = [md(views.short_place(a.value)) for a in decision.answers]
    for worker, indices in rows.items():
        key = placement_key(worker, seq, depth)
        # a plain label: it is the row's name to a screen reader too
        st.pills(views.worker_label(worker), indices, format_func=labels.__getitem__,
                 key=key, on_change=_place, args=(key, decision.answers, seq))


def _place(key: str, answers: Sequence[Answer], seq: int) -> None:
    """Callback: the place tapped is the answer. The row is cleared at once, so that the
    same place can be tapped again if this tap is refused."""
    index = session.widget_value(key)
    session.set_widget_value(key, None)
    if index is not None:
        _choose(answers[index], seq)


# The answers of a kind drawn their own way (the others: one button each).
ANSWER_RENDERERS = {Kind.PLACE: _placement}


# ---------------------------------------------------------------- fields


def _multiset(field: Field, seq: int, depth: int) -> None:
    """Tap items one at a time (each up to its limit); Done when the total is right. The
    items tapped so far are kept in the page's address too, so that a reload (a phone that
    slept) finds them again."""
    picks = _kept_picks(field, seq, depth)
    counts: dict[str, int] = {}
    for p in picks:
        counts[p] = counts.get(p, 0) + 1
    total = len(picks)
    full = field.total is not None and total >= field.total
    with st.container(horizontal=True, key=f"pick_row_{depth}@{seq}"):
        for j, option in enumerate(field.options):
            left = option.most - counts.get(option.value, 0)
            label = (ngettext("{item} · {n} left", "{item} · {n} left", left).format(
                item=option.label, n=left) if option.most > 1 else option.label)
            st.button(md(label), key=f"pick_{j}@{seq}:{depth}", on_click=_pick,
                      args=(field, option.value, seq), disabled=left <= 0 or full)
    labels = {option.value: option.label for option in field.options}
    chosen = ", ".join(f"{n}× {views.md(labels.get(v, str(v).replace('_', ' ')))}"
                       for v, n in counts.items())
    picked = (_("Picked {n} of {total}: {chosen}") if field.total is not None
              else _("Picked {n}: {chosen}"))
    st.caption(picked.format(n=total, total=field.total, chosen=chosen or _("nothing yet")))
    ready = (total == field.total) if field.total is not None else (
        total >= field.least and (field.most is None or total <= field.most))
    with st.container(horizontal=True, key=f"pick_go_{depth}@{seq}"):
        if field.total is None:  # an exact count submits itself with its last pick
            st.button(_("Done"), type="primary", key=f"done@{seq}:{depth}", disabled=not ready,
                      on_click=_fill_on_click, args=(field, counts, seq))
        st.button(_("Clear"), key=f"clear@{seq}:{depth}", on_click=session.clear_picks,
                  disabled=not picks, type="tertiary")


PICKS_PARAM = "picks"  # "<seq>:<item>,<item>,…" in the address, for a question's first level


def _kept_picks(field: Field, seq: int, depth: int) -> list[Any]:
    """The picks of this session, else (a reloaded page) those its address kept; written
    back to the address. Only the first level of a question is kept: a deeper one hangs on
    choices made before it, which a reload does not keep."""
    picks = session.picks()
    if depth:
        return picks
    said = st.query_params.get(PICKS_PARAM, "")
    kept_seq, _, items = said.partition(":")
    mark = f"picks_kept@{seq}"  # this session has drawn the question: its picks are its own
    fresh = not session.widget_value(mark)
    session.set_widget_value(mark, True)
    if fresh and not picks and kept_seq == str(seq) and items:
        known = {str(o.value): o.value for o in field.options}
        picks = [known[i] for i in items.split(",") if i in known]
        for p in picks:
            session.add_pick(p)
    if picks:
        st.query_params[PICKS_PARAM] = f"{seq}:" + ",".join(map(str, picks))
    elif PICKS_PARAM in st.query_params:
        del st.query_params[PICKS_PARAM]
    return picks


def _pick(field: Field, value: Any, seq: int) -> None:
    """Callback: one more item picked; the pick that completes an exact count is the answer
    (no Done tap: nothing is left to choose)."""
    session.add_pick(value)
    picks = session.picks()
    if field.total is None or len(picks) < field.total:
        return
    counts: dict[Any, int] = {}
    for p in picks:
        counts[p] = counts.get(p, 0) + 1
    if not _fill(field, counts, seq):
        session.clear_picks()  # refused: pick again from scratch
    elif len(session.picks()) >= field.total:  # another device recorded first and the
        session.drop_last_pick()  # question still stands: the last tap is to give again


def _order(field: Field, seq: int, depth: int) -> None:
    labels = {o.value: o.label for o in field.options}
    key = f"order@{seq}:{depth}"
    st.multiselect(_("New order (tap every one, first to last)"), list(labels), key=key,
                   format_func=lambda v: labels[v], placeholder=_("Tap to choose"),
                   select_all=False)
    picked = list(session.widget_value(key) or [])
    st.button(_("Done"), type="primary", key=f"done@{seq}:{depth}",
              disabled=len(picked) != len(labels), on_click=_fill_on_click,
              args=(field, picked, seq))


def _number(field: Field, seq: int, depth: int) -> None:
    key = f"number@{seq}:{depth}"
    st.number_input(_("How many"), field.least, field.most, field.least, key=key)
    value = int(session.widget_value(key, field.least) or field.least)
    st.button(_("Done"), type="primary", key=f"done@{seq}:{depth}", on_click=_fill_on_click,
              args=(field, value, seq))


FIELD_RENDERERS = {Kind.MULTISET: _multiset, Kind.ORDER: _order, Kind.NUMBER: _number}


# ---------------------------------------------------------------- powers beside the Decision


def actions(stored: StoredGame) -> None:
    """Powers of this moment in view; standing actions (swap, scouting) folded away."""
    seq = stored.seq
    offered = stored.game.actions()
    moment = [(i, a) for i, a in enumerate(offered) if a.moment]
    standing = [(i, a) for i, a in enumerate(offered) if not a.moment]
    setup = stored.game.setup
    if moment:
        st.caption(_("Powers that can be used now:"))
    for i, action in moment:
        # the explanation a tap away (a phone has no hover), folded: two powers' words
        # took 200 px above the board at every step of a track
        who = views.badge(setup, action.player) + " — " if action.player else ""
        with st.container(horizontal=True, key=f"act_row_{i}@{seq}", gap="xsmall"):
            st.button(f"⚡ {who}{md(action.title)}", key=f"act_{i}@{seq}",
                      on_click=_start_action, args=(action.start, seq), help=md(action.help))
            if action.help:
                with st.popover(_("What it does"), key=f"act_help_{i}@{seq}"):
                    st.markdown(md(action.help))
    if standing:
        with st.expander(_("Other actions (any time)")):
            for i, action in standing:
                who = views.badge(setup, action.player) + " — " if action.player else ""
                st.button(f"{who}{md(action.title)}", key=f"act_{i}@{seq}",
                          on_click=_start_action, args=(action.start, seq),
                          help=md(action.help))


# ---------------------------------------------------------------- refused games


def _outcome(outcome: saved_games.Outcome, done: str) -> None:
    if outcome.conflict:
        session.flash("warning", outcome.error or "")
    elif not outcome.ok:
        session.flash("error", outcome.error or "refused")
    else:
        session.flash("success", done)


def set_aside(seq: int) -> None:
    """Callback: a read-only game goes on; its refused events are kept aside."""
    if still_current(seq):
        _outcome(playing.set_aside(), _("The refused events are set aside: record what the "
                                         "rule asks, then re-apply them."))


def _reapply(seq: int, leave_out_first: bool) -> None:
    if still_current(seq):
        _outcome(playing.reapply_set_aside(leave_out_first),
                 _("Re-applied what the rules accept."))


def set_aside_tools(stored: StoredGame) -> None:
    """The events last set aside: the refusal, and re-applying them."""
    batch, seq = stored.set_aside[-1], stored.seq
    with st.expander(_("Events set aside ({n}), kept with the game").format(
            n=len(batch.events))):
        st.caption(md(_("Refused at event {at}: {reason}").format(at=batch.at,
                                                                   reason=batch.reason)))
        with st.container(horizontal=True):
            st.button(_("Re-apply them"), key=f"reapply@{seq}", on_click=_reapply,
                      args=(seq, False))
            st.button(_("Re-apply all but the refused one"), key=f"reapply_skip@{seq}",
                      on_click=_reapply, args=(seq, True))


# ---------------------------------------------------------------- corrections


def correction(stored: StoredGame) -> None:
    """A manual adjustment for what happened outside the rules (a slip at the table)."""
    from companion.rules.editions import WORKER_TYPES
    from companion.rules.goods import GOODS

    state, seq = stored.game.state, stored.seq
    k = lambda name: f"fix_{name}@{seq}"  # noqa: E731
    st.caption(_("For what the app does not model (a mistake at the table). Amounts are "
                 "added; use negative numbers to take away."))
    st.selectbox(_("Player"), list(state.order), key=k("player"))
    st.text_input(_("Reason"), key=k("reason"), placeholder=_("e.g. a good was forgotten"))
    # The limits are the correction event's own (engine/fields.py), not a second guess.
    amount, count = (-AMOUNT_MAX, AMOUNT_MAX), (-COUNT_MAX, COUNT_MAX)
    cols: Sequence[DeltaGenerator] = st.columns(3)
    cols[0].number_input(_("Money (\\$)"), *amount, 0, key=k("money"))
    cols[1].number_input(_("VP"), *amount, 0, key=k("vp"))
    cols[2].number_input(_("Ships"), *count, 0, key=k("ships"))
    cols = st.columns(2)
    cols[0].selectbox(_("Good"), [None, *GOODS], key=k("good"),
                      format_func=lambda g: "—" if g is None else names.good(g))
    cols[1].number_input(_("Good count"), *count, 0, key=k("good_n"))
    cols = st.columns(2)
    cols[0].selectbox(_("Workers ready to place"), [None, *WORKER_TYPES], key=k("worker"),
                      format_func=lambda w: "—" if w is None else names.worker(w))
    cols[1].number_input(_("Worker count"), *count, 0, key=k("worker_n"))

    def submit() -> None:
        v = lambda name, d=0: session.widget_value(k(name), d)  # noqa: E731
        event: dict[str, Any] = {
            "type": "correction", "player": v("player", state.order[0]),
            "reason": (v("reason", "") or "").strip(), "money": int(v("money") or 0),
            "vp": int(v("vp") or 0), "ships": int(v("ships") or 0),
        }
        if v("good", None) and v("good_n"):
            event["goods"] = {v("good", None): int(v("good_n"))}
        if v("worker", None) and v("worker_n"):
            event["available"] = {v("worker", None): int(v("worker_n"))}
        if not event["reason"]:
            session.flash("error", _("Say why (a reason) before recording a correction."),
                          at="correction")
            return
        if still_current(seq):
            record_events([event], seq, where="correction")

    st.button(_("Record the correction"), key=k("go"), on_click=submit)
