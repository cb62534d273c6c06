"""The 11 kinds of trade goods and how many tokens of each the game has (46 in all)."""

GOODS: dict[str, int] = {
    "silver": 6,
    "sugar": 6,
    "gold": 5,
    "tobacco": 5,
    "coffee": 4,
    "indigo": 4,
    "fur": 4,
    "cattle": 3,
    "cocoa": 3,
    "fish": 3,
    "rice": 3,
}
GOOD_NAMES = tuple(GOODS)
TOTAL_GOODS = sum(GOODS.values())
SHIP = "ship"  # how a merchant ship shows in an income set


def check_good(name: str) -> str:
    if name not in GOODS:
        raise ValueError(f"unknown trade good {name!r} (the goods are {', '.join(GOODS)})")
    return name
