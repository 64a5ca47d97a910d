import { desc, eq } from "drizzle-orm";
import { outboxEmails, profiles } from "../db/schema/index";
import { TEST_APP_URL, type TestContext } from "./test-app";

export const STRONG_PASSWORD = "Velo-Cargo-Lumiere-2026";

type Request = { method?: string; body?: unknown; cookie?: string; headers?: Record<string, string> };

/** Calls the app as the browser would: JSON body, same-origin Origin header, optional session cookie. */
export function call(
  context: TestContext,
  path: string,
  { method = "GET", body, cookie, headers = {} }: Request = {},
) {
  return context.app.request(path, {
    method,
    headers: {
      origin: TEST_APP_URL,
      ...(body === undefined ? {} : { "content-type": "application/json" }),
      ...(cookie ? { cookie } : {}),
      ...headers,
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
}

/** The `name=value` pairs of a response's Set-Cookie headers, as a Cookie header. */
export function cookieFrom(response: Response): string {
  return response.headers
    .getSetCookie()
    .map((cookie) => cookie.split(";")[0])
    .filter((pair) => pair && !pair.endsWith("="))
    .join("; ");
}

/** The newest e-mail sent to an address, from the outbox table every e-mail goes through. */
export async function lastEmailTo(context: TestContext, to: string) {
  const [email] = await context.database.db
    .select()
    .from(outboxEmails)
    .where(eq(outboxEmails.toAddress, to))
    .orderBy(desc(outboxEmails.createdAt))
    .limit(1);
  return email;
}

export function firstLink(text: string | undefined | null): string {
  const link = text?.match(/https?:\/\/\S+/)?.[0];
  if (!link) throw new Error(`no link in: ${text}`);
  return link.replace(/[).,]+$/, "");
}

let nextAddress = 0;
/** A distinct documentation-range address per caller, so per-IP limits do not pile up across tests. */
export const freshIp = () => `100.64.${Math.floor(++nextAddress / 250)}.${(nextAddress % 250) + 1}`;

/** Registers through the API, follows the confirmation link from the e-mail, returns the session cookie. */
export async function registerAndConfirm(
  context: TestContext,
  {
    email,
    password = STRONG_PASSWORD,
    name = "Camille Martin",
  }: { email: string; password?: string; name?: string },
): Promise<{ cookie: string; userId: string }> {
  const signUp = await call(context, "/api/auth/sign-up/email", {
    method: "POST",
    body: { email, password, name },
    headers: { "x-forwarded-for": freshIp() },
  });
  if (!signUp.ok) throw new Error(`sign-up failed: ${signUp.status} ${await signUp.text()}`);
  const mail = await lastEmailTo(context, email);
  const link = new URL(firstLink(mail?.text));
  const verified = await call(context, `${link.pathname}${link.search}`);
  const cookie = cookieFrom(verified);
  if (!cookie) throw new Error(`verification gave no session: ${verified.status}`);
  const session = await (await call(context, "/api/auth/get-session", { cookie })).json();
  return { cookie, userId: session.user.id };
}

/** Marks a user's registration paid directly (payment flows have their own tests). */
export async function markPaid(context: TestContext, userId: string): Promise<void> {
  await context.database.db
    .update(profiles)
    .set({ subscriptionStatus: "active" })
    .where(eq(profiles.id, userId));
}

/** A confirmed account whose registration is paid: what most API tests act as. */
export async function registerPaid(
  context: TestContext,
  account: { email: string; password?: string; name?: string },
): Promise<{ cookie: string; userId: string }> {
  const user = await registerAndConfirm(context, account);
  await markPaid(context, user.userId);
  return user;
}
