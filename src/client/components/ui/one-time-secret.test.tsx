import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { OneTimeSecret } from "./one-time-secret";

describe("OneTimeSecret", () => {
  it("names what it copies: the API token, or the webhook's signing secret", () => {
    const token = renderToStaticMarkup(
      <OneTimeSecret kind="jeton" label="Jeton « CRM » créé" value="ard_abc" />,
    );
    expect(token).toContain("Copier le jeton");
    expect(token).toContain('value="ard_abc"');
    const secret = renderToStaticMarkup(
      <OneTimeSecret kind="secret" label="Secret de signature" value="whsec_abc" />,
    );
    expect(secret).toContain("Copier le secret");
    expect(secret).not.toContain("jeton");
  });
});
