import type { DemoClient } from "./clients";
import type { History } from "./history";
import type { DemoProject } from "./projects";

/** What every builder after the projects works from: the account, its clients and projects, the history. */
export type DemoStory = { userId: string; history: History; clients: DemoClient[]; projects: DemoProject[] };
