import { QuotesList } from "@client/features/quotes/components/quotes-list";

export function Component() {
  return <QuotesList />;
}
