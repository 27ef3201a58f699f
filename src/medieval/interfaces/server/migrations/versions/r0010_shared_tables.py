"""Several server processes over one PostgreSQL database: each table counts its stored changes
(``revision``: a process compares it with the one it has in memory), and holds a lease naming the
process that runs its bots and clocks, until when.

Revision ID: 0010
Revises: 0009
Create Date: 2026-12-02
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0010"
down_revision = "0009"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("tables") as batch:
        batch.add_column(sa.Column("revision", sa.BigInteger(), nullable=False, server_default="0"))
        batch.add_column(sa.Column("lease_owner", sa.String(32), nullable=True))
        batch.add_column(sa.Column("lease_expires", sa.DateTime(timezone=True), nullable=True))


def downgrade() -> None:
    with op.batch_alter_table("tables") as batch:
        batch.drop_column("lease_expires")
        batch.drop_column("lease_owner")
        batch.drop_column("revision")
