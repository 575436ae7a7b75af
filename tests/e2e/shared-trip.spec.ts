import { expect, test } from './fixtures';
import { openSettled } from './helpers';

test.describe('a shared trip itinerary', () => {
  test('opens read-only without a session, day by day, and is accessible', async ({
    page,
    browser,
    checkA11y,
  }) => {
    await openSettled(page);
    const tripResponse = await page.request.post('/api/trip-planners', {
      data: {
        title: 'Lisbon in spring',
        destination: 'Lisbon, Portugal',
        startDate: '2027-03-02',
        endDate: '2027-03-03',
      },
    });
    expect(tripResponse.status()).toBe(201);
    const trip = (await tripResponse.json()) as { id: string };
    for (const item of [
      {
        itemType: 'flight',
        itemName: 'TAP 1234 to Lisbon',
        scheduledDate: '2027-03-02',
        scheduledTime: 'morning',
        price: '350.00',
      },
      {
        itemType: 'activity',
        itemName: 'Fado night',
        scheduledDate: '2027-03-03',
        scheduledTime: 'evening',
        price: '50.00',
      },
    ]) {
      const response = await page.request.post('/api/planner-items', {
        data: { plannerId: trip.id, ...item },
      });
      expect(response.status()).toBe(201);
    }
    const shareResponse = await page.request.post(`/api/trip-planners/${trip.id}/shares`, {
      data: { expiresInDays: null },
    });
    expect(shareResponse.status()).toBe(201);
    const { shareUrl } = (await shareResponse.json()) as { shareUrl: string };

    const stranger = await browser.newContext();
    try {
      const visitor = await stranger.newPage();
      await visitor.goto(new URL(shareUrl).pathname);
      await expect(visitor.getByRole('heading', { level: 1 })).toHaveText('Shared trip itinerary');
      await expect(visitor.getByRole('main').getByRole('heading', { level: 2 })).toHaveText(
        'Lisbon in spring',
      );
      await expect(
        visitor.getByRole('heading', { level: 3, name: 'Tuesday 2 March 2027' }),
      ).toBeVisible();
      await expect(
        visitor.getByRole('heading', { level: 3, name: 'Wednesday 3 March 2027' }),
      ).toBeVisible();
      await expect(visitor.getByText('TAP 1234 to Lisbon')).toBeVisible();
      await expect(visitor.getByText('Fado night')).toBeVisible();
      await expect(visitor.getByText('Price: 350.00')).toBeVisible();
      await expect(visitor.getByText('This link does not expire.')).toBeVisible();
      await expect(visitor.getByRole('button', { name: 'Print' })).toBeVisible();
      await checkA11y(visitor);
    } finally {
      await stranger.close();
    }
  });
});
