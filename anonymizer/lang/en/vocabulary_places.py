"""The words of streets and places: a street's suffixes (``Main Street``, ``Oleander Way``), the head word a Spanish street
name opens with (``Calle Zaragoza``, ``Avenida Hidalgo``) and the last word of a shopping centre that has its own
house numbers (``796 Northridge Mall``). Split off so that ``vocabulary.py`` stays under 400 lines, which
re-exports them (read them from there); imports nothing.
"""
from __future__ import annotations

#: street suffixes that make an address on their own (``Main Street``), lower case: the words, then with their abbreviations
STRONG_STREET_WORDS = ("street", "avenue", "boulevard", "road", "drive", "lane", "highway", "freeway", "parkway")
STRONG_STREET_SUFFIXES = (*STRONG_STREET_WORDS, "st", "ave", "blvd", "rd", "hwy", "pkwy")
#: street suffixes that are also ordinary words (``way``, ``court``), lower case
WEAK_STREET_SUFFIXES = ("way", "court", "place", "circle", "terrace", "trail", "plaza", "ct", "pl", "dr", "ln", "cir")
#: street suffixes as written in addresses, with and without their dot
STREET_SUFFIXES = (
    "Street", "St.", "St", "Avenue", "Ave.", "Ave", "Boulevard", "Blvd.", "Blvd", "Road", "Rd.", "Rd", "Drive",
    "Dr.", "Lane", "Ln.", "Way", "Court", "Ct.", "Place", "Pl.", "Circle", "Highway", "Hwy", "Parkway", "Pkwy",
    "Terrace", "Trail", "Plaza", "Square", "Alley", "Loop", "Row", "Expressway", "Freeway",
)  # fmt: skip
#: the first word of a street named in Spanish, in Mexico and in California alike (``18 Calle Cebu``, ``Avenida
#: Hidalgo número 1207``, ``Camino del Rio``): a street's word as a suffix is in English
SPANISH_STREET_HEADS = ("Calle", "Avenida", "Camino", "Calzada", "Callejón", "Callejon", "Privada", "Cerrada", "Paseo",
                        "Andador", "Circuito", "Prolongación", "Prolongacion")
#: the last word of a shopping centre addressed with a house number of its own (``796 Northridge Mall``)
SHOPPING_CENTER_HEADS = ("Mall", "Galleria", "Shopping Center", "Shopping Centre")
#: a place's or a church's first word abbreviated (``St. Lawrence County``, ``Mt. Vernon``, ``Ft. Bragg``): before a
#: name it opens that name, never a person's name alone
SAINT_ABBREVIATIONS = ("St.", "St", "Ste.", "Mt.", "Mt", "Ft.")
