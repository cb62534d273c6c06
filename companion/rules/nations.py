"""What a seat brings to an Age of Discovery table: a player colour, and with Empires'
national advantages a nation (``000_…``: six player boards, one power each, titled as
printed beside it, Appendix I).

>>> NATION_NAMES["italy"], POWER_TITLES["italy"], len(COLOURS)
('Italian city-states', 'Italian Renaissance Men', 8)
"""

COLOURS = ("red", "yellow", "blue", "green", "orange", "purple", "white", "black")
NATIONS = ("england", "spain", "france", "portugal", "holland", "italy")
NATION_NAMES = {
    "england": "England", "spain": "Spain", "france": "France", "portugal": "Portugal",
    "holland": "Holland", "italy": "Italian city-states",
}
POWER_TITLES = {  # the title printed beside each board's power (components, kind "power")
    "england": "England Empties Its Prisons", "spain": "Spanish Conquistadors",
    "france": "French Trade with Native Americans", "portugal": "Portuguese Explorers",
    "holland": "Dutch Merchants", "italy": "Italian Renaissance Men",
}
