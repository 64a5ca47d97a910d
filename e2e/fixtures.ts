import { type APIRequestContext, expect, type Page } from "@playwright/test";

export const shot = (page: Page, name: string) =>
  page.screenshot({ path: `test-results/screenshots/${name}.png`, fullPage: true });

/** The newest e-mail sent to `to`, read from the local outbox the server writes every e-mail to. */
export async function lastMailTo(request: APIRequestContext, to: string, subject: RegExp) {
  let found: { id: string } | undefined;
  await expect
    .poll(async () => {
      const { emails } = await (await request.get(`/api/dev/mailbox?to=${encodeURIComponent(to)}`)).json();
      found = emails.find((email: { subject: string }) => subject.test(email.subject));
      return Boolean(found);
    })
    .toBe(true);
  return (await request.get(`/api/dev/mailbox/${found?.id}`)).json() as Promise<{
    subject: string;
    text: string;
    html: string;
  }>;
}

export function linkIn(text: string): string {
  const link = text.match(/https?:\/\/\S+/)?.[0]?.replace(/[).,]+$/, "");
  if (!link) throw new Error(`no link in the e-mail: ${text}`);
  return link;
}
