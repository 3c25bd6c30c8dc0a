-- Issue 14, back office (members): staff may disable a member. Hand-written without a snapshot (the
-- snapshot is regenerated once the back office branches are merged). Nullable with no default, so
-- adding it to a filled customers table rewrites nothing and every existing member stays enabled.
ALTER TABLE "customers" ADD COLUMN IF NOT EXISTS "disabled_at" timestamp with time zone;
