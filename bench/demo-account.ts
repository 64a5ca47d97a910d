import { spawn } from "node:child_process";
import { DEMO_EMAIL, DEMO_PASSWORD } from "../scripts/demo-data/account";

// The demo account of `npm run seed:demo`, for the scenarios measured on PGlite (the default database): the
// script seeds a data directory before its server starts, since PGlite lets one process at a time open it.

/** Runs `npm run seed:demo` on the PGlite data directory `dataDir`. */
export function seedDemo(dataDir: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn("node_modules/.bin/tsx", ["scripts/seed-demo.ts"], {
      env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: "", LOG_LEVEL: "silent" },
      stdio: ["ignore", "ignore", "inherit"],
    });
    child.once("error", reject);
    child.once("exit", (code) => (code === 0 ? resolve() : reject(new Error(`seed:demo exited ${code}`))));
  });
}

/** Signs the demo user in through the API; the session cookie, as the browser would send it. */
export async function signInDemo(baseUrl: string): Promise<string> {
  const response = await fetch(`${baseUrl}/api/auth/sign-in/email`, {
    method: "POST",
    headers: { "content-type": "application/json", origin: baseUrl },
    body: JSON.stringify({ email: DEMO_EMAIL, password: DEMO_PASSWORD }),
  });
  if (!response.ok) throw new Error(`demo sign-in answered ${response.status}`);
  return response.headers
    .getSetCookie()
    .map((cookie) => cookie.split(";")[0])
    .join("; ");
}
