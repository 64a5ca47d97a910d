import {
  HARNESS_CASES_PER_PART,
  HARNESS_SEED,
  runHarness,
} from "../src/shared/domain/interpreter/generalisation/harness";
import { HELD_OUT_LEXICON } from "../src/shared/domain/interpreter/generalisation/lexicon-heldout";
import { TUNING_LEXICON } from "../src/shared/domain/interpreter/generalisation/lexicon-tuning";
import { formatReport } from "../src/shared/domain/interpreter/generalisation/scoring";

// `npx tsx bench/generalisation.ts [--examples N]`: the generative harness's report on both halves of its
// vocabulary, same seed and size as the test. Tune on the first report's failures, never on the second's:
// its examples are there to tell a harness mistake from an interpreter one, not to write rules from.
const at = process.argv.indexOf("--examples");
const examples = at === -1 ? 10 : Number(process.argv[at + 1]);
console.log(`Seed ${HARNESS_SEED}, ${HARNESS_CASES_PER_PART} commands per part.\n`);
console.log(formatReport("Tuning part", runHarness(TUNING_LEXICON), examples));
console.log();
console.log(
  formatReport("Held-out part (never tune on its failures)", runHarness(HELD_OUT_LEXICON), examples),
);
