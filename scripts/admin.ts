import "@shared/zod-fr";
import { openDatabase } from "../src/server/db/client";
import { loadDotEnv, parseEnv } from "../src/server/env";
import { grantAdmin } from "../src/server/modules/admin/admin.service";

// `npm run admin -- grant EMAIL`: gives the admin role. Uses the same database as the server (stop a
// PGlite server first: its data directory is locked).
const [command, email] = process.argv.slice(2);
if (command !== "grant" || !email) {
  console.error("Usage : npm run admin -- grant EMAIL");
  process.exit(2);
}
loadDotEnv();
const env = parseEnv();
const database = await openDatabase({ databaseUrl: env.DATABASE_URL, dataDir: env.dataDir });
try {
  const granted = await grantAdmin(database.db, email);
  if (!granted) {
    console.error(`Aucun compte pour ${email}.`);
    process.exitCode = 1;
  } else {
    console.log(`${email} est maintenant administrateur.`);
  }
} finally {
  await database.close();
}
