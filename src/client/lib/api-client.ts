import { type ErrorCode, errorStatus, isErrorBody } from "@shared/errors";
import type { z } from "zod";
import { ApiError, SERVER_UNREACHABLE_MESSAGE } from "./api-error";
import { serverRequest } from "./server-request";

const codeForStatus = (status: number): ErrorCode =>
  (Object.entries(errorStatus).find(([, value]) => value === status)?.[0] as ErrorCode | undefined) ??
  (status >= 500 ? "internal" : "bad_request");

/**
 * Reads an error answer: the house shape `{ error: { code, message, issues } }`, or better-auth's
 * `{ code, message }` (already translated to French by the server).
 */
async function toApiError(response: Response): Promise<ApiError> {
  const body: unknown = await response.json().catch(() => null);
  if (isErrorBody(body)) {
    const { code, message, issues } = body.error;
    return new ApiError(response.status, code, message, issues);
  }
  const auth = body as { code?: string; message?: string; reasons?: string[] } | null;
  const error = new ApiError(
    response.status,
    codeForStatus(response.status),
    auth?.message ?? "Une erreur est survenue. Veuillez réessayer.",
  );
  return Object.assign(error, { authCode: auth?.code, reasons: auth?.reasons ?? [] });
}

/** An auth answer's extras; absent when the error came in the house shape (a proxy, the body limit…). */
export type AuthApiError = ApiError & { authCode?: string; reasons?: string[] };

type FetchOptions = { method?: string; body?: unknown; signal?: AbortSignal };

/**
 * fetch for our own API: same-origin cookies, JSON in and out (a FormData body goes as multipart, for
 * uploads), ApiError for every non-2xx answer.
 */
export async function apiFetch<T>(path: string, options?: FetchOptions): Promise<T>;
/** The same, with the answer checked against a schema: a changed server shape fails loudly, not later. */
export async function apiFetch<Schema extends z.ZodType>(
  path: string,
  options: FetchOptions & { schema: Schema },
): Promise<z.output<Schema>>;
export async function apiFetch(
  path: string,
  { method = "GET", body, signal, schema }: FetchOptions & { schema?: z.ZodType } = {},
): Promise<unknown> {
  let response: Response;
  try {
    // While the server renders a page, the same request goes to its own API instead (prerender.tsx).
    const send = serverRequest()?.fetch ?? fetch;
    response = await send(path, {
      method,
      credentials: "same-origin",
      signal,
      headers: {
        accept: "application/json",
        ...(body === undefined || body instanceof FormData ? {} : { "content-type": "application/json" }),
      },
      body: body === undefined || body instanceof FormData ? body : JSON.stringify(body),
    });
  } catch (error) {
    if (signal?.aborted) throw error;
    throw new ApiError(0, "unavailable", SERVER_UNREACHABLE_MESSAGE);
  }
  if (!response.ok) throw await toApiError(response);
  if (response.status === 204) return undefined;
  const data: unknown = await response.json();
  if (!schema) return data;
  const parsed = schema.safeParse(data);
  if (!parsed.success) throw new ApiError(response.status, "internal", "Réponse inattendue du serveur.");
  return parsed.data;
}
