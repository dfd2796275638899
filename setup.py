"""Genius's Ultimate search compiled (nac/engine/ultimate/_ultimate.c), built where a C compiler
is found. `optional=True`: without one the install goes on, and the pure-Python search answers
instead (nac/engine/ultimate/fast.py chooses). Everything else is in pyproject.toml."""

from setuptools import Extension, setup

setup(
    ext_modules=[
        Extension(
            "nac.engine.ultimate._ultimate",
            sources=["nac/engine/ultimate/_ultimate.c"],
            optional=True,
        )
    ]
)
