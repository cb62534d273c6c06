"""The Streamlit app's own code: session state, services over the store, view models, widgets.

Only ``companion.ui.session`` touches ``st.session_state``; only ``companion.ui.services``
touches the store. ``companion.ui.views`` is plain Python (no Streamlit) so that it can be
tested on its own.
"""
