"""Several server processes over one PostgreSQL database: ``medieval_act``, one statement that stores
the actions of a group of tables, each only if the process's copy of its table is the stored one.

For each table in turn (in the order given: the caller sorts them by id, so that two processes never
wait for each other's rows in a cycle) it locks the row (``FOR NO KEY UPDATE``), compares the stored
revision with the one the process holds, and then either stores the action, the table's new version,
status, outcome and clocks with the revision + 1 (it returns the new revision), or, if the table was
changed elsewhere, stores nothing and returns what the process has not seen: the row, the seats, and the
actions from the process's ply on (every action, with ``since`` null, after an undo). The whole call is
one transaction: a failure stores none of it. SQLite (one process) has no use for it.

Revision ID: 0011
Revises: 0010
Create Date: 2026-12-02
"""

from __future__ import annotations

from alembic import op

revision = "0011"
down_revision = "0010"
branch_labels = None
depends_on = None

ACT = """
CREATE OR REPLACE FUNCTION medieval_act(
    p_ids text[], p_revisions bigint[], p_plies integer[], p_undos integer[], p_seats integer[],
    p_notations text[], p_statuses text[], p_outcomes text[], p_clocks text[], p_writer text)
RETURNS TABLE (o_id text, o_revision bigint, o_delta json)
LANGUAGE plpgsql AS $body$
DECLARE
    t record;
    stamp timestamptz := now();
    since integer;
BEGIN
    FOR i IN 1 .. coalesce(array_length(p_ids, 1), 0) LOOP
        o_id := p_ids[i];
        SELECT * INTO t FROM tables WHERE id = p_ids[i] FOR NO KEY UPDATE;
        IF NOT FOUND THEN
            o_revision := NULL;
            o_delta := NULL;
        ELSIF t.revision = p_revisions[i] THEN
            IF t.version <> p_plies[i] THEN
                RAISE EXCEPTION USING MESSAGE = 'table ' || t.id || ' is at version ' || t.version
                                                || ', not ' || p_plies[i];
            END IF;
            INSERT INTO actions (table_id, ply, seat, notation, writer, created_at)
                VALUES (t.id, p_plies[i], p_seats[i], p_notations[i], p_writer, stamp);
            UPDATE tables SET version = p_plies[i] + 1, status = p_statuses[i],
                              outcome = CAST(p_outcomes[i] AS json), clock_state = CAST(p_clocks[i] AS json),
                              updated_at = stamp, revision = t.revision + 1
                WHERE id = t.id;
            o_revision := t.revision + 1;
            o_delta := NULL;
        ELSE
            since := CASE WHEN t.undos = p_undos[i] AND t.version >= p_plies[i] THEN p_plies[i] END;
            o_revision := t.revision;
            o_delta := json_build_object(
                'table', row_to_json(t),
                'since', since,
                'seats', (SELECT coalesce(json_agg(row_to_json(s) ORDER BY s.seat), '[]'::json)
                          FROM seats s WHERE s.table_id = t.id),
                'actions', (SELECT coalesce(json_agg(json_build_array(a.seat, a.notation) ORDER BY a.ply),
                                            '[]'::json)
                            FROM actions a
                            WHERE a.table_id = t.id AND a.ply >= coalesce(since, 0) AND a.ply < t.version));
        END IF;
        RETURN NEXT;
    END LOOP;
END
$body$
"""


def upgrade() -> None:
    if op.get_bind().dialect.name == "postgresql":
        op.execute(ACT)


def downgrade() -> None:
    if op.get_bind().dialect.name == "postgresql":
        op.execute("DROP FUNCTION IF EXISTS medieval_act(text[], bigint[], integer[], integer[], integer[], "
                   "text[], text[], text[], text[], text)")
