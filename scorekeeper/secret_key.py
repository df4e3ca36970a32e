"""The key that signs the session cookie (which games this device unlocked with their PIN)
and the forms' CSRF tokens: ``SECRET_KEY`` from the environment, or one generated on the
first start and kept in ``instance/secret_key``, readable by the app's user only.

Keeping it in a file rather than making a new one at each start means a restart neither
logs every phone out of its unlocked games nor turns every open form into an expired one.
"""

from __future__ import annotations

import os
import secrets
from pathlib import Path

FILE = "secret_key"
# 256 bits, as hex; anything much shorter in the file means it was cut short or tampered.
BYTES = 32
SHORTEST = 32


def kept_secret(instance_path: str | os.PathLike[str]) -> str:
    """The key in ``instance/secret_key``, made (mode 0600) if there is none yet."""
    path = Path(instance_path) / FILE
    if not path.exists():
        _create(path)
    key = path.read_text(encoding="ascii").strip()
    if len(key) < SHORTEST:
        raise RuntimeError(f"{path} holds no usable key; delete it to have a new one made "
                           "(phones will need their table PINs again).")
    return key


def _create(path: Path) -> None:
    # Written whole under a temporary name, then linked into place: two processes starting
    # at once never read a half-written key, and the loser of the race keeps the winner's.
    temporary = path.with_name(f".{FILE}.{os.getpid()}.{secrets.token_hex(4)}")
    descriptor = os.open(temporary, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
    try:
        with os.fdopen(descriptor, "w", encoding="ascii") as out:
            out.write(secrets.token_hex(BYTES) + "\n")
        os.link(temporary, path)
    except FileExistsError:
        pass
    finally:
        temporary.unlink(missing_ok=True)
