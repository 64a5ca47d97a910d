import { applyTheme, useResolvedTheme } from "@client/lib/theme";
import { type QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { type ReactNode, useLayoutEffect, useState } from "react";
import { Toaster } from "sonner";
import { createQueryClient } from "./query-client";

/**
 * `client` is given by main.tsx, which starts the first queries before rendering, and by the build's
 * prerendering, which clears it afterwards (its timers keep Node up).
 */
export function Providers({ children, client }: { children: ReactNode; client?: QueryClient }) {
  const [queryClient] = useState(() => client ?? createQueryClient());
  const theme = useResolvedTheme();

  useLayoutEffect(() => applyTheme(theme), [theme]);

  return (
    <QueryClientProvider client={queryClient}>
      {children}
      {/* Offset below the 56 px sticky header: a toast never covers its buttons (issue 10). */}
      <Toaster
        position="top-right"
        offset={{ top: 72 }}
        mobileOffset={{ top: 64 }}
        duration={4000}
        visibleToasts={3}
        gap={14}
        richColors
        theme={theme}
      />
    </QueryClientProvider>
  );
}
