"""How many distinct French (and English) question texts of random games of both editions
a proofreader marks (``tests/proofreading.py``): prints the figures and the first faults."""

from __future__ import annotations

import sys
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests"))

from proofreading import SETUPS, faults, question_texts  # noqa: E402

from companion import i18n  # noqa: E402


def main(seeds: range = range(3)) -> None:
    for lang in ("fr", "en"):
        total, faulty, kinds, examples = 0, 0, Counter(), {}
        with i18n.use_language(lang):
            for setup in SETUPS.values():
                texts = set()
                for seed in seeds:
                    texts |= question_texts(setup, seed)
                for text in texts:
                    marked = faults(text, lang, setup["edition"])
                    total += 1
                    if marked:
                        faulty += 1
                        for m in marked:
                            kind = m.split(" '")[0].split(' "')[0]
                            kinds[kind] += 1
                            examples.setdefault(kind, f"{m}  in  {text[:140]!r}")
        print(f"{lang}: {faulty} of {total} distinct question texts marked")
        for kind, n in kinds.most_common():
            print(f"  {n:5d} {kind}: {examples[kind]}")


if __name__ == "__main__":
    main()
