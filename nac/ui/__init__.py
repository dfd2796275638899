"""The Textual front end. It imports Textual; the core (`nac.core`) never does."""
