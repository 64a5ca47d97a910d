import { describe, expect, it } from "vitest";
import { addDays, HARNESS_TODAY, nextWeekday, previousWeekday, weekday } from "./calendar";
import { frenchHundredsWords, frenchWords } from "./french-numbers";
import { generateCases } from "./grammar";
import { HARNESS_CASES_PER_PART, HARNESS_SEED, HELD_OUT_ACCURACY_THRESHOLD, runHarness } from "./harness";
import { harnessIntents, type Lexicon } from "./lexicon";
import { HELD_OUT_LEXICON } from "./lexicon-heldout";
import { TUNING_LEXICON } from "./lexicon-tuning";
import { survivesLowerCase, writeBack } from "./name-forms";
import { elide } from "./noise";
import { accuracy, formatReport } from "./scoring";

describe("the harness's own French", () => {
  it.each([
    [0, "zéro"],
    [16, "seize"],
    [17, "dix-sept"],
    [21, "vingt et un"],
    [71, "soixante et onze"],
    [77, "soixante-dix-sept"],
    [80, "quatre-vingts"],
    [81, "quatre-vingt-un"],
    [91, "quatre-vingt-onze"],
    [99, "quatre-vingt-dix-neuf"],
    [200, "deux cents"],
    [250, "deux cent cinquante"],
    [1200, "mille deux cents"],
    [21_000, "vingt et un mille"],
    [80_000, "quatre-vingt mille"],
    [200_300, "deux cent mille trois cents"],
    [999_999, "neuf cent quatre-vingt-dix-neuf mille neuf cent quatre-vingt-dix-neuf"],
  ])("writes %i as « %s »", (n, words) => {
    expect(frenchWords(n)).toBe(words);
  });

  it("says round hundreds the everyday way", () => {
    expect(frenchHundredsWords(1200)).toBe("douze cents");
    expect(frenchHundredsWords(1250)).toBeUndefined();
  });

  it("counts days from Wednesday 18 March 2026", () => {
    expect(weekday(HARNESS_TODAY)).toBe(3);
    expect(nextWeekday(HARNESS_TODAY, 5)).toBe("2026-03-20");
    expect(previousWeekday(HARNESS_TODAY, 6)).toBe("2026-03-14");
    expect(addDays(HARNESS_TODAY, 30)).toBe("2026-04-17");
  });

  it("writes a dictated name back with its capitals, and keeps ambiguous ones as written", () => {
    expect(writeBack("menuiserie girard")).toBe("Menuiserie Girard");
    expect(writeBack("dupont sarl")).toBe("Dupont SARL");
    expect(survivesLowerCase("Brasserie du Centre")).toBe(true);
    expect(survivesLowerCase("Transports Le Gall")).toBe(false);
    expect(survivesLowerCase("L'Échoppe")).toBe(false);
  });

  it("elides and contracts as French does", () => {
    expect(elide("paiement de Atelier 42")).toBe("paiement d'Atelier 42");
    expect(elide("peux-tu me établir de le")).toBe("peux-tu m'établir de le");
    expect(elide("une note de huit cents euros de hôtel")).toBe("une note de huit cents euros d'hôtel");
  });
});

describe("the generative grammar", () => {
  const sample = (lexicon: Lexicon) => generateCases(lexicon, HARNESS_SEED, 500);

  it("generates the same commands from the same seed", () => {
    expect(sample(TUNING_LEXICON)).toEqual(sample(TUNING_LEXICON));
  });

  it.each([TUNING_LEXICON, HELD_OUT_LEXICON])(
    "fills every slot and labels every intent ($part)",
    (lexicon) => {
      const cases = sample(lexicon);
      for (const { text, expected } of cases) {
        expect(text).not.toMatch(/[{}]|undefined|NaN/);
        // What the output contract can hold: a client name of 2 to 49 characters, a positive amount.
        if (expected.client) expect(expected.client.length).toBeLessThan(50);
        if (expected.amount !== undefined) expect(expected.amount).toBeGreaterThan(0);
      }
      expect(new Set(cases.map((testCase) => testCase.intent))).toEqual(new Set(harnessIntents));
    },
  );

  it("keeps the held-out vocabulary apart from the tuning one", () => {
    const shared = <T>(pick: (lexicon: Lexicon) => readonly T[], key: (item: T) => string = String) => {
      const tuning = new Set(pick(TUNING_LEXICON).map(key));
      return pick(HELD_OUT_LEXICON)
        .map(key)
        .filter((item) => tuning.has(item));
    };
    expect(shared((lexicon) => lexicon.companies)).toEqual([]);
    expect(
      shared(
        (lexicon) => lexicon.persons,
        (person) => person.join(" "),
      ),
    ).toEqual([]);
    expect(shared((lexicon) => lexicon.projectNames)).toEqual([]);
    expect(shared((lexicon) => lexicon.taskTitles)).toEqual([]);
    expect(
      shared(
        (lexicon) => lexicon.expenseItems,
        (item) => item.text,
      ),
    ).toEqual([]);
    expect(shared((lexicon) => lexicon.lineDescriptions)).toEqual([]);
    expect(
      shared(
        (lexicon) => harnessIntents.flatMap((intent) => lexicon.templates[intent]),
        (t) => t.text,
      ),
    ).toEqual([]);
  });
});

describe("generalisation to French nobody tuned for", () => {
  it(`understands at least ${HELD_OUT_ACCURACY_THRESHOLD * 100} % of ${HARNESS_CASES_PER_PART} held-out commands`, () => {
    const scored = runHarness(HELD_OUT_LEXICON);
    // Tallies only: its sentences are not to be read, even in a test log.
    console.log(formatReport("Generated held-out commands", scored, 0));
    expect(accuracy(scored)).toBeGreaterThanOrEqual(HELD_OUT_ACCURACY_THRESHOLD);
  }, 60_000);
});
