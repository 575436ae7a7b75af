import { z } from 'zod';

/** Every non-2xx answer of the API (ARCHITECTURE.md §5). */
export const errorBodySchema = z.object({
  message: z.string(),
  errors: z.array(z.object({ path: z.string(), message: z.string() })).optional(),
  requestId: z.string().optional(),
  /**
   * On a 403: sign in again (a new code or a passkey), then repeat the request. Said by the
   * account's export and deletion when the sign-in is not fresh (contracts/auth.values.ts).
   */
  reauthenticate: z.literal(true).optional(),
});
export type ErrorBody = z.infer<typeof errorBodySchema>;
