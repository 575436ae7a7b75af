import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Booking, CreateBookingRequest } from '../../../contracts/bookings';
import { bookingApiPath } from '../../../contracts/bookings.values';
import { ApiError, apiRequest } from '../../lib/api';

/** The visitor's bookings; every booking's own key starts with this one, so one invalidation covers all. */
export const bookingsKey = ['/api/bookings'] as const;
export const bookingKey = (id: string) => [...bookingsKey, id] as const;

/** GET /api/bookings: the visitor's own, newest first. */
export const fetchBookings = () => apiRequest<Booking[]>('GET', '/api/bookings');

export const bookingsQuery = queryOptions({ queryKey: bookingsKey, queryFn: fetchBookings });

export function useBookings() {
  return useQuery(bookingsQuery);
}

/** GET /api/bookings/:id: 404 for an unknown id and for another visitor's booking. */
export const fetchBooking = (id: string) => apiRequest<Booking>('GET', bookingApiPath(id));

export const bookingQuery = (id: string) =>
  queryOptions({ queryKey: bookingKey(id), queryFn: () => fetchBooking(id) });

export function useBooking(id: string | null) {
  return useQuery({ ...bookingQuery(id ?? ''), enabled: id !== null && id !== '' });
}

/** The answer was "no such booking" (as opposed to the server or the network failing). */
export const isNotFound = (error: unknown) => error instanceof ApiError && error.status === 404;

/** POST /api/bookings: 201 with the booking, pending whatever is sent. */
export const createBooking = (request: CreateBookingRequest) =>
  apiRequest<Booking>('POST', '/api/bookings', request);

export function useCreateBooking() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createBooking,
    onSuccess: (booking) => {
      queryClient.setQueryData(bookingKey(booking.id), booking);
      void queryClient.invalidateQueries({ queryKey: bookingsKey, exact: true });
    },
  });
}

/** A booking changed on the server (paid, say): store it and refresh the history. */
export function useStoreBooking() {
  const queryClient = useQueryClient();
  return (booking: Booking) => {
    queryClient.setQueryData(bookingKey(booking.id), booking);
    void queryClient.invalidateQueries({ queryKey: bookingsKey, exact: true });
  };
}
