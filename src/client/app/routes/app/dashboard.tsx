import { Dashboard } from "@client/features/dashboard/components/dashboard";

export function Component() {
  return <Dashboard />;
}
