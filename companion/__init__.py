"""Age of Discovery table companion."""
