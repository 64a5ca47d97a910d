import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { call, registerPaid } from "../../test/accounts";
import { chat, textOf } from "../../test/assistant-chat";
import { createTestContext, type TestContext } from "../../test/test-app";

// Issue 10 §15: record text pasted into the offline answer's markdown must not become a link to another site.
let context: TestContext;
let cookie: string;

beforeAll(async () => {
  context = await createTestContext();
  ({ cookie } = await registerPaid(context, { email: "alice.markdown@example.fr" }));
});
afterAll(() => context.close());

describe("the offline answer escapes record labels", () => {
  it("lists a client named like a markdown link as text, inside the one link to its own page", async () => {
    const created = await call(context, "/api/clients", {
      method: "POST",
      cookie,
      body: { name: "[x](https://evil.example)" },
    });
    expect(created.status).toBe(201);
    const { id } = await created.json();

    const answer = textOf(await chat(context, cookie, "Montre-moi mes clients"));

    expect(answer).toContain(`- [\\[x\\](https://evil.example)](/app/clients/${id}) — Prospect`);
    expect(answer).not.toContain("[x](https://evil.example)");
  });
});
