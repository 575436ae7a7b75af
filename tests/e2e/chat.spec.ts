import { expect, test } from './fixtures';

test.describe('chat with the assistant', () => {
  test('opens from the floating button, sends with Enter, answers from the data, keeps history', async ({
    page,
    checkA11y,
  }) => {
    await page.goto('/');
    const opener = page.getByRole('button', { name: 'Chat with Beth, your AI travel assistant' });
    await opener.click();
    const panel = page.getByRole('dialog', { name: /Beth/ });
    await expect(panel).toBeVisible();
    await expect(panel.getByText(/I'm Beth, your AI travel assistant/)).toBeVisible();

    const box = panel.getByLabel('Message Beth');
    await expect(panel.getByRole('button', { name: 'Send' })).toBeDisabled();
    await box.fill('Is Mexico safe?');
    await box.press('Enter');
    await expect(box).toHaveValue('');
    const reply = panel.getByRole('listitem').filter({ hasText: 'Mexico is at Level 2' });
    await expect(reply).toBeVisible();
    await expect(
      page.getByRole('status').filter({ hasText: 'Beth says: Mexico is at Level 2' }),
    ).toBeAttached();
    await checkA11y(page);

    await page.keyboard.press('Escape');
    await expect(panel).toBeHidden();
    await expect(opener).toBeFocused();

    await page.reload();
    await page.getByRole('button', { name: 'Chat with Beth, your AI travel assistant' }).click();
    await expect(
      page.getByRole('dialog').getByRole('listitem').filter({ hasText: 'Mexico is at Level 2' }),
    ).toBeVisible();
  });
});

// The keyboard-only chat is in keyboard-journeys.spec.ts.
test.describe('chat with motion reduced: trip proposals and the sample conversation', () => {
  test.use({ reducedMotion: 'reduce' });

  test('an item Beth proposes is added to the trip only when the visitor applies it', async ({
    page,
    checkA11y,
  }) => {
    await page.goto('/');
    // The trip is the visitor's own: made through the page's session.
    const trip = await page.evaluate(async () => {
      const response = await fetch('/api/trip-planners', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ title: 'Rockies', destination: 'Banff, Canada' }),
      });
      return (await response.json()) as { id: string };
    });
    await page.getByRole('button', { name: 'Chat with Beth, your AI travel assistant' }).click();
    const panel = page.getByRole('dialog', { name: /Beth/ });
    await panel
      .getByLabel('Message Beth')
      .fill('Add a hotel in Banff on 2027-03-04 in the evening');
    await panel.getByLabel('Message Beth').press('Enter');
    const card = panel.getByRole('region', { name: 'Proposed for your trip Rockies' });
    await expect(card).toContainText('Hotel: Hotel in Banff');
    await expect(card).toContainText(/March 4, 2027|4 March 2027/);
    await expect(card).toContainText('Evening (6PM-12AM)');
    await expect(card).toContainText('$120.00');
    await checkA11y(page);

    const items = () =>
      page.evaluate(
        async (id) =>
          ((await (await fetch(`/api/planner-items?plannerId=${id}`)).json()) as []).length,
        trip.id,
      );
    expect(await items()).toBe(0);
    await card.getByRole('button', { name: 'Add to trip' }).click();
    await expect(card).toContainText('Added to your trip.');
    // The buttons are gone: focus moves on to the message box, not to the page.
    await expect(panel.getByLabel('Message Beth')).toBeFocused();
    await expect(
      page.getByRole('status').filter({ hasText: 'Added Hotel in Banff to Rockies.' }),
    ).toBeAttached();
    expect(await items()).toBe(1);
    // The planner opens on the trip the item went into.
    await expect(card.getByRole('link', { name: 'Open the trip planner' })).toHaveAttribute(
      'href',
      `/flight-plan?trip=${trip.id}`,
    );
  });

  test('the landing page shows a sample conversation that makes no calls and opens the real chat', async ({
    page,
  }) => {
    const chatCalls: string[] = [];
    page.on('request', (r) => {
      if (r.url().includes('/api/chat')) chatCalls.push(r.url());
    });
    await page.goto('/#team');
    const preview = page.getByRole('figure', { name: 'A sample conversation with Beth' });
    // Four messages; a reply's "- " lines are a list of their own.
    await expect(preview.getByRole('list').first().locator(':scope > li')).toHaveCount(4);
    await expect(preview.getByRole('list').nth(1).getByRole('listitem')).toHaveCount(1);
    await expect(preview).toContainText('Mexico is at Level 2');
    await expect(preview.getByRole('textbox')).toHaveCount(0);
    expect(chatCalls).toEqual([]);

    const ask = preview.getByRole('button', { name: 'Ask Beth yourself' });
    await ask.click();
    await expect(page.getByRole('dialog', { name: /Beth/ })).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(ask).toBeFocused();
  });
});
