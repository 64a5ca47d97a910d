import type Stripe from "stripe";
import { type Auth, createAuth } from "./auth/auth";
import { resolveAuthSecret } from "./auth/secret";
import type { Database } from "./db/client";
import { createMailer, type Mailer } from "./email/mailer";
import type { Env } from "./env";
import type { Logger } from "./logger";
import { type AnalysisReader, createAnalysisReader } from "./modules/analysis/analysis.service";
import { createPaymentProvider, type PaymentProvider } from "./payments/provider";
import { createSecretBox, type SecretBox } from "./security/secret-box";

/** Everything a request handler may need, built once at start (and by the tests, on a test database). */
export type Services = {
  database: Database;
  env: Env;
  logger: Logger;
  mailer: Mailer;
  payments: PaymentProvider;
  auth: Auth;
  /** The business analysis of a user, cached 5 minutes (spec §9): one cache for its page and the assistant. */
  readAnalysis: AnalysisReader;
  /** Seals the third-party keys users enter (Mailchimp…) with a key derived from the server secret. */
  secrets: SecretBox;
};

export type ServiceOverrides = { stripeConfig?: Stripe.StripeConfig };

export function createServices(
  database: Database,
  env: Env,
  logger: Logger,
  overrides: ServiceOverrides = {},
): Services {
  const mailer = createMailer({ db: database.db, env, logger });
  const serverSecret = resolveAuthSecret(env);
  const payments = createPaymentProvider(env, serverSecret, overrides.stripeConfig);
  const auth = createAuth({ db: database.db, env, mailer, logger });
  const readAnalysis = createAnalysisReader(database.db);
  const secrets = createSecretBox(serverSecret);
  return { database, env, logger, mailer, payments, auth, readAnalysis, secrets };
}
