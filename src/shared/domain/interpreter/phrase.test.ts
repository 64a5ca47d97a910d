import { describe, expect, it } from "vitest";
import { interpretCommand } from "./interpret-command";

// What is left of a command once its spans are taken is its subject: the politeness around it is not.
const now = new Date("2026-03-18T12:00:00Z");
const titleOf = (text: string) => interpretCommand(text, now).entities.title;

describe("a task's title without the politeness around it", () => {
  it.each([
    ["nouvelle tâche : rappeler le notaire s'il vous plaît", "rappeler le notaire"],
    ["à faire : commander des cartes de visite merci beaucoup", "commander des cartes de visite"],
    ["S'il te plaît, tâche : trier les reçus", "trier les reçus"],
    // A thank-you that is the task stays.
    ["tâche : écrire merci beaucoup à Julie", "écrire merci beaucoup à Julie"],
  ])("%s → %s", (text, title) => {
    expect(titleOf(text)).toBe(title);
  });

  it("reads a dictated comma after a hesitation as a comma", () => {
    expect(titleOf("nouvelle tâche euh virgule classer les factures")).toBe("classer les factures");
    expect(titleOf("crée une tâche, réserver la salle hum point")).toBe("réserver la salle");
  });
});
