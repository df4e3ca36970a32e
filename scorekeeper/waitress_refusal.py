"""A body too large for waitress, answered by the app. ``make run`` serves the app with
waitress, which refuses a body over 1 MiB (the Makefile's ``WAITRESS_LIMITS``) from its
declared length, before reading it, so that one client cannot fill the server's disk or
memory. It answered that refusal with a plain-text page of its own, where the API promises
a JSON ``error`` (docs/api.md, "Limits").

Waitress makes every refusal of its own with its channel's ``error_task_class``. Here a
body too large is handed to the app instead, marked refused and with nothing of the body:
the app answers 413 before anything else (``scorekeeper._bounded_body``), as it answers
a body over its own 64 KiB — JSON under /api/v1, a page in the reader's language
elsewhere, with the headers every answer carries. Waitress's other refusals (a malformed
request line or header) stay its own."""

from __future__ import annotations

from io import BytesIO
from typing import Any

from waitress.channel import HTTPChannel
from waitress.task import ErrorTask, WSGITask
from waitress.utilities import RequestEntityTooLarge

from .statuses import BODY_REFUSED


class TooLargeTask(WSGITask):
    """The app's answer to a request whose body waitress refused for its size."""

    # Any: a WSGI environ holds values of any type (the input stream, flags, text)
    def get_environment(self) -> dict[str, Any]:
        environ: dict[str, Any] = super().get_environment()  # Any: as above
        environ[BODY_REFUSED] = True
        # Nothing of the body reaches the app; should anything try to read it, its length
        # is over the app's limit too (a chunked body declared none: what waitress counted
        # of it reached waitress's limit).
        environ["wsgi.input"] = BytesIO()
        environ["CONTENT_LENGTH"] = str(max(self.request.content_length,
                                            self.channel.adj.max_request_body_size))
        return environ

    def execute(self) -> None:
        # The rest of the body may still be on its way, and is never read: the connection
        # closes after the answer, as after waitress's own refusal.
        self.set_close_on_finish()
        super().execute()


def _task(channel: HTTPChannel, request: Any) -> Any:
    if isinstance(request.error, RequestEntityTooLarge):
        return TooLargeTask(channel, request)
    return ErrorTask(channel, request)


def answer_in_app() -> None:
    """Have every waitress server of this process hand a body too large to the app."""
    HTTPChannel.error_task_class = staticmethod(_task)
