import { describe, expect, it, vi } from 'vitest';
import { createQueryClient } from './query-client';

describe('createQueryClient', () => {
  it('fails, and says so, for a query made without its feature’s queryOptions', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    const queryClient = createQueryClient();
    await expect(queryClient.fetchQuery({ queryKey: ['/api/emergency-contacts'] })).rejects.toThrow(
      'No fetcher for the query ["/api/emergency-contacts"]',
    );
    expect(logged).toHaveBeenCalledWith(expect.stringContaining('No fetcher for the query'));
  });

  it('uses the fetcher the options bring', async () => {
    const queryClient = createQueryClient();
    await expect(
      queryClient.fetchQuery({ queryKey: ['emergency', 'contacts'], queryFn: () => ['PT'] }),
    ).resolves.toEqual(['PT']);
  });
});
