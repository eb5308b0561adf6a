"""Characters refused in the names and chat lines people type (issue 11, issue 29 L5): what
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
"""

from __future__ import annotations

import unicodedata

REFUSED_CATEGORIES = frozenset(("Cc", "Cf", "Cs", "Co", "Cn", "Zl", "Zp"))
BLANK_LOOKING = frozenset("\u115f\u1160\u3164\uffa0\u2800\u17b4\u17b5")


def bad_char(ch: str, allow: str = "") -> bool:
    """True for a character refused in a name or a chat line (``allow``: characters let
    through all the same, e.g. the line feed of a chat line)."""
    if ch in allow:
        return False
    return ch in BLANK_LOOKING or unicodedata.category(ch) in REFUSED_CATEGORIES
