"use client";
// Client-side data for the console: one QueryClient and one tRPC client per browser tab.
// Subscriptions (the playground's stream) go over SSE; everything else is batched HTTP.
import { MutationCache, QueryCache, QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { createTRPCClient, httpBatchLink, httpSubscriptionLink, splitLink, TRPCClientError } from "@trpc/client";
import { createTRPCContext } from "@trpc/tanstack-react-query";
import { useState, type ReactNode } from "react";
import superjson from "superjson";
import type { AppRouter } from "@/server/trpc/root";
import { MAX_BATCH } from "@/server/vocab/trpc-batch";

export const { TRPCProvider, useTRPC, useTRPCClient } = createTRPCContext<AppRouter>();

const isUnauthorized = (error: unknown) => error instanceof TRPCClientError && error.data?.code === "UNAUTHORIZED";

// A session that expired while a page was open: start over at sign-in rather than show errors.
function toSignIn(error: unknown) {
  if (isUnauthorized(error) && window.location.pathname !== "/sign-in") window.location.assign("/sign-in");
}

function makeQueryClient() {
  return new QueryClient({
    queryCache: new QueryCache({ onError: toSignIn }),
    mutationCache: new MutationCache({ onError: toSignIn }),
    defaultOptions: {
      queries: {
        staleTime: 10_000,
        // Client errors (4xx) will not heal by retrying.
        retry: (count, error) => count < 2 && !(error instanceof TRPCClientError && (error.data?.httpStatus ?? 500) < 500),
      },
    },
  });
}

export function Providers({ children }: { children: ReactNode }) {
  const [queryClient] = useState(makeQueryClient);
  const [trpcClient] = useState(() =>
    createTRPCClient<AppRouter>({
      links: [
        splitLink({
          condition: (op) => op.type === "subscription",
          true: httpSubscriptionLink({ url: "/api/trpc", transformer: superjson }),
          false: httpBatchLink({ url: "/api/trpc", transformer: superjson, maxItems: MAX_BATCH }),
        }),
      ],
    }),
  );
  return (
    <QueryClientProvider client={queryClient}>
      <TRPCProvider trpcClient={trpcClient} queryClient={queryClient}>
        {children}
      </TRPCProvider>
    </QueryClientProvider>
  );
}
