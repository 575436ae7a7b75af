import { QueryClientProvider } from '@tanstack/react-query';
import { useState, type ComponentType } from 'react';
import { matchPath, Route, Routes } from 'react-router';
import { APP_ROUTES } from '../contracts/routes';
import { Layout } from './components/layout/Layout';
import { lazyPage, type LazyPage } from './lib/lazy-page';
import { createQueryClient } from './lib/query-client';
import HomePage from './pages/HomePage';

/*
 * The router is React Router's declarative one (its data router weighs twice as much and we use
 * none of its loaders); the BrowserRouter (main.tsx) or the StaticRouter (the build's pre-rendering,
 * entry-prerender.tsx) around the app decides where the location comes from. Every page but the
 * landing page loads its code when first shown.
 */
export const PAGES: readonly { path: string; Page: ComponentType | LazyPage }[] = [
  { path: APP_ROUTES.home, Page: HomePage },
  { path: APP_ROUTES.paymentDemo, Page: lazyPage(() => import('./pages/PaymentDemoPage')) },
  { path: APP_ROUTES.paymentSuccess, Page: lazyPage(() => import('./pages/PaymentSuccessPage')) },
  { path: APP_ROUTES.mediaGallery, Page: lazyPage(() => import('./pages/MediaGalleryPage')) },
  { path: APP_ROUTES.flightPlan, Page: lazyPage(() => import('./pages/FlightPlanPage')) },
  { path: APP_ROUTES.emergencyInfo, Page: lazyPage(() => import('./pages/EmergencyInfoPage')) },
  { path: APP_ROUTES.verifyEmail, Page: lazyPage(() => import('./pages/VerifyEmailPage')) },
  { path: APP_ROUTES.bookings, Page: lazyPage(() => import('./pages/BookingsPage')) },
  { path: APP_ROUTES.receipt, Page: lazyPage(() => import('./pages/ReceiptPage')) },
  { path: APP_ROUTES.sharedMedia, Page: lazyPage(() => import('./pages/SharedMediaPage')) },
  { path: APP_ROUTES.sharedTrip, Page: lazyPage(() => import('./pages/SharedTripPage')) },
  { path: '*', Page: lazyPage(() => import('./pages/NotFoundPage')) },
];

/** Loads the code of the page at `pathname`, when it is loaded lazily. */
export async function preloadPage(pathname: string): Promise<void> {
  const page = PAGES.find(({ path }) => matchPath(path, pathname))?.Page;
  if (page && 'preload' in page) await page.preload();
}

export function App() {
  const [queryClient] = useState(createQueryClient);
  return (
    <QueryClientProvider client={queryClient}>
      <Routes>
        <Route element={<Layout />}>
          {PAGES.map(({ path, Page }) => (
            <Route key={path} path={path} element={<Page />} />
          ))}
        </Route>
      </Routes>
    </QueryClientProvider>
  );
}
