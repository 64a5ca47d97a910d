import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { call, markPaid, registerAndConfirm } from "../../test/accounts";
import { chat, confirmProposalOf, only, textOf } from "../../test/assistant-chat";
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
  // A rule acts later without the user (e-mails, webhooks): agent mode proposes it, the user confirms.
  const events = await chat(context, cookie, message, { confirmBeforeAction: false });
  const result = await confirmProposalOf(context, cookie, events);
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

  it("maps each French description to a kind that runs, and says plainly when it cannot", async () => {
    const bruno2 = await registerAndConfirm(context, { email: "bruno.descriptions@example.fr" });
    await markPaid(context, bruno2.userId);
    const cookie = bruno2.cookie;
    await call(context, "/api/clients", { method: "POST", cookie, body: { name: "Atelier Dupont" } });
    const said = async (message: string) => {
      const events = await chat(context, cookie, message, { confirmBeforeAction: false });
      return confirmProposalOf(context, cookie, events);
    };
    // What cannot be understood is said at once: nothing is proposed.
    const refusal = async (message: string) => {
      const events = await chat(context, cookie, message, { confirmBeforeAction: false });
      expect(only(events, "proposal")).toEqual([]);
      expect(only(events, "result")).toEqual([]);
      return textOf(events);
    };
    expect((await said("Facture Dupont 500 € HT chaque mois le 1er et envoie-la"))?.message).toMatch(
      /^Automatisation « Facture récurrente Atelier Dupont » créée : chaque mois le 1er, à partir du .+ : émettre et envoyer par e-mail une facture de 500,00\s€ HT à Atelier Dupont, la première le .+\.$/,
    );
    expect((await said("Envoie un mail de bienvenue à chaque nouveau client"))?.message).toBe(
      "Automatisation « Bienvenue aux nouveaux clients » créée : chaque nouveau client qui a une adresse e-mail recevra un e-mail de bienvenue à votre nom.",
    );
    expect((await said("Remercie le client quand une facture est payée"))?.success).toBe(true);
    expect((await said("Rappelle-moi les tâches la veille de leur échéance"))?.message).toBe(
      "Automatisation « Rappel des tâches à échéance » créée : la veille de l'échéance d'une tâche non terminée, vous serez prévenu par e-mail.",
    );
    expect((await said("Préviens-moi 3 jours avant l'expiration d'un devis"))?.success).toBe(true);
    // A webhook on an event is made here too; its signing secret comes beside the answer, once.
    const webhook = await said(
      "Envoie un webhook à https://93.184.215.14/ardoise quand une facture est payée.",
    );
    expect(webhook?.message).toBe(
      "Automatisation « Webhook : Facture payée » créée : quand une facture est entièrement payée (invoice.paid), Ardoise enverra un POST JSON signé (en-tête Ardoise-Signature) à https://93.184.215.14/ardoise, avec de nouveaux essais en cas d'échec. Gardez le secret de signature affiché ci-dessous : il ne sera plus montré.",
    );
    expect(webhook?.secret).toEqual({
      kind: "secret",
      label: "Secret de signature du webhook",
      value: expect.stringMatching(/^whsec_/),
    });
    expect(webhook?.message).not.toContain(webhook?.secret?.value);
    expect(await refusal("Envoie un webhook quand une facture est payée")).toBe(
      "Je n'ai pas pu créer l'automatisation : indiquez l'adresse qui doit recevoir le webhook (ex. : « https://hooks.zapier.com/… »).",
    );
    expect(await refusal("Envoie un webhook à https://93.184.215.14/x quand il pleut")).toMatch(
      /^Je n'ai pas pu créer l'automatisation : dites sur quel événement envoyer le webhook/,
    );
    // The assistant applies production's rule everywhere: no loopback or private target.
    expect(
      (await said("Envoie un webhook à http://127.0.0.1:8080/x quand un devis est accepté"))?.message,
    ).toBe(
      "Cette adresse de destination n'est pas accessible depuis Internet (adresse locale ou privée) : indiquez une URL publique.",
    );
    expect(await refusal("Crée une automatisation qui arrose mes plantes")).toMatch(
      /^Je n'ai pas pu créer l'automatisation : je n'ai pas compris quoi automatiser\./,
    );
    const { items } = await list(cookie);
    expect(
      items.map((item: { name: string; runsAutomatically: boolean }) => [item.name, item.runsAutomatically]),
    ).toEqual([
      ["Webhook : Facture payée", true],
      ["Suivi des devis envoyés", true],
      ["Rappel des tâches à échéance", true],
      ["Remerciement après paiement", true],
      ["Bienvenue aux nouveaux clients", true],
      ["Facture récurrente Atelier Dupont", true],
    ]);
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
