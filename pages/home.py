"""Home page."""

import streamlit as st

st.title("Age of Discovery Companion")
st.write(
    "Keep the books for Empires: Age of Discovery and Age of Empires III: The Age of Discovery."
)
