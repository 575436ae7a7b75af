import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { useState, type ComponentType } from 'react';
import { matchPath, Route, Routes } from 'react-router';
import { APP_ROUTES } from '../contracts/routes';
import { Layout } from './shell/Layout';
import { lazyWithPreload, type LazyWithPreload } from './lib/lazy-with-preload';
import { createQueryClient } from './lib/query-client';
import HomePage from './pages/HomePage';

/*
 * The router is React Router's declarative one (its data router weighs much more and we use none
 * of its loaders: docs/decisions/014); the BrowserRouter (main.tsx) or the StaticRouter (the
 * build's pre-rendering, entry-prerender.tsx) around the app decides where the location comes
 * from. Every page but the landing page loads its code when first shown.
 */
export const PAGES: readonly { path: string; Page: ComponentType | LazyWithPreload }[] = [
  { path: APP_ROUTES.home, Page: HomePage },
  { path: APP_ROUTES.paymentDemo, Page: lazyWithPreload(() => import('./pages/PaymentDemoPage')) },
  {
    path: APP_ROUTES.paymentSuccess,
    Page: lazyWithPreload(() => import('./pages/PaymentSuccessPage')),
  },
  {
    path: APP_ROUTES.mediaGallery,
    Page: lazyWithPreload(() => import('./pages/MediaGalleryPage')),
  },
  { path: APP_ROUTES.flightPlan, Page: lazyWithPreload(() => import('./pages/FlightPlanPage')) },
  {
    path: APP_ROUTES.emergencyInfo,
    Page: lazyWithPreload(() => import('./pages/EmergencyInfoPage')),
  },
  { path: APP_ROUTES.verifyEmail, Page: lazyWithPreload(() => import('./pages/VerifyEmailPage')) },
  { path: APP_ROUTES.bookings, Page: lazyWithPreload(() => import('./pages/BookingsPage')) },
  { path: APP_ROUTES.privacy, Page: lazyWithPreload(() => import('./pages/PrivacyPage')) },
  { path: APP_ROUTES.terms, Page: lazyWithPreload(() => import('./pages/TermsPage')) },
  {
    path: APP_ROUTES.accessibility,
    Page: lazyWithPreload(() => import('./pages/AccessibilityPage')),
  },
  { path: APP_ROUTES.contact, Page: lazyWithPreload(() => import('./pages/ContactPage')) },
  { path: APP_ROUTES.receipt, Page: lazyWithPreload(() => import('./pages/ReceiptPage')) },
  { path: APP_ROUTES.sharedMedia, Page: lazyWithPreload(() => import('./pages/SharedMediaPage')) },
  { path: APP_ROUTES.sharedTrip, Page: lazyWithPreload(() => import('./pages/SharedTripPage')) },
  { path: APP_ROUTES.account, Page: lazyWithPreload(() => import('./pages/AccountPage')) },
  { path: APP_ROUTES.signInLink, Page: lazyWithPreload(() => import('./pages/SignInLinkPage')) },
  { path: '*', Page: lazyWithPreload(() => import('./pages/NotFoundPage')) },
];

/** Loads the code of the page at `pathname`, when it is loaded lazily. */
export async function preloadPage(pathname: string): Promise<void> {
  const page = PAGES.find(({ path }) => matchPath(path, pathname))?.Page;
  if (page && 'preload' in page) await page.preload();
}

/**
 * `queryClient`: one holding the answers a page was rendered with on the server (main.tsx,
 * entry-prerender.tsx), so the first render shows them as the HTML did; else a new, empty one.
 */
export function App({ queryClient }: { queryClient?: QueryClient }) {
  const [client] = useState(() => queryClient ?? createQueryClient());
  return (
    <QueryClientProvider client={client}>
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
