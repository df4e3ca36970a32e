"""Flask extensions, created unbound here and bound to an app in ``create_app``.

Keeping them module-level (and app-free) lets blueprints and models import them
without importing the application, as in flaskr and microblog.
"""

from flask_babel import Babel
from flask_htmx import HTMX
from flask_migrate import Migrate
from flask_sqlalchemy import SQLAlchemy

db = SQLAlchemy()
migrate = Migrate()
babel = Babel()
htmx = HTMX()
