"""One error type that every stage raises for bad input or an unavailable service.

The CLI prints its message as one line (`error: <message>`) and exits non-zero; the message names
the input and what is wrong, so no traceback is needed unless `--debug` is given."""


class RulingsError(Exception):
    """A user-facing failure: bad input, a missing file, a service that cannot be reached."""

    exit_code = 1

    def __init__(self, message: str, *, exit_code: int | None = None):
        # Keep the message on one line whatever the caller passed.
        super().__init__(" ".join(str(message).split()))
        if exit_code is not None:
            self.exit_code = exit_code


class InputError(RulingsError):
    """The input (a file, a record, an argument) is malformed."""

    exit_code = 2


class ServiceError(RulingsError):
    """A service (Neo4j, Node, the engine) is unavailable or refused the request."""

    exit_code = 3
