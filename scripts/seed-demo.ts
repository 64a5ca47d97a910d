import "@shared/zod-fr";
import { parisToday } from "@shared/domain/dates";
import { createClientInput } from "@shared/schemas/clients";
import { updateBusinessIdentityInput } from "@shared/schemas/settings";
import { eq } from "drizzle-orm";
import pino from "pino";
import { openDatabase } from "../src/server/db/client";
import { profiles, user } from "../src/server/db/schema/index";
import { loadDotEnv, parseEnv } from "../src/server/env";
import { createClient } from "../src/server/modules/clients/clients.service";
import {
  cancelInvoice,
  createInvoiceDraft,
  issueInvoice,
  recordPayment,
} from "../src/server/modules/invoices/invoices.service";
import { ensureProfile } from "../src/server/modules/profile/profile.service";
import { updateIdentitySettings } from "../src/server/modules/settings/settings.service";
import { createServices } from "../src/server/services";

// `npm run seed:demo`: a paid demo account with a realistic French year of activity, created through the
// same services as the API (numbering, totals, reminders and payments are the real ones). Re-running it
// replaces the demo account. Stop a PGlite server first: its data directory is locked.

const DEMO_EMAIL = "demo@ardoise.localhost";
const DEMO_PASSWORD = "Ardoise-Demo-2026";
const DAY_MS = 86_400_000;

// A fixed pseudo-random sequence: the same demo every time.
let seed = 20_261_121;
const random = () => {
  seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31;
  return seed / 2 ** 31;
};
const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)] as T;

/** Appends the digit that makes the number pass the Luhn check (SIREN and SIRET keys). */
function withLuhnKey(prefix: string): string {
  for (let key = 0; key <= 9; key++) {
    const candidate = `${prefix}${key}`;
    const sum = [...candidate].reverse().reduce((total, char, index) => {
      const value = Number(char) * (index % 2 ? 2 : 1);
      return total + (value > 9 ? value - 9 : value);
    }, 0);
    if (sum % 10 === 0) return candidate;
  }
  throw new Error("no Luhn key");
}

/** A SIREN with a valid key, so the demo's identities pass the same checks as real ones. */
const siren = (base: number) => withLuhnKey(String(10_000_000 + (base % 80_000_000)).padStart(8, "0"));

const CLIENTS = [
  ["Boulangerie Durand", "Claire Durand", "Lyon", "69002"],
  ["Atelier Moreau", "Julien Moreau", "Nantes", "44000"],
  ["Cabinet Lefèvre Avocats", "Sophie Lefèvre", "Paris", "75008"],
  ["Brasserie du Port", "Marc Giraud", "Marseille", "13002"],
  ["Librairie des Halles", "Anne Roussel", "Bordeaux", "33000"],
  ["Garage Fontaine", "Pierre Fontaine", "Lille", "59000"],
  ["Studio Kiné Santé", "Léa Martin", "Toulouse", "31000"],
  ["Domaine des Coteaux", "Henri Blanc", "Beaune", "21200"],
  ["Agence Horizon Voyages", "Nadia Benali", "Nice", "06000"],
  ["Fromagerie Vidal", "Thomas Vidal", "Annecy", "74000"],
  ["Pharmacie Centrale", "Isabelle Caron", "Rennes", "35000"],
  ["Coopérative Bio Val", "Luc Perrin", "Grenoble", "38000"],
  ["Institut Beauté Éclat", "Camille Roy", "Montpellier", "34000"],
  ["Menuiserie Lambert", "Olivier Lambert", "Strasbourg", "67000"],
  ["École de musique Allegro", "Élise Faure", "Dijon", "21000"],
] as const;

const SERVICES = [
  ["Développement du site vitrine", 45000, "jour"],
  ["Maintenance mensuelle du site", 18000, "forfait"],
  ["Refonte de l'identité visuelle", 120000, "forfait"],
  ["Atelier de formation WordPress", 60000, "jour"],
  ["Rédaction de contenus web", 9000, "page"],
  ["Optimisation du référencement (SEO)", 35000, "jour"],
  ["Intégration de la boutique en ligne", 48000, "jour"],
  ["Conseil et accompagnement", 8500, "heure"],
] as const;

loadDotEnv();
const env = parseEnv();
const logger = pino({ level: "warn" });
const database = await openDatabase({ databaseUrl: env.DATABASE_URL, dataDir: env.dataDir });
const { db } = database;
try {
  const services = createServices(database, env, logger);
  await db.delete(user).where(eq(user.email, DEMO_EMAIL));
  await services.auth.api.signUpEmail({
    body: { email: DEMO_EMAIL, password: DEMO_PASSWORD, name: "Camille Martin" },
  });
  const [account] = await db
    .update(user)
    .set({ emailVerified: true })
    .where(eq(user.email, DEMO_EMAIL))
    .returning();
  if (!account) throw new Error("demo account was not created");
  const userId = account.id;
  await ensureProfile(db, { id: userId, email: DEMO_EMAIL, name: account.name });
  await db
    .update(profiles)
    .set({
      subscriptionStatus: "active",
      jobTitle: "Développeuse web freelance",
      skills: ["WordPress", "React", "SEO"],
    })
    .where(eq(profiles.id, userId));
  await updateIdentitySettings(db, {
    userId,
    input: updateBusinessIdentityInput.parse({
      legalName: "Camille Martin EI",
      companyName: "Studio Martin",
      siren: "",
      siret: withLuhnKey(`${siren(732_829)}0001`),
      apeCode: "6201Z",
      addressLine1: "12 rue des Lilas",
      postalCode: "69003",
      city: "Lyon",
      country: "FR",
      email: "contact@studio-martin.fr",
      vatRegime: "franchise",
      iban: "FR7630006000011234567890189",
      bic: "AGRIFRPP",
      paymentTermsDays: 30,
      quoteValidityDays: 30,
      latePenaltyRate: "3 fois le taux d'intérêt légal",
      earlyPaymentDiscount: "Pas d'escompte pour paiement anticipé",
      registrationMention: "",
      activityCategory: "bnc",
      addressLine2: "",
      phone: "",
      website: "",
      vatNumber: "",
      vatOnDebits: false,
      invoiceFooter: "Merci de votre confiance.",
    }),
  });

  const clients = [];
  for (const [index, [name, contact, city, postalCode]] of CLIENTS.entries()) {
    clients.push(
      await createClient(db, {
        userId,
        input: createClientInput.parse({
          name,
          contactName: contact,
          email: `${contact.split(" ")[0]?.toLowerCase().normalize("NFD").replace(/\p{M}/gu, "")}@${name
            .toLowerCase()
            .normalize("NFD")
            .replace(/\p{M}/gu, "")
            .replace(/[^a-z]+/g, "-")
            .replace(/^-|-$/g, "")}.fr`,
          siren: siren(310_000 + index * 7919),
          addressLine1: `${3 + index} place de la République`,
          postalCode,
          city,
          status: index < 11 ? "actif" : index < 13 ? "prospect" : "inactif",
        }),
      }),
    );
  }

  // 120 invoices over the last twelve months, issued in date order so the series stays chronological.
  const now = Date.now();
  const dates = Array.from({ length: 120 }, () => now - Math.floor(random() * 360) * DAY_MS).sort(
    (a, b) => a - b,
  );
  const counts = { issued: 0, paid: 0, partial: 0, cancelled: 0, drafts: 0 };
  for (const [index, time] of dates.entries()) {
    const client = pick(clients);
    const lines = Array.from({ length: 1 + Math.floor(random() * 3) }, () => {
      const [description, unitPriceCents, unit] = pick(SERVICES);
      return {
        description,
        unitPriceCents,
        unit,
        quantity: unit === "forfait" ? 1 : 1 + Math.floor(random() * 5),
        vatRateBp: 0 as const,
      };
    });
    const draft = await createInvoiceDraft(db, {
      userId,
      input: { clientId: client.id, clientName: client.name, lines },
      now: new Date(time),
    });
    if (index >= 114) {
      counts.drafts++;
      continue;
    }
    const issued = await issueInvoice(db, { userId, id: draft.id, now: new Date(time) });
    counts.issued++;
    const roll = random();
    const paidOn = parisToday(new Date(Math.min(now, time + (5 + Math.floor(random() * 35)) * DAY_MS)));
    const isOld = now - time > 45 * DAY_MS;
    if (roll < 0.04) {
      await cancelInvoice(db, { userId, id: issued.id, now: new Date(time + DAY_MS) });
      counts.cancelled++;
    } else if (roll < (isOld ? 0.86 : 0.5)) {
      await recordPayment(db, {
        userId,
        id: issued.id,
        input: {
          amountCents: issued.totalCents,
          method: pick(["virement", "virement", "cheque", "carte"] as const),
          paidOn,
        },
      });
      counts.paid++;
    } else if (roll < (isOld ? 0.92 : 0.62)) {
      await recordPayment(db, {
        userId,
        id: issued.id,
        input: { amountCents: Math.round(issued.totalCents / 2), method: "virement", paidOn },
      });
      counts.partial++;
    }
  }
  console.log("Compte de démonstration prêt :");
  console.log(`  e-mail       : ${DEMO_EMAIL}`);
  console.log(`  mot de passe : ${DEMO_PASSWORD}`);
  console.log(
    `  ${clients.length} clients, ${counts.issued} factures émises (${counts.paid} payées, ${counts.partial} partiellement, ${counts.cancelled} annulées par avoir), ${counts.drafts} brouillons`,
  );
} finally {
  await database.close();
}
