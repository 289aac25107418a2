"""Presidio's predefined recognizers imported when something asks for them, not with ``presidio_analyzer``.

``import presidio_analyzer`` runs ``presidio_analyzer.predefined_recognizers``, which imports every
recognizer Presidio ships (about seventy, for a dozen countries) and builds their patterns: Presidio's
``Pattern`` compiles each to validate it, the URL recognizer's four patterns of every top-level domain
among them. That was 0.27-0.33 CPU s of every process's start-up, for recognizers the pass never runs
(it gives Presidio's engine its own registry, :mod:`anonymizer.detect`).

:func:`install` (run by ``anonymizer``'s ``__init__``, before anything imports Presidio) puts a finder
first on ``sys.meta_path`` for that one package. Its module starts empty and is filled by running the
package's own ``__init__`` the first time any name of it is asked for (``from
presidio_analyzer.predefined_recognizers import UrlRecognizer``, ``__all__``, ``dir()`` …), so what it holds
then is what it held before. The three names Presidio's own registry module imports at its import
(``SpacyRecognizer``, ``StanzaRecognizer``, ``TransformersRecognizer``) come from their subpackage
(``nlp_engine_recognizers``) without the rest.

Presidio finds a predefined recognizer by name among the subclasses of ``EntityRecognizer`` that are
imported (``RecognizerListLoader.get_all_existing_recognizers``: ``AnalyzerEngine()`` with its default
registry, ``load_predefined_recognizers``, a YAML configuration): that method is wrapped to fill the
package first, so Presidio's defaults load every recognizer as before.

Nothing is deferred when Presidio was imported before ``anonymizer``, or when the package or the method
are not where this version of Presidio (``pyproject.toml`` pins it) keeps them: then the package is
imported whole at once, as without this module.
"""
from __future__ import annotations

import importlib
import importlib.abc
import importlib.machinery
import sys
import threading

PACKAGE = "presidio_analyzer.predefined_recognizers"
#: the module whose recognizer lookup needs the whole package
LOADER_UTILS = "presidio_analyzer.recognizer_registry.recognizers_loader_utils"
#: names Presidio's registry imports from the package at its own import, and the subpackage holding them
NLP_ENGINE_NAMES = frozenset({"SpacyRecognizer", "StanzaRecognizer", "TransformersRecognizer"})
NLP_ENGINE_PACKAGE = PACKAGE + ".nlp_engine_recognizers"

_lock = threading.RLock()


def install() -> None:
    """Defer the predefined recognizers (idempotent; nothing when Presidio is already imported)."""
    if "presidio_analyzer" in sys.modules or any(isinstance(f, _Finder) for f in sys.meta_path):
        return
    sys.meta_path.insert(0, _Finder())


def load_all() -> None:
    """Import the whole predefined package now (a no-op when it is already whole)."""
    module = sys.modules.get(PACKAGE)
    if module is None:
        importlib.import_module(PACKAGE)
        module = sys.modules[PACKAGE]
    fill = getattr(module, "_anonymizer_fill", None)
    if fill is not None:
        fill()


class _Finder(importlib.abc.MetaPathFinder):
    def find_spec(self, fullname, path=None, target=None):
        if fullname not in (PACKAGE, LOADER_UTILS):
            return None
        spec = importlib.machinery.PathFinder.find_spec(fullname, path)
        if spec is None or not isinstance(spec.loader, importlib.abc.Loader) or not hasattr(spec.loader, "exec_module"):
            return spec
        if fullname == PACKAGE and not spec.submodule_search_locations:
            return spec  # not a package here: imported as it is
        spec.loader = (_DeferredPackage if fullname == PACKAGE else _WrappedLookup)(spec.loader)
        return spec


class _Wrapping(importlib.abc.Loader):
    """A loader around Presidio's own: it creates the module as that one does; subclasses run it their way."""

    def __init__(self, real) -> None:
        self.real = real

    def create_module(self, spec):
        return self.real.create_module(spec)


class _DeferredPackage(_Wrapping):
    """The package's module, its ``__init__`` run when a name of it is first asked for."""

    def exec_module(self, module) -> None:
        real, filled = self.real, []

        def fill() -> None:
            with _lock:
                if filled:
                    return
                filled.append(True)
                for name in ("__getattr__", "__dir__", "_anonymizer_fill"):
                    module.__dict__.pop(name, None)
                real.exec_module(module)

        def __getattr__(name: str):
            if not filled and name in NLP_ENGINE_NAMES:
                return getattr(importlib.import_module(NLP_ENGINE_PACKAGE), name)
            if name.startswith("__") and name.endswith("__") and name not in ("__all__",):
                raise AttributeError(name)  # the import system's own probes (``__path__`` is set already)
            fill()
            try:
                return module.__dict__[name]
            except KeyError:
                raise AttributeError(f"module {PACKAGE!r} has no attribute {name!r}") from None

        def __dir__():
            fill()
            return sorted(module.__dict__)

        module.__getattr__, module.__dir__, module._anonymizer_fill = __getattr__, __dir__, fill


class _WrappedLookup(_Wrapping):
    """Presidio's loader utilities, their lookup of recognizer classes filling the package first."""

    def exec_module(self, module) -> None:
        self.real.exec_module(module)
        owner = getattr(module, "RecognizerListLoader", None)
        lookup = getattr(owner, "get_all_existing_recognizers", None) if owner is not None else None
        if lookup is None:  # another Presidio: no way to know when it looks for them, so load them now
            load_all()
            return

        def get_all_existing_recognizers(*args, **kwargs):
            load_all()
            return lookup(*args, **kwargs)

        get_all_existing_recognizers.__doc__ = lookup.__doc__
        owner.get_all_existing_recognizers = staticmethod(get_all_existing_recognizers)
