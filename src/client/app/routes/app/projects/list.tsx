import { ProjectsList } from "@client/features/projects/components/projects-list";

export function Component() {
  return <ProjectsList />;
}
