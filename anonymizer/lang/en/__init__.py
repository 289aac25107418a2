"""The English language pack (US parole-hearing transcripts): see :mod:`anonymizer.lang.en.pack`.

Its modules: the word lists (``vocabulary*``) and the only reader of ``data/``, the domain lexicon,
plain English words (``plain``), gazetteers and census names, truecasing, the words a rendered
date keeps (``dates``), the US transcript's speaker-tag grammar (``transcript``), the grammar of
public bodies and judgments (``public_body``, ``judgment_text``) and the rule recognizers
(``recognizers/``). Importing this package imports none of them.
"""
