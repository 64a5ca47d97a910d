import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { call, markPaid, registerAndConfirm } from "../../test/accounts";
import { chat, only } from "../../test/assistant-chat";
import { createTestContext, type TestContext } from "../../test/test-app";

// The rules the assistant creates, as the Automatisations page lists, pauses and deletes them.

let context: TestContext;
let alice: { cookie: string; userId: string };
let bruno: { cookie: string; userId: string };

beforeAll(async () => {
  context = await createTestContext();
  alice = await registerAndConfirm(context, { email: "alice.regles@example.fr" });
  bruno = await registerAndConfirm(context, { email: "bruno.regles@example.fr" });
  await markPaid(context, alice.userId);
  await markPaid(context, bruno.userId);
});
afterAll(() => context.close());

const list = async (cookie: string) => (await call(context, "/api/automations", { cookie })).json();

async function createThroughAssistant(cookie: string, message: string) {
  const events = await chat(context, cookie, message, { confirmBeforeAction: false });
  const result = only(events, "result")[0]?.result;
  expect(result).toMatchObject({ type: "create_automation", success: true });
  return result?.message ?? "";
}

describe("automation rules", () => {
  it("lists the assistant's rules newest first, in French", async () => {
    expect(await list(alice.cookie)).toEqual({ items: [] });
    expect(
      await createThroughAssistant(
        alice.cookie,
        "Crée une automatisation pour relancer les factures en retard",
      ),
    ).toBe(
      "Automatisation « Relance des factures en retard » créée : vos clients seront relancés par e-mail 7, 15 et 30 jours après l'échéance de chaque facture impayée.",
    );
    expect(
      await createThroughAssistant(alice.cookie, "Crée une automatisation : un bilan chaque semaine"),
    ).toMatch(
      /^Automatisation « Bilan hebdomadaire » créée : votre bilan partira chaque lundi matin, la première fois le \d{1,2} \S+ \d{4}\.$/,
    );
    const { items } = await list(alice.cookie);
    expect(items).toHaveLength(2);
    expect(items[0]).toMatchObject({
      name: "Bilan hebdomadaire",
      trigger: "Chaque semaine",
      action: "Vous envoyer un bilan par e-mail le lundi matin",
      isActive: true,
      runsAutomatically: true,
      runCount: 0,
      lastRunAt: null,
    });
    // The summary leaves next Monday morning; the relances have no schedule of their own.
    expect(new Date(items[0].nextRunAt).getUTCDay()).toBe(1);
    expect(Date.parse(items[0].nextRunAt)).toBeGreaterThan(Date.now());
    expect(items[1].nextRunAt).toBeNull();
    expect(items[1]).toMatchObject({
      name: "Relance des factures en retard",
      description: expect.stringContaining("relancer les factures en retard"),
      trigger: "Quand une facture passe en retard",
      action: "Relancer le client par e-mail 7, 15 et 30 jours après l'échéance",
      runsAutomatically: true,
    });
  });

  it("pauses and resumes a rule, and says in French what a bad body lacks", async () => {
    const [rule] = (await list(alice.cookie)).items;
    const paused = await call(context, `/api/automations/${rule.id}`, {
      method: "PATCH",
      cookie: alice.cookie,
      body: { isActive: false },
    });
    expect(paused.status).toBe(200);
    expect(await paused.json()).toMatchObject({ id: rule.id, isActive: false });
    expect((await list(alice.cookie)).items[0].isActive).toBe(false);

    const invalid = await call(context, `/api/automations/${rule.id}`, {
      method: "PATCH",
      cookie: alice.cookie,
      body: { isActive: "oui" },
    });
    expect(invalid.status).toBe(400);
    expect((await invalid.json()).error.issues).toEqual([
      { path: "isActive", message: "Indiquez si l'automatisation est active." },
    ]);
    expect((await list(alice.cookie)).items[0].isActive).toBe(false);
  });

  it("keeps each user's rules to themselves: 404 on another user's or a malformed id", async () => {
    const [rule] = (await list(alice.cookie)).items;
    expect(await list(bruno.cookie)).toEqual({ items: [] });
    for (const [method, body] of [
      ["PATCH", { isActive: true }],
      ["DELETE", undefined],
    ] as const) {
      const response = await call(context, `/api/automations/${rule.id}`, {
        method,
        body,
        cookie: bruno.cookie,
      });
      expect(response.status, method).toBe(404);
      expect((await response.json()).error.message).toBe("Automatisation introuvable.");
    }
    expect(
      (await call(context, "/api/automations/pas-un-id", { method: "DELETE", cookie: alice.cookie })).status,
    ).toBe(404);
    expect((await list(alice.cookie)).items).toHaveLength(2);
  });

  it("deletes a rule", async () => {
    const [rule] = (await list(alice.cookie)).items;
    const deleted = await call(context, `/api/automations/${rule.id}`, {
      method: "DELETE",
      cookie: alice.cookie,
    });
    expect(deleted.status).toBe(204);
    const { items } = await list(alice.cookie);
    expect(items.map((item: { id: string }) => item.id)).not.toContain(rule.id);
    expect(
      (await call(context, `/api/automations/${rule.id}`, { method: "DELETE", cookie: alice.cookie })).status,
    ).toBe(404);
  });
});
