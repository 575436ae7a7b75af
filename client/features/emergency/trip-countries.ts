import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { createTripCountryMatcher } from '../../../contracts/countries';
import type { EmergencyContact } from '../../../contracts/emergency';
import { tripsQuery } from '../planner/api';

const NO_COUNTRIES: ReadonlySet<string> = new Set();

/**
 * The ISO codes of the countries the visitor's trips go to, read from each trip's destination by
 * the rules the safety kit uses (contracts/countries.ts), so the emergency page shows those
 * countries first. None while the trips load or when there are none; offline, the trips as this
 * device last saved them (client/lib/saved-reads.ts), when it did.
 */
export function useTripCountries(contacts: readonly EmergencyContact[]): ReadonlySet<string> {
  const trips = useQuery({ ...tripsQuery, retry: false });
  return useMemo(() => {
    if (!trips.data?.length || contacts.length === 0) return NO_COUNTRIES;
    const match = createTripCountryMatcher(
      contacts.map((contact) => ({
        countryCode: contact.countryCode,
        names: [contact.country, ...(contact.aliases ?? [])],
      })),
    );
    return new Set(match(trips.data.map((trip) => trip.destination)));
  }, [trips.data, contacts]);
}
