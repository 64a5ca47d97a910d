import { createHash } from "node:crypto";
import { MAILCHIMP_KEY_PATTERN } from "@shared/schemas/mailchimp";

/**
 * The Mailchimp Marketing API v3 (https://mailchimp.com/developer/marketing/api/), only what Ardoise uses:
 * the account, the audiences, and adding or updating a member with its tags. Every failure becomes a
 * MailchimpError carrying a French message for the user and what it means for the sync.
 */

/** Mailchimp's host for a key: its data center is the key's suffix (`…-us21` → us21). */
export function mailchimpBaseUrl(apiKey: string, override?: string): string {
  if (override) return override.replace(/\/$/, "");
  const dataCenter = MAILCHIMP_KEY_PATTERN.exec(apiKey)?.[1];
  if (!dataCenter) throw new Error("not a Mailchimp API key");
  return `https://${dataCenter}.api.mailchimp.com/3.0`;
}

/** A member's id in an audience: the MD5 of the lowercase address. */
export const subscriberHash = (email: string) =>
  createHash("md5").update(email.trim().toLowerCase()).digest("hex");

/**
 * "key": the key is refused (stop calling with it); "member": this contact only was refused; "audience": the
 * chosen audience is gone; "unavailable": Mailchimp did not answer properly, try again later.
 */
export type MailchimpErrorKind = "key" | "member" | "audience" | "unavailable";

export class MailchimpError extends Error {
  constructor(
    readonly kind: MailchimpErrorKind,
    message: string,
    readonly status?: number,
  ) {
    super(message);
    this.name = "MailchimpError";
  }
}

type Problem = { status?: number; title?: string; detail?: string };

const KEY_REFUSED =
  "Mailchimp a refusé la clé d'API : elle est invalide ou a été révoquée. Reconnectez Mailchimp avec une nouvelle clé (Profil → Extras → Clés d'API).";

/** French reasons for what Mailchimp's problem documents say in English. */
function toError(status: number, problem: Problem, path: string): MailchimpError {
  if (status === 401) return new MailchimpError("key", KEY_REFUSED, status);
  if (status === 403)
    return new MailchimpError(
      "key",
      "Mailchimp refuse l'accès avec cette clé (compte suspendu ou droits insuffisants).",
      status,
    );
  if (status === 404 && /^\/lists\/[^/]+$/.test(path))
    return new MailchimpError(
      "audience",
      "L'audience choisie n'existe plus dans Mailchimp : choisissez-en une autre.",
      status,
    );
  if (status === 429)
    return new MailchimpError(
      "unavailable",
      "Mailchimp limite le nombre de requêtes : nouvel essai à la prochaine synchronisation.",
      status,
    );
  if (status >= 500 || status === 404)
    return new MailchimpError(
      "unavailable",
      `Mailchimp est momentanément indisponible (erreur ${status}) : nouvel essai à la prochaine synchronisation.`,
      status,
    );
  const text = `${problem.title ?? ""} ${problem.detail ?? ""}`;
  if (/compliance state/i.test(text))
    return new MailchimpError(
      "member",
      "ce contact s'est désinscrit ou a été nettoyé dans Mailchimp : Ardoise ne le réinscrit pas.",
      status,
    );
  if (/forgotten/i.test(text))
    return new MailchimpError(
      "member",
      "cette adresse a été supprimée définitivement de Mailchimp : seul le contact peut se réinscrire.",
      status,
    );
  if (/fake|invalid|valid email/i.test(text))
    return new MailchimpError("member", "Mailchimp juge cette adresse e-mail invalide.", status);
  return new MailchimpError(
    "member",
    `Mailchimp a refusé ce contact (erreur ${status}${problem.title ? ` « ${problem.title} »` : ""}).`,
    status,
  );
}

export type MemberFields = { email: string; firstName: string; lastName: string };
export type MemberStatus = string;

const TIMEOUT_MS = 15_000;

export function mailchimpApi(apiKey: string, baseUrlOverride?: string) {
  const baseUrl = mailchimpBaseUrl(apiKey, baseUrlOverride);
  // Mailchimp takes any user name with the key as password.
  const authorization = `Basic ${Buffer.from(`ardoise:${apiKey}`).toString("base64")}`;

  async function call<T>(method: string, path: string, body?: object): Promise<T> {
    let response: Response;
    try {
      response = await fetch(`${baseUrl}${path}`, {
        method,
        headers: {
          authorization,
          accept: "application/json",
          ...(body ? { "content-type": "application/json" } : {}),
        },
        body: body ? JSON.stringify(body) : undefined,
        signal: AbortSignal.timeout(TIMEOUT_MS),
      });
    } catch {
      throw new MailchimpError(
        "unavailable",
        "Mailchimp ne répond pas : nouvel essai à la prochaine synchronisation.",
      );
    }
    if (response.status === 204) return undefined as T;
    const payload = (await response.json().catch(() => ({}))) as T & Problem;
    if (!response.ok) throw toError(response.status, payload, path.split("?")[0] ?? path);
    return payload;
  }

  return {
    async account(): Promise<{ accountName: string }> {
      const root = await call<{ account_name?: string }>("GET", "/?fields=account_name");
      return { accountName: root.account_name ?? "Mailchimp" };
    },

    async audiences(): Promise<{ id: string; name: string; memberCount: number }[]> {
      const page = await call<{ lists?: { id: string; name: string; stats?: { member_count?: number } }[] }>(
        "GET",
        "/lists?count=1000&fields=lists.id,lists.name,lists.stats.member_count",
      );
      return (page.lists ?? []).map((list) => ({
        id: list.id,
        name: list.name,
        memberCount: list.stats?.member_count ?? 0,
      }));
    },

    async audience(listId: string): Promise<{ id: string; name: string }> {
      const list = await call<{ id: string; name: string }>(
        "GET",
        `/lists/${encodeURIComponent(listId)}?fields=id,name`,
      );
      return { id: list.id, name: list.name };
    },

    /**
     * Adds the contact or updates its name. `status_if_new` only applies to a new member: an existing
     * member keeps the status it has, so someone who unsubscribed is never subscribed again.
     */
    async upsertMember(listId: string, member: MemberFields): Promise<MemberStatus> {
      const updated = await call<{ status: MemberStatus }>(
        "PUT",
        `/lists/${encodeURIComponent(listId)}/members/${subscriberHash(member.email)}`,
        {
          email_address: member.email.trim(),
          status_if_new: "subscribed",
          merge_fields: { FNAME: member.firstName, LNAME: member.lastName },
        },
      );
      return updated.status;
    },

    /** Tags the member with `active` and takes `inactive` off (a prospect who became a client). */
    async setTags(listId: string, email: string, active: string[], inactive: string[]): Promise<void> {
      await call("POST", `/lists/${encodeURIComponent(listId)}/members/${subscriberHash(email)}/tags`, {
        tags: [
          ...active.map((name) => ({ name, status: "active" })),
          ...inactive.map((name) => ({ name, status: "inactive" })),
        ],
      });
    },
  };
}

export type MailchimpApi = ReturnType<typeof mailchimpApi>;
