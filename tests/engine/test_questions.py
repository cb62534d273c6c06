"""The shared vocabulary of questions: the parts of a pool an expedition may send."""

from __future__ import annotations

from itertools import product

from companion.engine.questions import sub_multisets


def test_the_parts_of_a_pool_are_every_non_empty_part_largest_first():
    pool = {"colonist": 2, "soldier": 1, "captain": 1}
    parts = sub_multisets(pool)
    expected = [dict((k, n) for k, n in zip(pool, counts, strict=True) if n)
                for counts in product(*(range(n + 1) for n in pool.values()))]
    expected = [p for p in expected if p]
    assert sorted(map(sorted, (p.items() for p in parts))) == sorted(
        map(sorted, (p.items() for p in expected)))
    assert len(parts) == len(expected) == 11
    sizes = [sum(p.values()) for p in parts]
    assert sizes == sorted(sizes, reverse=True)
    assert parts[0] == pool


def test_the_parts_are_new_dicts_each_time():
    """They are remembered per pool, but a caller changing one changes no later answer."""
    first = sub_multisets({"colonist": 1, "soldier": 1})
    first[0]["colonist"] = 99
    assert sub_multisets({"colonist": 1, "soldier": 1})[0] == {"colonist": 1, "soldier": 1}
