"""Every answer of the JSON API in the suite, checked against the OpenAPI description the
API serves (scorekeeper/api/openapi.py): its status must be one the operation documents,
and its body must fit that status's schema. A field the server adds without describing
it, or a status it answers without documenting it, fails the test that made it."""

from __future__ import annotations

import json
import re

from jsonschema import Draft202012Validator
from jsonschema.exceptions import ValidationError
from referencing import Registry, Resource
from referencing.jsonschema import DRAFT202012

from scorekeeper.api.openapi import SPEC

BASE = "urn:hand-scorekeeper:openapi"
REGISTRY = Registry().with_resource(BASE, Resource(contents=SPEC, specification=DRAFT202012))
METHODS = {"get", "post", "put", "delete", "patch"}


def _pattern(template: str) -> re.Pattern[str]:
    return re.compile("^" + re.sub(r"\{[^}]+\}", "[^/]+", template) + "$")


PATHS = [(_pattern(template), template) for template in SPEC["paths"]]


def _pointer(*parts: str) -> str:
    return "#/" + "/".join(p.replace("~", "~0").replace("/", "~1") for p in parts)


def _resolve(answer: dict) -> tuple[dict, list[str]]:
    """A response object, following a $ref to components; and its JSON pointer."""
    if "$ref" in answer:
        parts = answer["$ref"].removeprefix("#/").split("/")
        target = SPEC
        for part in parts:
            target = target[part]
        return target, parts
    return answer, []


def _nearest(error: ValidationError) -> ValidationError:
    """For an answer that fits none of a oneOf's schemas (a game's state fits its own
    game's), the first error of the schema it came nearest to fitting: the fewest errors."""
    if not error.context:
        return error
    branches: dict[object, list[ValidationError]] = {}
    for sub in error.context:
        branches.setdefault(sub.relative_schema_path[0], []).append(sub)
    nearest = min(branches.values(), key=len)
    return _nearest(min(nearest, key=lambda e: list(e.path)))


class NotDescribed(AssertionError):
    """An API answer the OpenAPI description does not describe."""


def check(method: str, path: str, status: int, content_type: str, body: bytes) -> None:
    template = next((t for pattern, t in PATHS if pattern.match(path)), None)
    if template is None:
        return  # no such address: a 404 no description can list
    method = method.lower()
    operation = SPEC["paths"][template].get(method)
    if operation is None:
        if method in METHODS and status != 405:
            raise NotDescribed(f"{method.upper()} {path} answered {status}, not 405")
        return  # HEAD and OPTIONS are Flask's own
    answers = operation["responses"]
    if str(status) not in answers:
        raise NotDescribed(f"{method.upper()} {template} answered {status}, which its "
                           f"description does not list ({', '.join(answers)})")
    answer, where = _resolve(answers[str(status)])
    schema = (answer.get("content") or {}).get("application/json", {}).get("schema")
    if schema is None or not body:
        return
    assert content_type.startswith("application/json"), (path, status, content_type)
    pointer = (_pointer(*where, "content", "application/json", "schema") if where else
               _pointer("paths", template, method, "responses", str(status), "content",
                        "application/json", "schema"))
    validator = Draft202012Validator({"$ref": BASE + pointer}, registry=REGISTRY)
    errors = sorted(validator.iter_errors(json.loads(body)), key=lambda e: list(e.path))
    if errors:
        first = _nearest(errors[0])
        raise NotDescribed(f"{method.upper()} {template} {status}: {first.message} at "
                           f"{'/'.join(map(str, first.path)) or 'the top'}")
