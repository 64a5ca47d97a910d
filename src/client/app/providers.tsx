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
      {/* Centred below the 56 px sticky header: at the top right they covered each page's primary button,
          which sits there (issues 10 and 31); at the bottom they would cover dialogs' buttons on a phone. */}
      <Toaster
        position="top-center"
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
