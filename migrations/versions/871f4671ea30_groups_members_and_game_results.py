"""Groups (the table's league): their members, the games they count and each game's result

Revision ID: 871f4671ea30
Revises: 8d2e4f6a1b3c
Create Date: 2026-11-26 07:52:31.875048

"""
from alembic import op
import sqlalchemy as sa


# revision identifiers, used by Alembic.
revision = '871f4671ea30'
down_revision = '8d2e4f6a1b3c'
branch_labels = None
depends_on = None


def upgrade():
    op.create_table('groups',
    sa.Column('id', sa.String(length=32), nullable=False),
    sa.Column('name', sa.String(length=60), nullable=False),
    sa.Column('created_at', sa.DateTime(timezone=True), nullable=False),
    sa.Column('updated_at', sa.DateTime(timezone=True), nullable=False),
    sa.Column('pin_hash', sa.String(length=200), nullable=True),
    sa.Column('view_id', sa.String(length=32), nullable=False),
    sa.Column('house_rules', sa.JSON(), nullable=False),
    sa.PrimaryKeyConstraint('id'),
    sa.UniqueConstraint('view_id', name='uq_groups_view_id')
    )
    op.create_table('members',
    sa.Column('id', sa.Integer(), nullable=False),
    sa.Column('group_id', sa.String(length=32), nullable=False),
    sa.Column('position', sa.Integer(), nullable=False),
    sa.Column('name', sa.String(length=40), nullable=False),
    sa.ForeignKeyConstraint(['group_id'], ['groups.id'], ondelete='CASCADE'),
    sa.PrimaryKeyConstraint('id'),
    sa.UniqueConstraint('group_id', 'position', name='uq_members_position')
    )
    with op.batch_alter_table('members', schema=None) as batch_op:
        batch_op.create_index(batch_op.f('ix_members_group_id'), ['group_id'], unique=False)

    op.create_table('game_results',
    sa.Column('game_id', sa.String(length=32), nullable=False),
    sa.Column('group_id', sa.String(length=32), nullable=False),
    sa.Column('kind', sa.String(length=20), nullable=False),
    sa.Column('finished', sa.Boolean(), nullable=False),
    sa.Column('played_at', sa.DateTime(timezone=True), nullable=False),
    sa.Column('places', sa.JSON(), nullable=False),
    sa.ForeignKeyConstraint(['game_id'], ['games.id'], ondelete='CASCADE'),
    sa.ForeignKeyConstraint(['group_id'], ['groups.id'], ondelete='CASCADE'),
    sa.PrimaryKeyConstraint('game_id')
    )
    with op.batch_alter_table('game_results', schema=None) as batch_op:
        batch_op.create_index(batch_op.f('ix_game_results_group_id'), ['group_id'], unique=False)

    with op.batch_alter_table('games', schema=None) as batch_op:
        batch_op.add_column(sa.Column('group_id', sa.String(length=32), nullable=True))
        batch_op.create_index(batch_op.f('ix_games_group_id'), ['group_id'], unique=False)
        batch_op.create_foreign_key('fk_games_group_id_groups', 'groups', ['group_id'], ['id'], ondelete='SET NULL')

    with op.batch_alter_table('seats', schema=None) as batch_op:
        batch_op.add_column(sa.Column('member_id', sa.Integer(), nullable=True))
        batch_op.create_index(batch_op.f('ix_seats_member_id'), ['member_id'], unique=False)
        batch_op.create_foreign_key('fk_seats_member_id_members', 'members', ['member_id'], ['id'], ondelete='SET NULL')



def downgrade():
    with op.batch_alter_table('seats', schema=None) as batch_op:
        batch_op.drop_constraint('fk_seats_member_id_members', type_='foreignkey')
        batch_op.drop_index(batch_op.f('ix_seats_member_id'))
        batch_op.drop_column('member_id')

    with op.batch_alter_table('games', schema=None) as batch_op:
        batch_op.drop_constraint('fk_games_group_id_groups', type_='foreignkey')
        batch_op.drop_index(batch_op.f('ix_games_group_id'))
        batch_op.drop_column('group_id')

    with op.batch_alter_table('game_results', schema=None) as batch_op:
        batch_op.drop_index(batch_op.f('ix_game_results_group_id'))

    op.drop_table('game_results')
    with op.batch_alter_table('members', schema=None) as batch_op:
        batch_op.drop_index(batch_op.f('ix_members_group_id'))

    op.drop_table('members')
    op.drop_table('groups')
