import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Booking, CreateBookingRequest } from '../../../contracts/bookings';
import { bookingApiPath, BOOKINGS_PATH } from '../../../contracts/bookings.values';
import { ApiError, apiGet, apiRequest } from '../../lib/api';
import { postOnce, useIntentKeys } from '../../lib/intent-keys';

/**
 * The bookings feature's query keys: each key has one shape, the one its fetcher returns. Every
 * booking's own key starts with the list's, so one fuzzy invalidation would cover all.
 */
export const bookingsKeys = {
  all: ['bookings'] as const,
  one: (id: string) => [...bookingsKeys.all, id] as const,
};

/** GET /api/bookings: the visitor's own, newest first. */
export const fetchBookings = () => apiGet<Booking[]>(BOOKINGS_PATH);

export const bookingsQuery = queryOptions({ queryKey: bookingsKeys.all, queryFn: fetchBookings });

export function useBookings() {
  return useQuery(bookingsQuery);
}

/** GET /api/bookings/:id: 404 for an unknown id and for another visitor's booking. */
export const fetchBooking = (id: string) => apiGet<Booking>(bookingApiPath(id));

/** The receipt page's read: the server may answer it while rendering that page (`readPath`). */
export const bookingQuery = (id: string) =>
  queryOptions({
    queryKey: bookingsKeys.one(id),
    queryFn: () => fetchBooking(id),
    meta: { readPath: bookingApiPath(id) },
  });

export function useBooking(id: string | null) {
  return useQuery({ ...bookingQuery(id ?? ''), enabled: id !== null && id !== '' });
}

/** The answer was "no such booking" (as opposed to the server or the network failing). */
export const isNotFound = (error: unknown) => error instanceof ApiError && error.status === 404;

/**
 * POST /api/bookings: 201 with the booking, pending whatever is sent. A request repeated as it
 * was (a double click, a retry) goes with the same Idempotency-Key and makes one booking.
 */
export function useCreateBooking() {
  const queryClient = useQueryClient();
  const keys = useIntentKeys();
  return useMutation({
    mutationFn: (request: CreateBookingRequest) => postOnce<Booking>(keys, BOOKINGS_PATH, request),
    onSuccess: (booking) => {
      queryClient.setQueryData(bookingsKeys.one(booking.id), booking);
      void queryClient.invalidateQueries({ queryKey: bookingsKeys.all, exact: true });
    },
  });
}

/** A booking changed on the server (paid, say): store it and refresh the history. */
export function useStoreBooking() {
  const queryClient = useQueryClient();
  return (booking: Booking) => {
    queryClient.setQueryData(bookingsKeys.one(booking.id), booking);
    void queryClient.invalidateQueries({ queryKey: bookingsKeys.all, exact: true });
  };
}

/** POST /api/bookings/:id/cancel: an unpaid booking cancelled (409 once paid or while a card pays). */
export function useCancelBooking() {
  const storeBooking = useStoreBooking();
  return useMutation({
    mutationFn: (id: string) => apiRequest<Booking>('POST', `${bookingApiPath(id)}/cancel`),
    onSuccess: storeBooking,
  });
}
