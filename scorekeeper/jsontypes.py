"""JSON as shared code types it. A value read back (a request's body, a backup's file, a
JSON column) or written (an answer, a piece of the OpenAPI description) is
:data:`JSONValue`; an object the app builds to answer with is :data:`JSONObject`. Lists and
objects inside a value are typed as read-only views, so that a ``list[str]`` or a
``dict[str, int]`` already is JSON without a copy. A body not yet checked is
:data:`Unchecked`: its fields are ``object`` until a reader has looked at them."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TypeAlias

JSONValue: TypeAlias = (
    "str | int | float | bool | None | Sequence[JSONValue] | Mapping[str, JSONValue]")
#: A JSON object the app builds (an answer, a schema), free to add fields to.
JSONObject: TypeAlias = dict[str, JSONValue]
#: A JSON object as a client (or a file) sent it, before its fields are checked.
Unchecked: TypeAlias = dict[str, object]
