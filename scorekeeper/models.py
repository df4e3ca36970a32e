"""Database models.

None yet: the games models (games, players, deals) arrive with the scoring issue.
Importing ``db`` here gives Flask-Migrate its metadata, and the app factory imports
this module so that models defined later are always registered.
"""

from .extensions import db

__all__ = ["db"]
