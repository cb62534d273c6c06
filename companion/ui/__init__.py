"""The Streamlit app's own code: session state, services over the store, view models, widgets.

Only ``companion.ui.session`` touches ``st.session_state``; only ``companion.ui.saved_games``
opens the store, and only ``playing`` (the game open in this session) and ``library`` (every
kept game: history, sheets, exports, imports) call it. ``companion.ui.views`` is plain Python
(no Streamlit) so that it can be tested on its own.
"""
