"""Nights of several tables: their rounds and history; a game's night; tries at a night's PIN

Revision ID: 28ca3f836cd1
Revises: eed941a8bc2e
Create Date: 2026-11-29 07:07:52.773769

"""
from alembic import op
import sqlalchemy as sa


# revision identifiers, used by Alembic.
revision = '28ca3f836cd1'
down_revision = 'eed941a8bc2e'
branch_labels = None
depends_on = None


def upgrade():
    op.create_table('nights',
    sa.Column('id', sa.String(length=32), nullable=False),
    sa.Column('name', sa.String(length=60), nullable=False),
    sa.Column('created_at', sa.DateTime(timezone=True), nullable=False),
    sa.Column('updated_at', sa.DateTime(timezone=True), nullable=False),
    sa.Column('rules', sa.JSON(), nullable=False),
    sa.Column('format', sa.String(length=20), nullable=False),
    sa.Column('table_size', sa.Integer(), nullable=False),
    sa.Column('rounds', sa.Integer(), nullable=False),
    sa.Column('sit_out', sa.String(length=10), nullable=False),
    sa.Column('minutes', sa.Integer(), nullable=True),
    sa.Column('seed', sa.Integer(), nullable=False),
    sa.Column('players', sa.JSON(), nullable=False),
    sa.Column('pairs', sa.JSON(), nullable=True),
    sa.Column('pin_hash', sa.String(length=200), nullable=True),
    sa.Column('view_id', sa.String(length=32), nullable=False),
    sa.Column('group_id', sa.String(length=32), nullable=True),
    sa.ForeignKeyConstraint(['group_id'], ['groups.id'], name='fk_nights_group_id_groups', ondelete='SET NULL'),
    sa.PrimaryKeyConstraint('id'),
    sa.UniqueConstraint('view_id', name='uq_nights_view_id')
    )
    with op.batch_alter_table('nights', schema=None) as batch_op:
        batch_op.create_index(batch_op.f('ix_nights_group_id'), ['group_id'], unique=False)

    op.create_table('night_changes',
    sa.Column('id', sa.Integer(), nullable=False),
    sa.Column('night_id', sa.String(length=32), nullable=False),
    sa.Column('at', sa.DateTime(timezone=True), nullable=False),
    sa.Column('action', sa.String(length=20), nullable=False),
    sa.Column('detail', sa.JSON(), nullable=False),
    sa.ForeignKeyConstraint(['night_id'], ['nights.id'], ondelete='CASCADE'),
    sa.PrimaryKeyConstraint('id')
    )
    with op.batch_alter_table('night_changes', schema=None) as batch_op:
        batch_op.create_index(batch_op.f('ix_night_changes_night_id'), ['night_id'], unique=False)

    op.create_table('night_rounds',
    sa.Column('night_id', sa.String(length=32), nullable=False),
    sa.Column('number', sa.Integer(), nullable=False),
    sa.Column('seating', sa.JSON(), nullable=False),
    sa.Column('games', sa.JSON(), nullable=False),
    sa.Column('started_at', sa.DateTime(timezone=True), nullable=False),
    sa.ForeignKeyConstraint(['night_id'], ['nights.id'], ondelete='CASCADE'),
    sa.PrimaryKeyConstraint('night_id', 'number')
    )
    with op.batch_alter_table('games', schema=None) as batch_op:
        batch_op.add_column(sa.Column('night_id', sa.String(length=32), nullable=True))
        batch_op.create_index(batch_op.f('ix_games_night_id'), ['night_id'], unique=False)
        batch_op.create_foreign_key('fk_games_night_id_nights', 'nights', ['night_id'], ['id'], ondelete='SET NULL')

    with op.batch_alter_table('pin_attempts', schema=None) as batch_op:
        batch_op.add_column(sa.Column('night_id', sa.String(length=32), nullable=True))
        batch_op.create_index('ix_pin_attempts_night_address_at', ['night_id', 'address', 'at'], unique=False)
        batch_op.create_foreign_key('fk_pin_attempts_night_id_nights', 'nights', ['night_id'], ['id'], ondelete='CASCADE')



def downgrade():
    # A night's games stay, as ordinary games; tries at a night's PIN go with the column.
    with op.batch_alter_table('pin_attempts', schema=None) as batch_op:
        batch_op.drop_constraint('fk_pin_attempts_night_id_nights', type_='foreignkey')
        batch_op.drop_index('ix_pin_attempts_night_address_at')
        batch_op.drop_column('night_id')

    with op.batch_alter_table('games', schema=None) as batch_op:
        batch_op.drop_constraint('fk_games_night_id_nights', type_='foreignkey')
        batch_op.drop_index(batch_op.f('ix_games_night_id'))
        batch_op.drop_column('night_id')

    op.drop_table('night_rounds')
    with op.batch_alter_table('night_changes', schema=None) as batch_op:
        batch_op.drop_index(batch_op.f('ix_night_changes_night_id'))

    op.drop_table('night_changes')
    with op.batch_alter_table('nights', schema=None) as batch_op:
        batch_op.drop_index(batch_op.f('ix_nights_group_id'))

    op.drop_table('nights')
