import type { ModelProvider } from "@shared/ai/models";
import { type ErrorHandler, Hono } from "hono";
import type { z } from "zod";
import type { Auth } from "../../auth/auth";
import { type AuthVariables, requirePaid, requireUser } from "../../auth/session";
import { AppError } from "../../errors";
import { handleError } from "../../http/errors";
import { valid } from "../../http/validate";
import { openAiProxyRequest, openRouterProxyRequest, type ProxyRequest } from "./ai-proxy.schemas";
import { type AiProxyDeps, proxyChatCompletion, RetryLater } from "./ai-proxy.service";

/** Spec §6: the texts an anonymous caller gets from each proxy. */
const UNAUTHENTICATED: Record<ModelProvider, string> = {
  openai: "Utilisateur non authentifié",
  openrouter: "Vous devez être connecté pour utiliser l'IA OpenRouter.",
};

/**
 * POST /functions/v1/secure-openai-proxy and /functions/v1/secure-openrouter-proxy (spec §7), for paid
 * users only (401, 402 as the business API). Mounted at /functions/v1; each function carries its own guards,
 * so the other functions under that prefix are untouched.
 */
export function aiProxyRoutes(deps: AiProxyDeps & { auth: Auth }) {
  const user = requireUser(deps.auth, deps.db);
  const paid = requirePaid(deps.db, deps.logger);
  const proxy = (provider: ModelProvider, schema: z.ZodType<ProxyRequest, unknown>) =>
    new Hono<{ Variables: AuthVariables }>()
      .use(user)
      .use(paid)
      .post("/", valid(schema), async (c) =>
        c.json(
          await proxyChatCompletion(deps, {
            userId: c.get("user").id,
            provider,
            request: c.req.valid("json"),
          }),
        ),
      )
      .onError(proxyErrors(UNAUTHENTICATED[provider], deps));
  return new Hono()
    .route("/secure-openai-proxy", proxy("openai", openAiProxyRequest))
    .route("/secure-openrouter-proxy", proxy("openrouter", openRouterProxyRequest));
}

/**
 * The house error body plus a top-level `message`, which the spec's client reads ("choices[0].message.content,
 * or message"); the session error carries the spec's text, a 429 its Retry-After.
 */
function proxyErrors(unauthenticatedMessage: string, { logger }: AiProxyDeps): ErrorHandler {
  const unexpected = handleError(logger);
  return (error, c) => {
    if (!(error instanceof AppError)) return unexpected(error, c);
    const shown =
      error.code === "unauthenticated" ? new AppError("unauthenticated", unauthenticatedMessage) : error;
    if (error instanceof RetryLater && error.retryAfterSeconds)
      c.header("Retry-After", String(error.retryAfterSeconds));
    return c.json({ ...shown.toBody(), message: shown.message }, shown.status);
  };
}
