import { ProjectDetail } from "@client/features/projects/components/project-detail";
import { useParams } from "react-router";

export function Component() {
  const { id = "" } = useParams();
  return <ProjectDetail key={id} id={id} />;
}
