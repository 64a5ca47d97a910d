-- Custom SQL migration: app_user only runs a signed-in user's tenant-scoped queries. It gets SELECT,
-- INSERT, UPDATE, DELETE on every new table by default (0000), but never needs better-auth's secrets
-- (password hashes, session, OAuth and verification tokens, rate-limit counters), which better-auth reads
-- as the owner role. A forgotten filter in tenant code must not be able to read them.
REVOKE ALL ON TABLE "account", "session", "verification", "rate_limit" FROM app_user;
