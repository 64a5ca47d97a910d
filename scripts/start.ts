import { ensureClientBuild } from "./client-build";

// `npm start`: build the interface when it is missing or stale, then run the server in this same process.
await ensureClientBuild();
await import("../src/server/main");
