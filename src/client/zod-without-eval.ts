// zod compiles faster object parsers with `new Function` where it may, and finds out whether it may by trying
// one as its first object schema is built. The app's Content-Security-Policy forbids eval, so that try was
// reported as a violation of the policy (a `securitypolicyviolation` event from zod's core on /app/invoices
// and every page building a schema). Without eval zod uses its plain parsers anyway; `jitless` says so before
// the probe runs. zod keeps its settings on this global, shared by every copy of it (what `z.config` writes):
// set here without loading zod on pages that need none. This runs at the start of the entry's code, after the
// chunks the entry imports: none of them may build a zod schema (the invoices e2e would see the violation).
const zodHost = globalThis as { __zod_globalConfig?: Record<string, unknown> };
zodHost.__zod_globalConfig ??= {};
zodHost.__zod_globalConfig.jitless = true;
