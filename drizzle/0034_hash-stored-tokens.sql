-- Custom SQL (issue 26, finding 6): secrets that were stored in clear are replaced by their SHA-256, so a copy
-- of the database opens nothing, and what users already hold keeps working.
-- Calendar feeds: the URL's token becomes its SHA-256 in hex, what calendar.service.ts now looks up
-- (security/token-hash.ts). A subscribed calendar goes on reading its feed; the URL can no longer be shown.
UPDATE "integrations"
SET "public_token" = encode(sha256(convert_to("public_token", 'UTF8')), 'hex')
WHERE "public_token" IS NOT NULL AND "public_token" !~ '^[0-9a-f]{64}$';
--> statement-breakpoint
-- better-auth's verification rows (reset links, OAuth state): the identifier becomes what its
-- `verification.storeIdentifier: "hashed"` writes, the unpadded base64url SHA-256 of the identifier, so a reset
-- link already sent still works.
UPDATE "verification"
SET "identifier" = translate(rtrim(encode(sha256(convert_to("identifier", 'UTF8')), 'base64'), '='), '+/', '-_');
