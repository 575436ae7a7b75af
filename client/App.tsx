import { QueryClientProvider } from '@tanstack/react-query';
import { lazy, useState } from 'react';
import { Route, Routes } from 'react-router';
import { APP_ROUTES } from '../contracts/routes';
import { Layout } from './components/layout/Layout';
import { createQueryClient } from './lib/query-client';
import HomePage from './pages/HomePage';

/*
 * Every page but the landing page loads its code when first shown. The router is React Router's
 * declarative one (its data router weighs twice as much and we use none of its loaders); the
 * BrowserRouter (main.tsx) or the StaticRouter (the build's pre-rendering) around the app decides
 * where the location comes from.
 */
const PaymentDemoPage = lazy(() => import('./pages/PaymentDemoPage'));
const PaymentSuccessPage = lazy(() => import('./pages/PaymentSuccessPage'));
const MediaGalleryPage = lazy(() => import('./pages/MediaGalleryPage'));
const FlightPlanPage = lazy(() => import('./pages/FlightPlanPage'));
const EmergencyInfoPage = lazy(() => import('./pages/EmergencyInfoPage'));
const VerifyEmailPage = lazy(() => import('./pages/VerifyEmailPage'));
const BookingsPage = lazy(() => import('./pages/BookingsPage'));
const ReceiptPage = lazy(() => import('./pages/ReceiptPage'));
const SharedMediaPage = lazy(() => import('./pages/SharedMediaPage'));
const SharedTripPage = lazy(() => import('./pages/SharedTripPage'));
const NotFoundPage = lazy(() => import('./pages/NotFoundPage'));

export function App() {
  const [queryClient] = useState(createQueryClient);
  return (
    <QueryClientProvider client={queryClient}>
      <Routes>
        <Route element={<Layout />}>
          <Route path={APP_ROUTES.home} element={<HomePage />} />
          <Route path={APP_ROUTES.paymentDemo} element={<PaymentDemoPage />} />
          <Route path={APP_ROUTES.paymentSuccess} element={<PaymentSuccessPage />} />
          <Route path={APP_ROUTES.mediaGallery} element={<MediaGalleryPage />} />
          <Route path={APP_ROUTES.flightPlan} element={<FlightPlanPage />} />
          <Route path={APP_ROUTES.emergencyInfo} element={<EmergencyInfoPage />} />
          <Route path={APP_ROUTES.verifyEmail} element={<VerifyEmailPage />} />
          <Route path={APP_ROUTES.bookings} element={<BookingsPage />} />
          <Route path={APP_ROUTES.receipt} element={<ReceiptPage />} />
          <Route path={APP_ROUTES.sharedMedia} element={<SharedMediaPage />} />
          <Route path={APP_ROUTES.sharedTrip} element={<SharedTripPage />} />
          <Route path="*" element={<NotFoundPage />} />
        </Route>
      </Routes>
    </QueryClientProvider>
  );
}
