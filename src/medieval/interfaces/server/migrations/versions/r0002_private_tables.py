"""Private tables: not listed, joined only with the invite code (stored hashed).

Revision ID: 0002
Revises: 0001
Create Date: 2026-12-01
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0002"
down_revision = "0001"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("tables") as batch:
        batch.add_column(sa.Column("private", sa.Boolean, nullable=False, server_default=sa.false()))
        batch.add_column(sa.Column("invite_hash", sa.String(64), nullable=True))


def downgrade() -> None:
    with op.batch_alter_table("tables") as batch:
        batch.drop_column("invite_hash")
        batch.drop_column("private")
