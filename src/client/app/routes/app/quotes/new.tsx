import { NewQuote } from "@client/features/quotes/components/new-quote";

export function Component() {
  return <NewQuote />;
}
