"""Confirmed deals: who records and who confirms or disputes each deal; a game's confirmation
setting; a note in the history (who confirmed, a reason)

Revision ID: dd2d6161b37c
Revises: 7bd4cdb0e4a3
Create Date: 2026-11-29 10:15:30.399948

"""
from alembic import op
import sqlalchemy as sa


# revision identifiers, used by Alembic.
revision = 'dd2d6161b37c'
down_revision = '7bd4cdb0e4a3'
branch_labels = None
depends_on = None


def upgrade():
    with op.batch_alter_table('audit', schema=None) as batch_op:
        batch_op.add_column(sa.Column('note', sa.JSON(), nullable=True))

    with op.batch_alter_table('deals', schema=None) as batch_op:
        batch_op.add_column(sa.Column('recorded_by', sa.Integer(), nullable=True))
        batch_op.add_column(sa.Column('confirmed_by', sa.Integer(), nullable=True))
        batch_op.add_column(sa.Column('confirmed_at', sa.DateTime(timezone=True), nullable=True))
        batch_op.add_column(sa.Column('disputed_by', sa.Integer(), nullable=True))
        batch_op.add_column(sa.Column('dispute_reason', sa.String(length=200), nullable=True))

    with op.batch_alter_table('nights', schema=None) as batch_op:
        batch_op.add_column(sa.Column('confirm', sa.String(length=12), nullable=True))

    with op.batch_alter_table('games', schema=None) as batch_op:
        batch_op.add_column(sa.Column('confirm', sa.String(length=12), nullable=True))
        batch_op.add_column(sa.Column('auto_confirm', sa.Boolean(), nullable=True))



def downgrade():
    with op.batch_alter_table('nights', schema=None) as batch_op:
        batch_op.drop_column('confirm')

    with op.batch_alter_table('games', schema=None) as batch_op:
        batch_op.drop_column('auto_confirm')
        batch_op.drop_column('confirm')

    with op.batch_alter_table('deals', schema=None) as batch_op:
        batch_op.drop_column('dispute_reason')
        batch_op.drop_column('disputed_by')
        batch_op.drop_column('confirmed_at')
        batch_op.drop_column('confirmed_by')
        batch_op.drop_column('recorded_by')

    with op.batch_alter_table('audit', schema=None) as batch_op:
        batch_op.drop_column('note')

