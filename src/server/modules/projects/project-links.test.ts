import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { call, markPaid, registerAndConfirm } from "../../test/accounts";
import { createTestContext, type TestContext } from "../../test/test-app";

// Issue 10: an invoice or a quote links only a project of the caller's own. Another user's project and an
// unknown id get the same French answer as an unknown client (no 500, no way to tell them apart).

let context: TestContext;
let alice: { cookie: string; userId: string };
let bruno: { cookie: string; userId: string };
let brunoProjectId: string;

const UNKNOWN_ID = "00000000-0000-4000-8000-000000000000";
const PROJECT_NOT_FOUND = {
  error: {
    code: "validation_failed",
    message: "Projet introuvable.",
    issues: [{ path: "projectId", message: "Projet introuvable." }],
  },
};

async function createProject(cookie: string, name: string): Promise<string> {
  const response = await call(context, "/api/projects", { method: "POST", cookie, body: { name } });
  expect(response.status).toBe(201);
  return (await response.json()).id;
}

beforeAll(async () => {
  context = await createTestContext();
  alice = await registerAndConfirm(context, { email: "alice.liens@example.fr" });
  bruno = await registerAndConfirm(context, { email: "bruno.liens@example.fr" });
  await markPaid(context, alice.userId);
  await markPaid(context, bruno.userId);
  brunoProjectId = await createProject(bruno.cookie, "Refonte confidentielle");
});
afterAll(() => context.close());

describe.each([
  { documents: "/api/invoices", label: "invoice" },
  { documents: "/api/quotes", label: "quote" },
])("$label project link", ({ documents }) => {
  const body = (projectId?: string) => ({
    clientName: "Dupont SARL",
    lines: [{ description: "Développement", quantity: 1, unitPriceCents: 50000, vatRateBp: 0 }],
    ...(projectId ? { projectId } : {}),
  });
  const create = (projectId?: string) =>
    call(context, documents, { method: "POST", cookie: alice.cookie, body: body(projectId) });

  it("refuses another user's project and an unknown one at creation, with the same French 400", async () => {
    for (const projectId of [brunoProjectId, UNKNOWN_ID]) {
      const response = await create(projectId);
      expect(response.status).toBe(400);
      expect(await response.json()).toEqual(PROJECT_NOT_FOUND);
    }
    const list = await (await call(context, documents, { cookie: alice.cookie })).json();
    expect(list.items).toEqual([]);
  });

  it("refuses them on update too, and keeps the document's own project", async () => {
    const ownProjectId = await createProject(alice.cookie, "Site vitrine");
    const document = await (await create(ownProjectId)).json();
    for (const projectId of [brunoProjectId, UNKNOWN_ID]) {
      const response = await call(context, `${documents}/${document.id}`, {
        method: "PATCH",
        cookie: alice.cookie,
        body: { projectId },
      });
      expect(response.status).toBe(400);
      expect(await response.json()).toEqual(PROJECT_NOT_FOUND);
    }
    const reread = await (
      await call(context, `${documents}/${document.id}`, { cookie: alice.cookie })
    ).json();
    expect(reread.projectId).toBe(ownProjectId);
  });

  it("keeps the document and drops the link when one's own project is deleted", async () => {
    const projectId = await createProject(alice.cookie, "Projet abandonné");
    const document = await (await create(projectId)).json();
    expect(document.projectId).toBe(projectId);
    const deleted = await call(context, `/api/projects/${projectId}`, {
      method: "DELETE",
      cookie: alice.cookie,
    });
    expect(deleted.status).toBe(204);
    const reread = await call(context, `${documents}/${document.id}`, { cookie: alice.cookie });
    expect(reread.status).toBe(200);
    expect(await reread.json()).toMatchObject({
      id: document.id,
      projectId: null,
      clientName: "Dupont SARL",
    });
  });
});
