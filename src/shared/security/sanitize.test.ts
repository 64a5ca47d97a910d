import { describe, expect, it } from "vitest";
import { SANITIZED_TEXT_MAX_LENGTH, sanitizeText } from "./sanitize";

describe("sanitizeText", () => {
  it("keeps ordinary French text as typed", () => {
    const text = "Facture n° 12 : 1 250,00 € — « merci » & à bientôt ; raison = 3 ; onze";
    expect(sanitizeText(text)).toBe(text);
  });

  it("strips angle brackets", () => {
    expect(sanitizeText("<b>gras</b> a < b > c")).toBe("bgras/b a  b  c");
  });

  it("strips javascript: prefixes in any case and with spaces before the colon", () => {
    expect(sanitizeText("javascript:alert(1)")).toBe("alert(1)");
    expect(sanitizeText("JaVaScRiPt :alert(1)")).toBe("alert(1)");
  });

  it("strips inline event handlers", () => {
    expect(sanitizeText("img src=x onerror=alert(1)")).toBe("img src=x alert(1)");
    expect(sanitizeText('div onClick = "go()"')).toBe('div  "go()"');
    expect(sanitizeText("onmouseover=steal()")).toBe("steal()");
  });

  it("strips data: and vbscript: schemes", () => {
    expect(sanitizeText("data:text/html;base64,PHNjcmlwdD4=")).toBe("text/html;base64,PHNjcmlwdD4=");
    expect(sanitizeText("VBScript:MsgBox(1)")).toBe("MsgBox(1)");
  });

  it("strips CSS expression(", () => {
    expect(sanitizeText("width: expression(alert(1))")).toBe("width: alert(1))");
    expect(sanitizeText("width: EXPRESSION (alert(1))")).toBe("width: alert(1))");
  });

  it("does not let a removal reassemble a dangerous prefix", () => {
    expect(sanitizeText("javajavascript:script:alert(1)")).toBe("alert(1)");
    expect(sanitizeText("java<script:alert(1)")).toBe("alert(1)");
    expect(sanitizeText("on<click=x")).toBe("x");
  });

  it("trims surrounding whitespace", () => {
    expect(sanitizeText("  \n bonjour \t ")).toBe("bonjour");
    expect(sanitizeText("   ")).toBe("");
  });

  it("cuts to 10,000 characters", () => {
    expect(SANITIZED_TEXT_MAX_LENGTH).toBe(10_000);
    expect(sanitizeText("a".repeat(12_000))).toHaveLength(10_000);
    expect(sanitizeText("a".repeat(10_000))).toHaveLength(10_000);
  });

  it("cuts after trimming, so leading spaces do not eat the limit", () => {
    expect(sanitizeText(`${" ".repeat(50)}${"a".repeat(10_000)}`)).toBe("a".repeat(10_000));
  });

  it("does not cut an emoji in half at the limit", () => {
    const result = sanitizeText(`${"a".repeat(9_999)}😀`);
    expect(result).toBe("a".repeat(9_999));
  });
});
