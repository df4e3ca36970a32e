"""Points deals kept by seat: each deal's points of a points sheet keyed by the seat (or
a side's seats) instead of the name the table gave, so a member renamed or merged in the
group reads under the new name

Revision ID: 4e1f0c9a7b21
Revises: dd2d6161b37c
Create Date: 2026-12-06 23:55:00

"""
from alembic import op
import sqlalchemy as sa


# revision identifiers, used by Alembic.
revision = '4e1f0c9a7b21'
down_revision = 'dd2d6161b37c'
branch_labels = None
depends_on = None

games = sa.table('games', sa.column('id', sa.String), sa.column('rules', sa.JSON))
seats = sa.table('seats', sa.column('game_id', sa.String), sa.column('position', sa.Integer),
                 sa.column('name', sa.String))
deals = sa.table('deals', sa.column('id', sa.Integer), sa.column('game_id', sa.String),
                 sa.column('sides', sa.JSON))


def _seated(name, players):
    # As scorekeeper/games/points/store.py writes it; a name no seat holds (a game
    # renamed before this, whose row no longer reads) is left as it is.
    if not isinstance(name, str):
        return name
    if name in players:
        return players.index(name)
    side = name.split(" & ")
    if all(p in players for p in side):
        return [players.index(p) for p in side]
    return name


def _rewrite(key):
    """Each points sheet's deals with each side's key passed through *key*(key, players)."""
    bind = op.get_bind()
    points = [game_id for game_id, rules in bind.execute(sa.select(games.c.id, games.c.rules))
              if isinstance(rules, dict) and rules.get("preset") == "points"]
    for game_id in points:
        players = [name for (name,) in bind.execute(
            sa.select(seats.c.name).where(seats.c.game_id == game_id)
            .order_by(seats.c.position))]
        for deal_id, sides in bind.execute(sa.select(deals.c.id, deals.c.sides)
                                           .where(deals.c.game_id == game_id)):
            if not isinstance(sides, list):
                continue
            kept = [[key(pair[0], players), *pair[1:]] if isinstance(pair, list) and pair
                    else pair for pair in sides]
            if kept != sides:
                bind.execute(deals.update().where(deals.c.id == deal_id).values(sides=kept))


def upgrade():
    _rewrite(_seated)


def downgrade():
    _rewrite(_named)


def _named(key, players):
    if isinstance(key, int) and 0 <= key < len(players):
        return players[key]
    if isinstance(key, list):
        return " & ".join(players[i] for i in key)
    return key
