"""Hand and Foot: a game's sides, and each deal's report side by side

Revision ID: 8d2e4f6a1b3c
Revises: 3b1f0c9e7a21
Create Date: 2026-11-24 17:45:00.000000

"""
from alembic import op
import sqlalchemy as sa


# revision identifiers, used by Alembic.
revision = '8d2e4f6a1b3c'
down_revision = '3b1f0c9e7a21'
branch_labels = None
depends_on = None


def upgrade():
    with op.batch_alter_table('games', schema=None) as batch_op:
        batch_op.add_column(sa.Column('teams', sa.JSON(), nullable=True))
    with op.batch_alter_table('deals', schema=None) as batch_op:
        batch_op.add_column(sa.Column('sides', sa.JSON(), nullable=True))


def downgrade():
    with op.batch_alter_table('deals', schema=None) as batch_op:
        batch_op.drop_column('sides')
    with op.batch_alter_table('games', schema=None) as batch_op:
        batch_op.drop_column('teams')
