"""What a seat brings to an Age of Discovery table: a player colour, and with Empires'
national advantages a nation (``000_…``: six player boards, one power each).

>>> NATION_NAMES["italy"], len(COLOURS)
('Italian city-states', 8)
"""

COLOURS = ("red", "yellow", "blue", "green", "orange", "purple", "white", "black")
NATIONS = ("england", "spain", "france", "portugal", "holland", "italy")
NATION_NAMES = {
    "england": "England", "spain": "Spain", "france": "France", "portugal": "Portugal",
    "holland": "Holland", "italy": "Italian city-states",
}
