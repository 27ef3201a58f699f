"""Table lifecycle: the creator's credential (to cancel an open table) and the creating client, whose
live tables are limited. Statuses cancelled, expired and abandoned need no schema change.

Revision ID: 0004
Revises: 0003
Create Date: 2026-12-03
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0004"
down_revision = "0003"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("tables") as batch:
        batch.add_column(sa.Column("creator_hash", sa.String(64), nullable=True))
        batch.add_column(sa.Column("creator_client", sa.String(64), nullable=True))
    op.create_index("ix_tables_creator_client", "tables", ["creator_client"])


def downgrade() -> None:
    op.drop_index("ix_tables_creator_client", "tables")
    with op.batch_alter_table("tables") as batch:
        batch.drop_column("creator_client")
        batch.drop_column("creator_hash")
