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
