import { AssistantHome } from "@client/features/assistant/components/assistant-home";

export function Component() {
  return <AssistantHome />;
}
