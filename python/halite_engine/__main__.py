"""``python -m halite_engine``: what the package offers."""

from . import __doc__ as doc

print(doc)
