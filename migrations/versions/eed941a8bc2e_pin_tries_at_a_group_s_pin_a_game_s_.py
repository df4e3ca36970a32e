"""PIN tries at a group's PIN; a game's rematch

A try at a PIN is counted for a game or for a group (pin_attempts.group_id; game_id
becomes nullable), and a game may be the rematch of another (games.rematch_of).

Revision ID: eed941a8bc2e
Revises: 871f4671ea30
Create Date: 2026-11-26 08:05:57.727310

"""
from alembic import op
import sqlalchemy as sa


# revision identifiers, used by Alembic.
revision = 'eed941a8bc2e'
down_revision = '871f4671ea30'
branch_labels = None
depends_on = None


def upgrade():
    with op.batch_alter_table('games', schema=None) as batch_op:
        batch_op.add_column(sa.Column('rematch_of', sa.String(length=32), nullable=True))
        batch_op.create_index(batch_op.f('ix_games_rematch_of'), ['rematch_of'], unique=False)
        batch_op.create_foreign_key('fk_games_rematch_of_games', 'games', ['rematch_of'], ['id'], ondelete='SET NULL')

    with op.batch_alter_table('pin_attempts', schema=None) as batch_op:
        batch_op.add_column(sa.Column('group_id', sa.String(length=32), nullable=True))
        batch_op.alter_column('game_id',
               existing_type=sa.VARCHAR(length=32),
               nullable=True)
        batch_op.create_index('ix_pin_attempts_group_address_at', ['group_id', 'address', 'at'], unique=False)
        batch_op.create_foreign_key('fk_pin_attempts_group_id_groups', 'groups', ['group_id'], ['id'], ondelete='CASCADE')



def downgrade():
    # Tries at a group's PIN have no game: they go (they are a minute's count anyway).
    op.execute("DELETE FROM pin_attempts WHERE game_id IS NULL")
    with op.batch_alter_table('pin_attempts', schema=None) as batch_op:
        batch_op.drop_constraint('fk_pin_attempts_group_id_groups', type_='foreignkey')
        batch_op.drop_index('ix_pin_attempts_group_address_at')
        batch_op.alter_column('game_id',
               existing_type=sa.VARCHAR(length=32),
               nullable=False)
        batch_op.drop_column('group_id')

    with op.batch_alter_table('games', schema=None) as batch_op:
        batch_op.drop_constraint('fk_games_rematch_of_games', type_='foreignkey')
        batch_op.drop_index(batch_op.f('ix_games_rematch_of'))
        batch_op.drop_column('rematch_of')

