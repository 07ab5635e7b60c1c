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


# errno values that say the disk refused a write (full, over quota, read-only, file too large).
_WRITE_ERRNOS = {28, 122, 30, 27}  # ENOSPC, EDQUOT, EROFS, EFBIG


def write_failed(path, exc: OSError) -> "RulingsError | OSError":
    """A write the disk refused, as one line naming the file: 'out.jsonl: cannot write: No space left
    on device'. Other OSErrors are returned unchanged (for the caller to re-raise)."""
    if exc.errno not in _WRITE_ERRNOS:
        return exc
    return StorageError(f"{path}: cannot write: {exc.strerror} (free space or choose another place, then run again)")


class ServiceError(RulingsError):
    """A service (Neo4j, Node, the engine) is unavailable or refused the request."""

    exit_code = 3


class StorageError(RulingsError):
    """The disk refused a write (full, over quota, read-only)."""

    exit_code = 4
