-- Only payment fulfilment (the owner role) may mark a registration as paid: app_user can update a
-- profile's own fields, never subscription_status (defence in depth behind the route's schema).
REVOKE UPDATE ON "profiles" FROM app_user;
--> statement-breakpoint
GRANT UPDATE ("name", "email", "role", "bio", "job_title", "skills", "updated_at") ON "profiles" TO app_user;
--> statement-breakpoint
-- The sign-in limiter's counters are read and written by server code as the owner, never by a tenant.
REVOKE ALL ON "sign_in_failures" FROM app_user;
--> statement-breakpoint
-- The auth user row (e-mail, verification state) has no row-level security: tenant code never touches it.
REVOKE ALL ON "user" FROM app_user;
