"""Words of courts that judgments name: the kinds of Europe's lower courts. Split off so that ``vocabulary.py`` stays under 400 lines; imports nothing.
"""
from __future__ import annotations

#: the kind of a court that judgments name with its town (``Brandenburg Regional Labour Court``,
#: ``District Court in Wodzisław Śląski``): Europe's lower courts, none of a Californian court's words
#: (``Kern County Superior Court`` is a county and a generic court there)
COURT_KINDS = ("Labour", "Labor", "Social", "Regional", "District", "Administrative", "Civil", "Criminal", "Assize",
               "Commercial", "Provincial", "Military")
