"""The record format of each table: games started before the second chance generator replay with the
first (``medieval/record@1``); new tables are written in the current format.

Revision ID: 0009
Revises: 0008
Create Date: 2026-12-02
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0009"
down_revision = "0008"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("tables") as batch:
        batch.add_column(sa.Column("record_format", sa.String(32), nullable=False,
                                   server_default="medieval/record@1"))


def downgrade() -> None:
    with op.batch_alter_table("tables") as batch:
        batch.drop_column("record_format")
