"""The Textual front end: the app, its screens and widgets, and the glue between them and the
engines (`bindings`, `square_prompt`, `doors`, `messages`, `strips`). Textual lives here only;
what is shown without it is in `nac.present`."""
