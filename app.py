"""Streamlit entry point: navigation over the pages."""

import streamlit as st

st.set_page_config(page_title="Age of Discovery Companion", page_icon="⚓", layout="wide")

pages = [
    st.Page("pages/home.py", title="Home", icon="🏠", default=True),
]
st.navigation(pages).run()
