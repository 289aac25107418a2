"""Words of courts and companies that judgments name: the kinds of Europe's lower courts, a
company's legal form. Split off so that ``vocabulary.py`` stays under 400 lines; imports nothing.
"""
from __future__ import annotations

#: the kind of a court that judgments name with its town (``Brandenburg Regional Labour Court``,
#: ``District Court in Wodzisław Śląski``): Europe's lower courts, none of a Californian court's words
#: (``Kern County Superior Court`` is a county and a generic court there)
COURT_KINDS = ("Labour", "Labor", "Social", "Regional", "District", "Administrative", "Civil", "Criminal", "Assize",
               "Commercial", "Provincial", "Military")
#: a company's legal form after its name (``Robert Bosch GmbH``, ``MotoMeter AG``, ``Ilirija d.o.o.``); not
#: the two letters that are something else in a hearing too (``SA``, ``AB``, ``AS``)
LEGAL_FORMS = ("GmbH", "AG", "S.A.", "Ltd", "Ltd.", "plc", "PLC", "S.p.A.", "SpA", "d.o.o.", "Sp. z o.o.", "N.V.",
               "B.V.", "S.r.l.", "SARL", "S.A.R.L.", "A.Ş.", "s.r.o.", "Kft.", "Zrt.", "A/S", "KG", "OHG")
