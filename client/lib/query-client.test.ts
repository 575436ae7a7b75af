import { onlineManager } from '@tanstack/react-query';
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

  it('shows an error the server sent at once, without asking again', async () => {
    const queryClient = createQueryClient();
    const queryFn = vi.fn(() => Promise.reject(new Error('500: Internal Server Error')));
    await expect(queryClient.fetchQuery({ queryKey: ['trips'], queryFn })).rejects.toThrow('500');
    expect(queryFn).toHaveBeenCalledTimes(1);
  });

  it('offline, waits with a read that got no answer, and finishes it when the connection returns', async () => {
    const queryClient = createQueryClient();
    // As QueryClientProvider does: the client hears the connection come back.
    queryClient.mount();
    let connected = false;
    const queryFn = vi.fn(() => {
      if (connected) return Promise.resolve(['Lisbon']);
      // What client/lib/connection.ts does when the server does not answer either.
      onlineManager.setOnline(false);
      return Promise.reject(new TypeError('Failed to fetch'));
    });
    try {
      const read = queryClient.fetchQuery({ queryKey: ['trips'], queryFn, retryDelay: 0 });
      await vi.waitFor(() =>
        expect(queryClient.getQueryState(['trips'])?.fetchStatus).toBe('paused'),
      );
      connected = true;
      onlineManager.setOnline(true);
      await expect(read).resolves.toEqual(['Lisbon']);
      expect(queryFn).toHaveBeenCalledTimes(2);
    } finally {
      onlineManager.setOnline(true);
      queryClient.unmount();
    }
  });
});
