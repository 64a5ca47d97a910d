import "@shared/zod-fr";
import { openDatabase } from "@server/db/client";
import { loadDotEnv, parseEnv } from "@server/env";
import { saveUrssafSettings } from "@server/modules/urssaf/urssaf.service";
import { createServices } from "@server/services";
import pino from "pino";
import { createDemoAccount, DEMO_EMAIL, DEMO_PASSWORD } from "./demo-data/account";
import { seedClients } from "./demo-data/clients";
import { seedContracts } from "./demo-data/contracts";
import { seedExpenses } from "./demo-data/expenses";
import { History } from "./demo-data/history";
import { seedInvoices } from "./demo-data/invoices";
import { seedProjects } from "./demo-data/projects";
import { seedQuotes } from "./demo-data/quotes";

// `npm run seed:demo`: a paid demo account with a realistic French year of a web freelancer's activity,
// created through the same services as the API (numbering, totals, reminders and payments are the real
// ones). Re-running it replaces the demo account, dated from the new today. Stop a PGlite server first:
// its data directory is locked.

loadDotEnv();
const env = parseEnv();
const started = performance.now();
const database = await openDatabase({ databaseUrl: env.DATABASE_URL, dataDir: env.dataDir });
const { db } = database;
try {
  const { auth } = createServices(database, env, pino({ level: "warn" }));
  const userId = await createDemoAccount(db, auth);
  const history = new History();
  const clients = await seedClients(db, userId, history);
  const projects = await seedProjects(db, { userId, clients, history });
  const story = { userId, history, clients, projects };
  const quotes = await seedQuotes(db, story);
  const invoices = await seedInvoices(db, story, quotes.conversions);
  const expenses = await seedExpenses(db, story);
  const contracts = await seedContracts(db, story);
  await history.apply(db, userId);
  // A graphic designer in micro-entreprise since 2023 (BNC, Sécurité sociale des indépendants), quarterly.
  await saveUrssafSettings(db, {
    userId,
    input: {
      activity: "bnc-ssi",
      frequency: "trimestrielle",
      creationDate: "2023-03-01",
      hasAcre: false,
      hasVersementLiberatoire: false,
    },
  });
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  console.log(`Compte de démonstration prêt en ${seconds} s :`);
  console.log(`  e-mail       : ${DEMO_EMAIL}`);
  console.log(`  mot de passe : ${DEMO_PASSWORD}`);
  console.log(
    `  ${clients.length} clients, ${projects.length} projets avec leurs tâches, ${quotes.count} devis`,
  );
  console.log(
    `  ${invoices.issued} factures émises (${invoices.paid} payées, ${invoices.partial} partiellement, ${invoices.cancelled} annulées par avoir), ${invoices.drafts} brouillons`,
  );
  console.log(`  ${expenses} dépenses, ${contracts} contrats`);
} finally {
  await database.close();
}
