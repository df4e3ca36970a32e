"""A deal is its game's own record: each game row names its game (``kind``), and each deal
keeps what only its game reports in one JSON column (``report``) instead of Hand's
columns on every deal and its hands in a table of their own

Revision ID: 5a9c2e7d4b18
Revises: 4e1f0c9a7b21
Create Date: 2026-12-07 19:30:00

"""
from alembic import op
import sqlalchemy as sa


# revision identifiers, used by Alembic.
revision = '5a9c2e7d4b18'
down_revision = '4e1f0c9a7b21'
branch_labels = None
depends_on = None

# Frozen here as the games stood when this was written: a later game or preset never
# changes what this step did.
KINDS = {**{p: 'hand' for p in ('levant', 'egypt', 'gulf', 'saudi', 'kuwait', 'hareeqa')},
         **{p: 'handfoot' for p in (
             'hand_and_foot', 'hand_and_foot_simpson', 'hand_and_foot_saskatchewan',
             'hand_knee_foot', 'hand_foot_toe', 'hand_and_foot_rising',
             'hand_and_foot_threes_against', 'hand_and_foot_canasta_threes')},
         'points': 'points'}
# Where each game's report fields stood: the deal row's column (Hand's ``hands`` were
# rows of deal_hands).
COLUMNS = {'hand': {f: f for f in ('outcome', 'winner', 'finish', 'bonuses', 'indicator',
                                   'first_melds', 'winner_hand', 'hands')},
           'handfoot': {'went_out': 'winner', 'sides': 'sides'},
           'points': {'points': 'sides'}}
# What a game that kept nothing in a column left there.
BLANK = {'outcome': 'scored', 'winner': None, 'finish': None, 'bonuses': [],
         'indicator': None, 'first_melds': [], 'winner_hand': None, 'sides': None}
HAND_FIELDS = ('position', 'melded', 'points', 'cards', 'mistake')

games = sa.table('games', sa.column('id', sa.String), sa.column('rules', sa.JSON),
                 sa.column('kind', sa.String))
deals = sa.table('deals', sa.column('id', sa.Integer), sa.column('game_id', sa.String),
                 sa.column('report', sa.JSON),
                 *(sa.column(c, sa.Integer if c == 'winner' else sa.String
                             if c in ('outcome', 'finish', 'indicator') else sa.JSON)
                   for c in BLANK))
deal_hands = sa.table('deal_hands', sa.column('deal_id', sa.Integer),
                      sa.column('position', sa.Integer), sa.column('melded', sa.Boolean),
                      sa.column('points', sa.Integer), sa.column('cards', sa.JSON),
                      sa.column('mistake', sa.Boolean))


def _old_deal_columns():
    return [sa.Column('outcome', sa.String(length=20), nullable=True),
            sa.Column('winner', sa.Integer(), nullable=True),
            sa.Column('finish', sa.String(length=10), nullable=True),
            sa.Column('bonuses', sa.JSON(), nullable=True),
            sa.Column('indicator', sa.String(length=3), nullable=True),
            sa.Column('first_melds', sa.JSON(), nullable=True),
            sa.Column('winner_hand', sa.JSON(), nullable=True),
            sa.Column('sides', sa.JSON(), nullable=True)]


def _kinds(bind):
    """Each game's kind, by id."""
    return {game_id: kind for game_id, kind in bind.execute(sa.select(games.c.id,
                                                                      games.c.kind))}


def upgrade():
    bind = op.get_bind()
    with op.batch_alter_table('games', schema=None) as batch_op:
        batch_op.add_column(sa.Column('kind', sa.String(length=20), nullable=True))
    for game_id, rules in bind.execute(sa.select(games.c.id, games.c.rules)).all():
        preset = rules.get('preset') if isinstance(rules, dict) else None
        bind.execute(games.update().where(games.c.id == game_id)
                     .values(kind=KINDS.get(preset, 'hand')))
    with op.batch_alter_table('games', schema=None) as batch_op:
        batch_op.alter_column('kind', existing_type=sa.String(length=20), nullable=False)

    with op.batch_alter_table('deals', schema=None) as batch_op:
        batch_op.add_column(sa.Column('report', sa.JSON(), nullable=True))
    hands = {}
    for row in bind.execute(sa.select(deal_hands).order_by(deal_hands.c.deal_id,
                                                           deal_hands.c.position)):
        hands.setdefault(row.deal_id, []).append({f: getattr(row, f) for f in HAND_FIELDS})
    kinds = _kinds(bind)
    for row in bind.execute(sa.select(deals)).all():
        old = {c: getattr(row, c) for c in BLANK} | {'hands': hands.get(row.id, [])}
        report = {field: old[column]
                  for field, column in COLUMNS[kinds[row.game_id]].items()}
        bind.execute(deals.update().where(deals.c.id == row.id).values(report=report))
    op.drop_table('deal_hands')
    with op.batch_alter_table('deals', schema=None) as batch_op:
        batch_op.alter_column('report', existing_type=sa.JSON(), nullable=False)
        for column in BLANK:
            batch_op.drop_column(column)


def downgrade():
    bind = op.get_bind()
    with op.batch_alter_table('deals', schema=None) as batch_op:
        for column in _old_deal_columns():
            batch_op.add_column(column)
    op.create_table('deal_hands',
                    sa.Column('deal_id', sa.Integer(), nullable=False),
                    sa.Column('position', sa.Integer(), nullable=False),
                    sa.Column('melded', sa.Boolean(), nullable=False),
                    sa.Column('points', sa.Integer(), nullable=True),
                    sa.Column('cards', sa.JSON(), nullable=True),
                    sa.Column('mistake', sa.Boolean(), nullable=False),
                    sa.ForeignKeyConstraint(['deal_id'], ['deals.id'], ondelete='CASCADE'),
                    sa.PrimaryKeyConstraint('deal_id', 'position'))
    kinds = _kinds(bind)
    for deal_id, game_id, report in bind.execute(
            sa.select(deals.c.id, deals.c.game_id, deals.c.report)).all():
        old = dict(BLANK)
        for field, column in COLUMNS[kinds[game_id]].items():
            old[column] = report[field]
        for hand in old.pop('hands', []):
            bind.execute(deal_hands.insert().values(deal_id=deal_id, **hand))
        bind.execute(deals.update().where(deals.c.id == deal_id).values(**old))
    with op.batch_alter_table('deals', schema=None) as batch_op:
        for column in ('outcome', 'bonuses', 'first_melds'):
            batch_op.alter_column(column, existing_type=sa.JSON() if column != 'outcome'
                                  else sa.String(length=20), nullable=False)
        batch_op.drop_column('report')
    with op.batch_alter_table('games', schema=None) as batch_op:
        batch_op.drop_column('kind')
