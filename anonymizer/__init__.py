"""The NLP core of the transcript anonymizer (no Django).

Nothing here may reach the network at run time: libraries that would fetch data on first
use (tldextract's public suffix list, Hugging Face hubs) are pointed at their offline
behaviour before they are imported. Explicit settings in the environment win.
"""
import os as _os

_os.environ.setdefault("TLDEXTRACT_PUBLIC_SUFFIX_LIST_URLS", "")  # bundled snapshot only
_os.environ.setdefault("HF_HUB_OFFLINE", "1")
_os.environ.setdefault("TRANSFORMERS_OFFLINE", "1")
