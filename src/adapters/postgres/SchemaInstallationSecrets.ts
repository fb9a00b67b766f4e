/**
 * Migration 0010: secrets the installation generates for itself on first start (the cursor seal's key),
 * one row per name. The first process to insert a name wins; the others read its row.
 */
export const schemaInstallationSecrets: ReadonlyArray<string> = [
  `CREATE TABLE installation_secrets (
    name text COLLATE "C" PRIMARY KEY,
    value text NOT NULL,
    created_at timestamptz NOT NULL DEFAULT now()
  )`
]
