import { NewProject } from "@client/features/projects/components/new-project";

export function Component() {
  return <NewProject />;
}
