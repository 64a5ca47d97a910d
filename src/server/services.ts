import { join, resolve } from "node:path";
import type Stripe from "stripe";
import { type Auth, createAuth } from "./auth/auth";
import { resolveAuthSecret } from "./auth/secret";
import type { Database } from "./db/client";
import { createMailer, type Mailer } from "./email/mailer";
import type { Env } from "./env";
import { type CachedJson, createReadCache } from "./http/read-cache";
import type { Logger } from "./logger";
import { type AnalysisReader, createAnalysisReader } from "./modules/analysis/analysis.service";
import { afnorPlatform } from "./modules/einvoicing/afnor/afnor-platform";
import { type EinvoicingPlatform, localDirectoryPlatform } from "./modules/einvoicing/platform";
import { type TargetPolicy, targetPolicyOf } from "./modules/public-api/target-url";
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
  /** The plateforme agréée: an AFNOR XP Z12-013 API when PA_API_URL is set, else the local directory (020). */
  einvoicing: EinvoicingPlatform;
  /** Hot reads' answers, served again while the user's data is unchanged (http/read-cache.ts). */
  cachedJson: CachedJson;
  /** Where user-chosen outbound URLs (hooks, webhook automations) may go: decision 013's SSRF guard. */
  targets: TargetPolicy;
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
  const einvoicing =
    env.PA_API_URL && env.PA_TOKEN_URL && env.PA_CLIENT_ID && env.PA_CLIENT_SECRET
      ? afnorPlatform({
          flowUrl: env.PA_API_URL,
          directoryUrl: env.PA_DIRECTORY_URL ?? env.PA_API_URL,
          tokenUrl: env.PA_TOKEN_URL,
          clientId: env.PA_CLIENT_ID,
          clientSecret: env.PA_CLIENT_SECRET,
        })
      : localDirectoryPlatform({
          outboxDir: resolve(env.PA_OUTBOX_DIR ?? join(env.dataDir, "pa", "outbox")),
          inboxDir: resolve(env.PA_INBOX_DIR ?? join(env.dataDir, "pa", "inbox")),
        });
  const cachedJson = createReadCache(env.READ_CACHE_MB);
  const targets = targetPolicyOf(env);
  return {
    database,
    env,
    logger,
    mailer,
    payments,
    auth,
    readAnalysis,
    secrets,
    einvoicing,
    cachedJson,
    targets,
  };
}
