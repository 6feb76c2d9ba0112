import type { ReactNode } from 'react';
import { QueryClientProvider } from '@tanstack/react-query';
import { FeedbackOutlet } from '../components/feedback-outlet';
import { LoadingOverlay } from '../components/loading-overlay';
import { queryClient } from '../lib/query-client';

/**
 * What every route shares. antd's ConfigProvider is not here: it comes with the first antd
 * screen (components/antd-provider), which keeps antd out of the login route.
 */
export function AppProviders({ children }: { children: ReactNode }) {
  return (
    <QueryClientProvider client={queryClient}>
      <FeedbackOutlet />
      <LoadingOverlay />
      {children}
    </QueryClientProvider>
  );
}
