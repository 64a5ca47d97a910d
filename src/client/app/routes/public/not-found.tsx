import { NotFound } from "@client/components/not-found";

export function Component() {
  return <NotFound />;
}
