import { createInterface } from "node:readline";
import { parisToday } from "../src/shared/domain/dates";
import { interpretCommand } from "../src/shared/domain/interpreter/interpret-command";

// `npm run --silent interpret -- --now YYYY-MM-DD`: one French command per line on standard input, one JSON
// interpretation per line on standard output (issue 5), and nothing else there, so the output can be piped
// into jq or compared line by line. Blank lines are skipped; --now defaults to today (Paris).
const USAGE = "Usage : npm run --silent interpret -- [--now AAAA-MM-JJ] < commandes.txt";

function readNow(args: string[]): Date {
  const at = args.indexOf("--now");
  if (at === -1) return new Date();
  const day = args[at + 1] ?? "";
  const date = new Date(`${day}T12:00:00Z`);
  // Noon UTC is the same calendar day in Paris whatever the season, so "hier" counts from that day.
  if (!/^\d{4}-\d{2}-\d{2}$/.test(day) || Number.isNaN(date.getTime()) || parisToday(date) !== day) {
    console.error(`Date invalide pour --now : « ${day} ».\n${USAGE}`);
    process.exit(2);
  }
  return date;
}

const args = process.argv.slice(2);
if (args.includes("--help") || args.includes("-h")) {
  console.error(USAGE);
  process.exit(0);
}
const now = readNow(args);
for await (const line of createInterface({ input: process.stdin, crlfDelay: Number.POSITIVE_INFINITY })) {
  if (line.trim()) process.stdout.write(`${JSON.stringify(interpretCommand(line, now))}\n`);
}
