"""Several server processes over one PostgreSQL database: each table counts its stored changes
(``revision``: a process compares it with the one it has in memory); a table's lease names the process
that runs its bots and clocks, until when (a table of its own, so that renewing leases never waits for
a change holding a table's row); each seat says when its person was last connected to any of the
processes (``seen_at``).

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
    with op.batch_alter_table("seats") as batch:
        batch.add_column(sa.Column("seen_at", sa.DateTime(timezone=True), nullable=True))
    op.create_table(
        "leases",
        sa.Column("table_id", sa.String(32), sa.ForeignKey("tables.id", ondelete="CASCADE"), primary_key=True),
        sa.Column("owner", sa.String(32), nullable=False),
        sa.Column("expires", sa.DateTime(timezone=True), nullable=False),
    )
    op.create_index("ix_leases_owner", "leases", ["owner"])


def downgrade() -> None:
    op.drop_index("ix_leases_owner", table_name="leases")
    op.drop_table("leases")
    with op.batch_alter_table("seats") as batch:
        batch.drop_column("seen_at")
    with op.batch_alter_table("tables") as batch:
        batch.drop_column("revision")
