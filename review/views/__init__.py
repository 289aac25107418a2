"""Thin typed function views: parse the request, call a service, render a page or a partial.

==================  =====================================================================
``documents``       the document list, upload, retry, re-run the automatic pass
``review_screen``   the review page and its read-only partials (inspector, preview, tags)
``screen``          the review screen's query cache (:class:`~.screen.Screen`)
``inspector``       what panel B's inspector shows (mention, entity, add, find)
``actions``         review actions (htmx out-of-band swaps or plain-form redirects)
``team``            corpora, assignment, take next, dashboard
``exports``         corpus exports (admins)
``common``          shared helpers and the page context (constants for templates)
==================  =====================================================================

This package is the only part of ``review`` that imports :mod:`review.rendering`.
"""
