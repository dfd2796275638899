"""Genius's Ultimate search compiled (nac/engine/_ultimate.c), built where a C compiler is
found. `optional=True`: without one the install goes on, and the pure-Python search answers
instead (nac/engine/ultimate_fast.py chooses). Everything else is in pyproject.toml."""

from setuptools import Extension, setup

setup(
    ext_modules=[
        Extension("nac.engine._ultimate", sources=["nac/engine/_ultimate.c"], optional=True)
    ]
)
