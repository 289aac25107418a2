"""A corpus whitelist imported from and exported to a plain file (one term a line, ``anonymizer.batch.whitelist``).

Importing adds the file's terms that the whitelist lacks (in any capitals) and removes none, so it never
overturns a term an admin listed; it changes only the corpus setting (as the corpus form does), never a
document's mentions, and says how many terms it added. Exporting is the file ``manage.py anonymize
--whitelist`` reads.
"""
from __future__ import annotations

import logging

from django.db import transaction

from anonymizer.batch import whitelist as whitelist_file

from ..models import Corpus

log = logging.getLogger(__name__)


@transaction.atomic
def import_whitelist(corpus_id: int, data: bytes, name: str = "the file") -> tuple[str, ...]:
    """Add the terms of a whitelist file's ``data`` to the corpus whitelist; the terms added (raises
    ``whitelist_file.WhitelistFileError`` naming ``name`` for a file that is not one term a line of text)."""
    terms = whitelist_file.decode(data, name)
    corpus = Corpus.objects.select_for_update().get(pk=corpus_id)
    everything, added = whitelist_file.merged(corpus.whitelist(), terms)
    if added:
        corpus.whitelist_terms = "\n".join(everything)
        corpus.save(update_fields=["whitelist_terms"])
    log.info("corpus %s: %d whitelist term(s) imported, %d already listed", corpus.pk, len(added), len(terms) - len(added))
    return added


def export_whitelist(corpus: Corpus) -> str:
    """The corpus whitelist as a file's text, one term a line."""
    return whitelist_file.render(corpus.whitelist())
