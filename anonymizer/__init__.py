"""The NLP core of the transcript anonymizer (no Django).

Nothing here may reach the network at run time: libraries that would fetch data on first
use (tldextract's public suffix list, Hugging Face hubs) are pointed at their offline
behaviour before they are imported. Explicit settings in the environment win.
"""
import os as _os

_os.environ.setdefault("TLDEXTRACT_PUBLIC_SUFFIX_LIST_URLS", "")  # bundled snapshot only
_os.environ.setdefault("HF_HUB_OFFLINE", "1")
_os.environ.setdefault("TRANSFORMERS_OFFLINE", "1")
# one thread for numpy's BLAS (spaCy's models multiply through it: anonymizer.lang.load_spacy): a pass is one
# process's work, parallel documents are parallel processes (``--jobs``), and BLAS threads spinning beside
# them cost CPU time for no document done sooner. Read when numpy is first imported.
_os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")

# the pass's modules' bytecode kept in its cache folder where Python writes none beside them (PYTHONDONTWRITEBYTECODE):
# first, so every later module of the package is read from it (anonymizer.lang.bytecode)
from anonymizer.lang import bytecode as _bytecode  # noqa: E402

_bytecode.install()

# Presidio's predefined recognizers (which the pass never runs) imported when first asked for, not with
# ``presidio_analyzer``: a third of a second of every process's start-up (anonymizer.lang.deferred).
from anonymizer.lang import deferred as _deferred  # noqa: E402

_deferred.install()
