r"""The BoardGameGeek play XML: ``<plays>`` of ``<play date quantity>``, each with its
``<item name objecttype objectid>`` and ``<players>`` (``name``, ``score``, ``win``,
``startposition``, ``new``). ``objectid`` is written only where a stored reference
confirms the game's id (``plays.BGG_IDS``).

>>> from datetime import datetime
>>> from companion.exchange.plays import Play, PlaySeat
>>> xml = to_bgg_xml([Play(3, datetime(2024, 5, 1, 20), "age-of-discovery", "aoe3", (
...     PlaySeat("Ann & Co", 52, True, 1, 1, True),))])
>>> print(xml.replace("><", ">\n<"))
<?xml version='1.0' encoding='utf-8'?>
<plays>
<play date="2024-05-01" quantity="1">
<item name="Age of Empires III: The Age of Discovery" objecttype="thing" objectid="22545" />
<players>
<player name="Ann &amp; Co" score="52" win="1" startposition="1" new="0" />
</players>
</play>
</plays>
"""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET
from collections.abc import Sequence

from companion.exchange.plays import Play

NOT_XML = re.compile("[^\u0009\u000a\u000d\u0020-\ud7ff\ue000-\ufffd\U00010000-\U0010ffff]")


def _text(value: object) -> str:
    """Text XML 1.0 can hold (a name never has control characters; this is the last guard)."""
    return NOT_XML.sub("\ufffd", str(value))


def to_bgg_xml(plays: Sequence[Play]) -> str:
    root = ET.Element("plays")
    for play in plays:
        node = ET.SubElement(root, "play", date=play.played.strftime("%Y-%m-%d"),
                             quantity="1")
        item = ET.SubElement(node, "item", name=_text(play.title), objecttype="thing")
        if play.bgg_id is not None:
            item.set("objectid", str(play.bgg_id))
        people = ET.SubElement(node, "players")
        for s in play.seats:
            ET.SubElement(people, "player", name=_text(s.name), score=str(s.score),
                          win="1" if s.won else "0",
                          startposition=str(s.seat) if s.seat else "", new="0")
    return ET.tostring(root, encoding="unicode", xml_declaration=True)
