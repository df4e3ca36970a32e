"""A note on any deal: what the table wants kept with it ("misdeal, redealt")

Revision ID: 9b3e1d6c2a47
Revises: 5a9c2e7d4b18
Create Date: 2026-12-07 20:00:00

"""
from alembic import op
import sqlalchemy as sa


# revision identifiers, used by Alembic.
revision = '9b3e1d6c2a47'
down_revision = '5a9c2e7d4b18'
branch_labels = None
depends_on = None


def upgrade():
    with op.batch_alter_table('deals', schema=None) as batch_op:
        batch_op.add_column(sa.Column('note', sa.String(length=200), nullable=True))


def downgrade():
    with op.batch_alter_table('deals', schema=None) as batch_op:
        batch_op.drop_column('note')
