import concurrently from "concurrently";

// `npm run dev`: Vite with hot reload on PORT (3000), the API beside it on API_PORT (3001), proxied by Vite.
const port = process.env.PORT ?? "3000";
const apiPort = process.env.API_PORT ?? "3001";

const { result } = concurrently(
  [
    {
      name: "api",
      command: "tsx watch --clear-screen=false src/server/main.ts",
      env: { PORT: apiPort, APP_URL: `http://localhost:${port}`, ARDOISE_SERVE_CLIENT: "false" },
      prefixColor: "blue",
    },
    { name: "web", command: "vite", env: { PORT: port, API_PORT: apiPort }, prefixColor: "magenta" },
  ],
  { killOthersOn: ["failure", "success"] },
);
await result.catch(() => process.exit(1));
