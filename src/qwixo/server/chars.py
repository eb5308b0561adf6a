"""Characters refused in the names and chat lines people type: what
could hide, fake or break the text around it.

- control characters (C0, C1), format characters (bidi overrides and isolates, zero-width
  spaces and joiners, soft hyphen...: Unicode category Cf), surrogates, private-use and
  unassigned code points, line and paragraph separators (U+2028, U+2029);
- **blank-looking** letters and symbols: they are not spaces for Unicode, yet show nothing —
  the Hangul fillers (U+115F, U+1160, U+3164, U+FFA0), the blank Braille pattern (U+2800),
  the Khmer inherent vowels (U+17B4, U+17B5).

>>> [bad_char(c) for c in ("a", "\\u3164", "\\u2800", "\\u2028", "\\ue000", "\\u0378", "\\n")]
[False, True, True, True, True, True, True]
>>> bad_char("\\n", allow="\\n")
False

Names are compared by their **skeleton** (:func:`name_skeleton`): Unicode TR39's
confusable-safe form (ICU's spoof checker, through PyICU), so that two names that look alike —
``Ada`` and ``Ada`` followed by a variation selector or an invisible joiner, a Cyrillic ``а``
for the Latin ``a``, ``rn`` for ``m`` — are one name in a game and for the accounts.
"""

from __future__ import annotations

import threading
import unicodedata

REFUSED_CATEGORIES = frozenset(("Cc", "Cf", "Cs", "Co", "Cn", "Zl", "Zp"))
BLANK_LOOKING = frozenset("\u115f\u1160\u3164\uffa0\u2800\u17b4\u17b5")


def bad_char(ch: str, allow: str = "") -> bool:
    """True for a character refused in a name or a chat line (``allow``: characters let
    through all the same, e.g. the line feed of a chat line)."""
    if ch in allow:
        return False
    return ch in BLANK_LOOKING or unicodedata.category(ch) in REFUSED_CATEGORIES


_checker = threading.local()


def skeleton(text: str) -> str:
    """The TR39 skeleton of ``text`` (ICU's ``uspoof_getSkeleton``): default-ignorable
    characters (variation selectors, joiners...) removed, each character mapped to the
    prototype it can be confused with. Two texts that look alike have the same skeleton; the
    skeleton is for comparing only, never shown.

    >>> skeleton("Ad\\u0430\\ufe0f") == skeleton("Ada"), skeleton("m")
    (True, 'rn')
    """
    checker = getattr(_checker, "value", None)
    if checker is None:  # one per thread (the checker is not shared across threads)
        import icu

        checker = _checker.value = icu.SpoofChecker()
    return checker.getSkeleton(0, text)


def name_skeleton(name: str) -> str:
    """What two names must not share: the skeleton of the name folded to one case and
    width, folded again (``0`` and ``O``, ``I`` and ``l`` are one).

    >>> [name_skeleton(n) == name_skeleton("Ada") for n in
    ...  ["ADA", "\\uff21da", " Ada\\ufe0f", "A\\u034fda", "Ada\\U000e0100", "Ada\\u180b", "Ad\\u0430"]]
    [True, True, True, True, True, True, True]
    >>> name_skeleton("Vic355\\ufe00") == name_skeleton("vic355"), name_skeleton("Bob") == name_skeleton("Bo")
    (True, False)
    """
    folded = unicodedata.normalize("NFKC", name).casefold().strip()
    return unicodedata.normalize("NFKC", skeleton(folded)).casefold().strip()
