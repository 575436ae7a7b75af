import { QueryClientProvider } from '@tanstack/react-query';
import { Tooltip } from 'radix-ui';
import { useState } from 'react';
import { createBrowserRouter, RouterProvider, type RouteObject } from 'react-router';
import { APP_ROUTES } from '../contracts/routes';
import { Layout } from './components/layout/Layout';
import { createQueryClient } from './lib/query-client';
import HomePage from './pages/HomePage';

/** Spec §9: tooltips open after 700 ms; moving between triggers within 300 ms skips the delay. */
const TOOLTIP_DELAY_MS = 700;
const TOOLTIP_SKIP_DELAY_MS = 300;

type PageModule = { default: React.ComponentType };
const lazyPage = (load: () => Promise<PageModule>): Pick<RouteObject, 'lazy'> => ({
  lazy: async () => ({ Component: (await load()).default }),
});

const routes: RouteObject[] = [
  {
    element: <Layout />,
    // Shown only while the first page's code loads on a direct visit to a lazy route.
    hydrateFallbackElement: <p className="p-8 text-slate-700">Loading…</p>,
    children: [
      { path: APP_ROUTES.home, element: <HomePage /> },
      { path: APP_ROUTES.paymentDemo, ...lazyPage(() => import('./pages/PaymentDemoPage')) },
      { path: APP_ROUTES.paymentSuccess, ...lazyPage(() => import('./pages/PaymentSuccessPage')) },
      { path: APP_ROUTES.mediaGallery, ...lazyPage(() => import('./pages/MediaGalleryPage')) },
      { path: APP_ROUTES.flightPlan, ...lazyPage(() => import('./pages/FlightPlanPage')) },
      { path: APP_ROUTES.emergencyInfo, ...lazyPage(() => import('./pages/EmergencyInfoPage')) },
      { path: APP_ROUTES.verifyEmail, ...lazyPage(() => import('./pages/VerifyEmailPage')) },
      { path: APP_ROUTES.bookings, ...lazyPage(() => import('./pages/BookingsPage')) },
      { path: APP_ROUTES.receipt, ...lazyPage(() => import('./pages/ReceiptPage')) },
      { path: APP_ROUTES.sharedMedia, ...lazyPage(() => import('./pages/SharedMediaPage')) },
      { path: APP_ROUTES.sharedTrip, ...lazyPage(() => import('./pages/SharedTripPage')) },
      { path: '*', ...lazyPage(() => import('./pages/NotFoundPage')) },
    ],
  },
];

export function App() {
  const [queryClient] = useState(createQueryClient);
  const [router] = useState(() => createBrowserRouter(routes));
  return (
    <QueryClientProvider client={queryClient}>
      <Tooltip.Provider delayDuration={TOOLTIP_DELAY_MS} skipDelayDuration={TOOLTIP_SKIP_DELAY_MS}>
        <RouterProvider router={router} />
      </Tooltip.Provider>
    </QueryClientProvider>
  );
}
