"""Flask extensions, created unbound here and bound to an app in ``create_app``.

Keeping them module-level (and app-free) lets blueprints and models import them
without importing the application, as in flaskr and microblog.
"""

from flask_babel import Babel
from flask_htmx import HTMX
from flask_migrate import Migrate
from flask_sqlalchemy import SQLAlchemy
from flask_wtf.csrf import CSRFProtect

# Objects stay loaded after a commit: a view that records a deal shows the new sheet from
# what it already holds instead of reading the whole game again.
db = SQLAlchemy(session_options={"expire_on_commit": False})
migrate = Migrate()
babel = Babel()
htmx = HTMX()
# Every form post needs its CSRF token. The JSON API is exempt: it trusts no cookie, and
# takes only JSON bodies, which another site's page cannot send without the browser asking
# first (scorekeeper.web.security).
csrf = CSRFProtect()
