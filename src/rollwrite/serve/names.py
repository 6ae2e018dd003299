"""Players' names on the desk's leaderboards: how a name is read, what it may hold, and when two names are
the same name.

A name is read in Unicode's compatibility form (NFKC: a full-width ``Ａ`` is ``A``, a ``ﬁ`` ligature is
``fi``, ``René`` typed with a combining accent is the ``René`` typed with ``é``), its runs of spaces made one.
It holds letters of a single script, as Unicode's security mechanisms (UTS #39) define a single-script
string: each letter's scripts are its Script_Extensions, and one script must hold every letter, Han going
with Hiragana and Katakana (Japanese), with Hangul (Korean) or with Bopomofo; so ``Bob`` and ``Боб`` are
names, and ``Вob`` (a Cyrillic ``В`` before a Latin ``ob``), which looks like ``Bob``, is not.  Beside the
letters and their marks: the digits 0-9, spaces, and ``. ' - _``.  Two names are the same name when they
are equal after case folding (``ALICE   smith`` is ``Alice Smith``).
"""

from __future__ import annotations

import unicodedata
from functools import lru_cache

import regex  # type: ignore[import-untyped]

MAX_NAME = 40
OTHERS = frozenset("0123456789 .'-_")
RULE = (f"a name is 1 to {MAX_NAME} characters: letters of one script (Latin, Cyrillic, Greek, Arabic... "
        "Japanese or Korean letters may go with Han), the digits 0-9, spaces and . ' - _")

#: every Unicode script but Common and Inherited (the scripts a letter can belong to)
SCRIPTS = (
    "Adlam", "Ahom", "Anatolian_hieroglyphs", "Arabic", "Armenian", "Avestan", "Balinese", "Bamum",
    "Bassa_vah", "Batak", "Bengali", "Bhaiksuki", "Bopomofo", "Brahmi", "Braille", "Buginese", "Buhid",
    "Canadian_aboriginal", "Carian", "Caucasian_albanian", "Chakma", "Cham", "Cherokee", "Chorasmian",
    "Coptic", "Cuneiform", "Cypriot", "Cypro_minoan", "Cyrillic", "Deseret", "Devanagari", "Dives_akuru",
    "Dogra", "Duployan", "Egyptian_hieroglyphs", "Elbasan", "Elymaic", "Ethiopic", "Garay", "Georgian",
    "Glagolitic", "Gothic", "Grantha", "Greek", "Gujarati", "Gunjala_gondi", "Gurmukhi", "Han", "Hangul",
    "Hanifi_rohingya", "Hanunoo", "Hatran", "Hebrew", "Hiragana", "Imperial_aramaic", "Inscriptional_pahlavi",
    "Inscriptional_parthian", "Javanese", "Kaithi", "Kannada", "Katakana", "Kawi", "Kayah_li", "Kharoshthi",
    "Khitan_small_script", "Khmer", "Khojki", "Khudawadi", "Lao", "Latin", "Lepcha", "Limbu", "Linear_a",
    "Linear_b", "Lisu", "Lycian", "Lydian", "Mahajani", "Makasar", "Malayalam", "Mandaic", "Manichaean",
    "Marchen", "Masaram_gondi", "Medefaidrin", "Meetei_mayek", "Mende_kikakui", "Meroitic_cursive",
    "Meroitic_hieroglyphs", "Miao", "Modi", "Mongolian", "Mro", "Multani", "Myanmar", "Nabataean",
    "Nag_Mundari", "Nandinagari", "New_tai_lue", "Newa", "Nko", "Nushu", "Nyiakeng_puachue_hmong", "Ogham",
    "Ol_chiki", "Old_hungarian", "Old_italic", "Old_north_arabian", "Old_permic", "Old_persian", "Old_sogdian",
    "Old_south_arabian", "Old_turkic", "Old_uyghur", "Oriya", "Osage", "Osmanya", "Pahawh_hmong", "Palmyrene",
    "Pau_cin_hau", "Phags_pa", "Phoenician", "Psalter_pahlavi", "Rejang", "Runic", "Samaritan", "Saurashtra",
    "Sharada", "Shavian", "Siddham", "SignWriting", "Sinhala", "Sogdian", "Sora_sompeng", "Soyombo",
    "Sundanese", "Sunuwar", "Syloti_nagri", "Syriac", "Tagalog", "Tagbanwa", "Tai_le", "Tai_tham", "Tai_viet",
    "Takri", "Tamil", "Tangsa", "Tangut", "Telugu", "Thaana", "Thai", "Tibetan", "Tifinagh", "Tirhuta",
    "Todhri", "Toto", "Ugaritic", "Vai", "Vithkuqi", "Wancho", "Warang_citi", "Yezidi", "Yi",
    "Zanabazar_square",
)
#: the scripts Han goes with (UTS #39: Jpan, Kore, Hanb)
_WITH_HAN = {"Hiragana": "Japanese", "Katakana": "Japanese", "Hangul": "Korean", "Bopomofo": "Han with Bopomofo"}
_HAN = frozenset({"Han", "Japanese", "Korean", "Han with Bopomofo"})


class BadName(ValueError):
    """A name the desk does not take; the message says why and states the rule."""


@lru_cache(maxsize=1)
def _patterns() -> tuple[tuple[str, regex.Pattern], ...]:
    return tuple((s, regex.compile(r"\p{Script_Extensions=%s}" % s)) for s in SCRIPTS)


@lru_cache(maxsize=4096)
def scripts_of(char: str) -> frozenset[str]:
    """The scripts a letter or mark may be written in (empty for Common and Inherited ones: any script),
    with Han and its companions read as the writing systems they make together."""
    found: set[str] = set()
    for script, pattern in _patterns():
        if pattern.match(char):
            found |= _HAN if script == "Han" else {script, _WITH_HAN[script]} if script in _WITH_HAN else {script}
    return frozenset(found)


def _shown(script: str) -> str:
    return script.replace("_", " ")


def normal(name: str) -> str:
    """The name as the desk keeps and shows it: NFKC, runs of spaces made one, none at the ends."""
    return " ".join(unicodedata.normalize("NFKC", name).split())


def key(name: str) -> str:
    """What two names are compared by: the normal name case-folded (and NFKC again, as case folding may
    undo it)."""
    return unicodedata.normalize("NFKC", normal(name).casefold())


def check(name: str) -> str:
    """The name as kept (see :func:`normal`); BadName when it breaks the rule, the message saying where."""
    kept = normal(name)
    if not kept:
        raise BadName(f"give a name: {RULE}")
    if len(kept) > MAX_NAME:
        raise BadName(f"the name is {len(kept)} characters long: {RULE}")
    common: frozenset[str] | None = None
    first = ""
    for char in kept:
        if char in OTHERS:
            continue
        category = unicodedata.category(char)
        if category[0] not in "LM":
            what = unicodedata.name(char, f"U+{ord(char):04X}").lower()
            raise BadName(f"a name cannot hold {char!r} ({what}): {RULE}" if char.isprintable()
                             else f"a name cannot hold the character U+{ord(char):04X}: {RULE}")
        mine = scripts_of(char)
        if not mine:  # Common or Inherited: goes with any script
            continue
        if common is not None and not common & mine:
            was = ", ".join(sorted(_shown(s) for s in common if s not in _WITH_HAN.values()) or sorted(common))
            now = ", ".join(sorted(_shown(s) for s in mine if s not in _WITH_HAN.values()) or sorted(mine))
            raise BadName(f"the name mixes scripts: {first!r} is {was} and {char!r} is {now} "
                             f"(letters that look alike across scripts would let one name pass for another): {RULE}")
        common = mine if common is None else common & mine
        first = first or char
    return kept
