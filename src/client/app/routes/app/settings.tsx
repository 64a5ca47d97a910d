import { UnderConstruction } from "@client/components/under-construction";

export function Component() {
  return <UnderConstruction title="Paramètres" />;
}
