"""Rating moves: how each member's rating moved in each finished group game; the groups'
games played so far rated in the order they ended

Revision ID: 7bd4cdb0e4a3
Revises: 28ca3f836cd1
Create Date: 2026-11-29 09:33:15.758441

"""
from alembic import op
import sqlalchemy as sa

from scorekeeper.league.engine import Place
from scorekeeper.league.engine.rating import replay
from scorekeeper.league.engine.standings import Played


# revision identifiers, used by Alembic.
revision = '7bd4cdb0e4a3'
down_revision = '28ca3f836cd1'
branch_labels = None
depends_on = None


def upgrade():
    moves = op.create_table('rating_moves',
    sa.Column('game_id', sa.String(length=32), nullable=False),
    sa.Column('member_id', sa.Integer(), nullable=False),
    sa.Column('group_id', sa.String(length=32), nullable=False),
    sa.Column('kind', sa.String(length=20), nullable=False),
    sa.Column('played_at', sa.DateTime(timezone=True), nullable=False),
    sa.Column('mu_before', sa.Double(), nullable=False),
    sa.Column('sigma_before', sa.Double(), nullable=False),
    sa.Column('shown_before', sa.Integer(), nullable=False),
    sa.Column('mu', sa.Double(), nullable=False),
    sa.Column('sigma', sa.Double(), nullable=False),
    sa.Column('shown', sa.Integer(), nullable=False),
    sa.Column('games', sa.Integer(), nullable=False),
    sa.Column('chance', sa.Double(), nullable=False),
    sa.Column('won', sa.Boolean(), nullable=False),
    sa.ForeignKeyConstraint(['game_id'], ['games.id'], ondelete='CASCADE'),
    sa.ForeignKeyConstraint(['group_id'], ['groups.id'], ondelete='CASCADE'),
    sa.ForeignKeyConstraint(['member_id'], ['members.id'], ondelete='CASCADE'),
    sa.PrimaryKeyConstraint('game_id', 'member_id')
    )
    with op.batch_alter_table('rating_moves', schema=None) as batch_op:
        batch_op.create_index('ix_rating_moves_order', ['group_id', 'kind', 'played_at', 'game_id'], unique=False)

    # The ratings are derived from the results kept so far, as every later change keeps
    # them (scorekeeper/league/ratings.py): each group's games of each kind, in the order they
    # ended, rated from scratch.
    results = sa.table('game_results', sa.column('game_id', sa.String), sa.column('group_id', sa.String),
                       sa.column('kind', sa.String), sa.column('finished', sa.Boolean),
                       sa.column('played_at', sa.DateTime(timezone=True)), sa.column('places', sa.JSON))
    bind = op.get_bind()
    seasons = {}
    for game_id, group_id, kind, at, places in bind.execute(
            sa.select(results.c.game_id, results.c.group_id, results.c.kind, results.c.played_at,
                      results.c.places)
            .where(results.c.finished.is_(True))
            .order_by(results.c.played_at, results.c.game_id)):
        seasons.setdefault((group_id, kind), []).append(
            Played(game_id, at, tuple(Place.from_json(p) for p in places)))
    for (group_id, kind), season in seasons.items():
        rows = [{"game_id": one.game.game_id, "member_id": m.member, "group_id": group_id,
                 "kind": kind, "played_at": one.game.at, "mu_before": m.before.mu,
                 "sigma_before": m.before.sigma, "shown_before": m.before.shown, "mu": m.after.mu,
                 "sigma": m.after.sigma, "shown": m.after.shown, "games": m.after.games,
                 "chance": m.chance, "won": m.won}
                for one in replay(season)[1] for m in one.moves]
        if rows:
            op.bulk_insert(moves, rows)


def downgrade():
    with op.batch_alter_table('rating_moves', schema=None) as batch_op:
        batch_op.drop_index('ix_rating_moves_order')

    op.drop_table('rating_moves')
