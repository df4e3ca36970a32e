"""Deals keep how the winner went out (the melds and discard of a full hand)

Revision ID: 3b1f0c9e7a21
Revises: 715b727097d3
Create Date: 2026-11-24 13:50:00.000000

"""
from alembic import op
import sqlalchemy as sa


# revision identifiers, used by Alembic.
revision = '3b1f0c9e7a21'
down_revision = '715b727097d3'
branch_labels = None
depends_on = None


def upgrade():
    with op.batch_alter_table('deals', schema=None) as batch_op:
        batch_op.add_column(sa.Column('winner_hand', sa.JSON(), nullable=True))


def downgrade():
    with op.batch_alter_table('deals', schema=None) as batch_op:
        batch_op.drop_column('winner_hand')
