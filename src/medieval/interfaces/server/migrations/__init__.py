"""Alembic migrations of the server's database, packaged so they run from an installed package."""
