import type { Locator, Page, Response } from '@playwright/test';
import type { ChatResponse, TripPlanProposal } from '../../contracts/chat';
import { replyBlocks } from '../../contracts/chat-text';
import type { PlannerItem, Trip } from '../../contracts/planner';
import { APP_ROUTES } from '../../contracts/routes';
import { expect, test } from './fixtures';
import { expectFocusVisible, tabTo } from './helpers';

/*
 * Issue 23, the browser side: Beth's chat on every page (by mouse and by keyboard), the planner's
 * selected trip going with each question, links in replies rendered as real and safe links, long
 * words wrapping, and a plan proposal applied as one trip only when accepted. Both projects run
 * it (1280x800 and 390x844), and a part runs again with a larger default font.
 */

const CHAT_BUTTON = 'Chat with Beth, your AI travel assistant';

/** The pages a visitor opens by their address, without a record of theirs in it. */
const VISITOR_PAGES = [
  APP_ROUTES.home,
  APP_ROUTES.flightPlan,
  APP_ROUTES.mediaGallery,
  APP_ROUTES.emergencyInfo,
  APP_ROUTES.paymentDemo,
  APP_ROUTES.bookings,
  APP_ROUTES.privacy,
  APP_ROUTES.terms,
  APP_ROUTES.accessibility,
  APP_ROUTES.contact,
  '/no-such-page',
] as const;

const chatButton = (page: Page) => page.getByRole('button', { name: CHAT_BUTTON });
const chatPanel = (page: Page) => page.getByRole('dialog', { name: /Beth/ });

/**
 * A larger default font, as a reader sets it in the browser's settings: twice the usual 16 px on a
 * desktop, one and a half times on a phone (390 px at 24 px a rem is 260 px at 16: narrower than
 * the 320 px WCAG's reflow asks for). Returns the size.
 */
async function useLargerDefaultFont(page: Page): Promise<number> {
  const standard = (page.viewportSize()?.width ?? 0) >= 640 ? 32 : 24;
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Page.enable');
  await cdp.send('Page.setFontSizes', { fontSizes: { standard, fixed: standard - 3 } });
  return standard;
}

/** Sends a question from the open panel and waits for the server's answer, which it returns. */
async function ask(page: Page, question: string): Promise<ChatResponse> {
  const box = chatPanel(page).getByLabel('Message Beth');
  const answered = page.waitForResponse(
    (r: Response) => r.url().endsWith('/api/chat') && r.request().method() === 'POST',
  );
  await box.fill(question);
  await box.press('Enter');
  const response = await answered;
  expect(response.status(), await response.text()).toBe(200);
  const answer = (await response.json()) as ChatResponse;
  await expect(page.getByRole('status').filter({ hasText: /^Beth says: / })).toBeAttached();
  return answer;
}

/** The conversation's item holding a message (the outer list item, not one of a reply's list). */
function messageItem(page: Page, text: string): Locator {
  return chatPanel(page)
    .getByRole('list', { name: 'Conversation' })
    .locator(':scope > li')
    .filter({ hasText: text })
    .last();
}

/** Beth's latest reply in the conversation (each of hers starts "Beth: " for screen readers). */
function lastReply(page: Page): Locator {
  return messageItem(page, 'Beth: ');
}

/**
 * Nothing of the page's own is under the floating button: every visible text and control of the
 * page is checked against the button's box, with the page scrolled to its end (where the last
 * lines come to rest under a fixed button) and at its start.
 */
async function expectButtonCoversNothing(page: Page, where: string) {
  for (const scroll of ['end', 'start'] as const) {
    const covered = await page.evaluate(
      ({ label, scroll }) => {
        window.scrollTo(0, scroll === 'end' ? document.documentElement.scrollHeight : 0);
        // Not on screen: read only, hidden from all, or behind hidden="until-found" (the emergency
        // page's full country list), whose text and links still have boxes though nothing is painted.
        const UNPAINTED = '.sr-only, [aria-hidden="true"], [hidden]';
        const button = document.querySelector(`[aria-label="${label}"]`)!;
        const b = button.getBoundingClientRect();
        const hit = (r: DOMRect) =>
          r.width > 0 &&
          r.height > 0 &&
          r.left < b.right &&
          r.right > b.left &&
          r.top < b.bottom &&
          r.bottom > b.top;
        const found: string[] = [];
        const roots = Array.from(document.querySelectorAll('header, main, footer'));
        for (const root of roots) {
          const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
          for (let node = walker.nextNode(); node; node = walker.nextNode()) {
            if (!node.textContent?.trim()) continue;
            const parent = node.parentElement!;
            if (parent.closest(UNPAINTED)) continue;
            const style = getComputedStyle(parent);
            if (style.visibility === 'hidden' || style.display === 'none') continue;
            const range = document.createRange();
            range.selectNodeContents(node);
            // Content scrolled under the sticky header is not in view anyway.
            if (Array.from(range.getClientRects()).some((r) => hit(r) && r.bottom > 0)) {
              found.push(`"${node.textContent.trim().slice(0, 40)}"`);
            }
          }
          for (const control of Array.from(
            root.querySelectorAll('a[href], button, input, select, textarea'),
          )) {
            if (control.closest(UNPAINTED)) continue;
            const r = control.getBoundingClientRect();
            if (hit(r) && getComputedStyle(control).visibility !== 'hidden') {
              found.push(`<${control.tagName.toLowerCase()}> ${control.textContent?.trim()}`);
            }
          }
        }
        return found;
      },
      { label: CHAT_BUTTON, scroll },
    );
    // At the start a page's content may pass under the button as it scrolls; at its end, never.
    if (scroll === 'end') expect(covered, `the chat button covers, on ${where}`).toEqual([]);
  }
}

test.describe('Beth on every page', () => {
  for (const path of VISITOR_PAGES) {
    test(`${path}: the chat button covers nothing, and opens the chat by keyboard alone`, async ({
      page,
      checkA11y,
      consoleGuard,
    }) => {
      if (path === '/no-such-page') consoleGuard.allow(/status of 404/);
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      const opener = chatButton(page);
      await expect(opener).toBeVisible();
      await expectButtonCoversNothing(page, path);

      // From the top, Shift+Tab goes round to the button: it comes last in the page.
      await page.evaluate(() => window.scrollTo(0, 0));
      await page.locator('body').focus();
      await tabTo(page, opener, { key: 'Shift+Tab', max: 10 });
      await page.keyboard.press('Enter');
      const panel = chatPanel(page);
      const box = panel.getByLabel('Message Beth');
      await expect(box).toBeFocused();
      await page.keyboard.type('Is Mexico safe?');
      await page.keyboard.press('Enter');
      await expect(messageItem(page, 'Level 2')).toBeVisible();
      await expect(box).toBeFocused();
      await checkA11y(page);
      await page.keyboard.press('Escape');
      await expect(panel).toBeHidden();
      await expect(opener).toBeFocused();
      await expectFocusVisible(page, 'the chat closed');
    });
  }

  test('the sample conversation opens the same chat, and focus returns to its button', async ({
    page,
  }) => {
    await page.goto('/#team');
    const ask = page
      .getByRole('figure', { name: 'A sample conversation with Beth' })
      .getByRole('button', { name: 'Ask Beth yourself' });
    await ask.click();
    await expect(chatPanel(page)).toBeVisible();
    await expect(chatPanel(page)).toHaveCount(1);
    await page.keyboard.press('Escape');
    await expect(chatPanel(page)).toBeHidden();
    await expect(ask).toBeFocused();
    // One chat on the page: one floating button.
    await expect(chatButton(page)).toHaveCount(1);
  });

  test('a site link in the chat leads to its page and closes the panel', async ({ page }) => {
    await page.goto(APP_ROUTES.emergencyInfo);
    await page.evaluate(() =>
      fetch('/api/trip-planners', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ title: 'Coast', destination: 'Lisbon, Portugal' }),
      }),
    );
    await chatButton(page).click();
    await ask(page, 'Add an activity on 2027-05-04 in the morning');
    const card = chatPanel(page).getByRole('region', { name: 'Proposed for your trip Coast' });
    await card.getByRole('button', { name: 'Add to trip' }).click();
    await card.getByRole('link', { name: 'Open the trip planner' }).click();
    await expect(chatPanel(page)).toBeHidden();
    await expect(page).toHaveURL(/\/flight-plan\?trip=/);
    await expect(page.getByRole('heading', { level: 2, name: 'Coast' })).toBeVisible();
  });
});

test.describe('Beth and the planner’s open trip', () => {
  test('on the planner, Beth is asked about the selected trip, and the panel says which', async ({
    page,
    checkA11y,
  }) => {
    await page.goto(APP_ROUTES.flightPlan);
    const { trip } = await page.evaluate(async () => {
      const post = async <T>(url: string, body: unknown) =>
        (await (
          await fetch(url, {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify(body),
          })
        ).json()) as T;
      const trip = await post<Trip>('/api/trip-planners', {
        title: 'Autumn in the Rockies',
        destination: 'Banff, Canada',
        startDate: '2027-09-20',
        endDate: '2027-09-24',
      });
      const item = await post<PlannerItem>('/api/planner-items', {
        plannerId: trip.id,
        itemType: 'hotel',
        itemName: 'Fairmont Banff Springs',
        itemDescription: 'Roll-in shower room',
        scheduledDate: '2027-09-21',
        scheduledTime: 'evening',
        price: '410.00',
      });
      return { trip, item };
    });
    await page.reload();
    await expect(page.getByRole('heading', { level: 2, name: trip.title })).toBeVisible();

    const sent: unknown[] = [];
    page.on('request', (request) => {
      if (request.url().endsWith('/api/chat') && request.method() === 'POST') {
        sent.push(request.postDataJSON());
      }
    });
    await chatButton(page).click();
    const panel = chatPanel(page);
    await expect(panel).toContainText(`Asking about your trip ${trip.title}`);
    const answer = await ask(page, "what's on my trip");
    expect(sent).toEqual([{ message: "what's on my trip", plannerId: trip.id }]);
    expect(answer.response).toContain('Fairmont Banff Springs');
    await expect(messageItem(page, 'Fairmont Banff Springs')).toBeVisible();
    await checkA11y(page);

    // An item for a day that already has a hotel: any warning the server gives is on the card.
    const proposed = await ask(page, 'add a hotel on 2027-09-21 in the evening');
    const proposal = proposed.reply.proposal;
    expect(proposal?.kind ?? 'item').toBe('item');
    const card = panel.getByRole('region', { name: `Proposed for your trip ${trip.title}` });
    await expect(card.getByRole('button', { name: 'Add to trip' })).toBeVisible();
    for (const warning of proposal && proposal.kind !== 'plan' ? (proposal.warnings ?? []) : []) {
      await expect(card).toContainText(warning);
    }
    await card.getByRole('button', { name: 'Discard' }).click();
    await expect(card).toContainText('Discarded: your trip is unchanged.');

    // Away from the planner, no trip goes with the question.
    await page.keyboard.press('Escape');
    await page.getByRole('link', { name: 'Emergency Info' }).first().click();
    await expect(page).toHaveURL(/emergency-info/);
    await chatButton(page).click();
    await expect(panel).not.toContainText('Asking about your trip');
    await ask(page, 'Is Japan safe?');
    expect(sent.at(-1)).toEqual({ message: 'Is Japan safe?' });
  });
});

test.describe('Beth and the planner’s open trip, by the engine', () => {
  test('Beth answers "what\'s on this trip" about the trip open in the planner, of two', async ({
    page,
  }) => {
    await page.goto(APP_ROUTES.flightPlan);
    const selected = await page.evaluate(async () => {
      const post = async <T>(url: string, body: unknown) =>
        (await (
          await fetch(url, {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify(body),
          })
        ).json()) as T;
      const item = (plannerId: string, itemName: string) =>
        post('/api/planner-items', {
          plannerId,
          itemType: 'activity',
          itemName,
          itemDescription: '',
          scheduledDate: '2027-06-02',
          scheduledTime: 'morning',
          price: '20.00',
        });
      const other = await post<Trip>('/api/trip-planners', {
        title: 'Tokyo',
        destination: 'Japan',
      });
      await item(other.id, 'Senso-ji visit');
      const open = await post<Trip>('/api/trip-planners', {
        title: 'Quebec',
        destination: 'Canada',
      });
      await item(open.id, 'Old Quebec walking tour');
      return open;
    });
    await page.goto(`${APP_ROUTES.flightPlan}?trip=${selected.id}`);
    await expect(page.getByRole('heading', { level: 2, name: 'Quebec' })).toBeVisible();
    await chatButton(page).click();
    await expect(chatPanel(page)).toContainText('Asking about your trip Quebec');
    const answer = await ask(page, "what's on this trip");
    expect(answer.response).toContain('Old Quebec walking tour');
    expect(answer.response).not.toContain('Senso-ji');
  });
});

test.describe('what a reply shows', () => {
  test('links in replies are real links (https sources in a new tab, site paths in the app), lists are lists, and nothing else is', async ({
    page,
    checkA11y,
  }) => {
    await page.goto(APP_ROUTES.home);
    await chatButton(page).click();
    const panel = chatPanel(page);
    // The emergency numbers name their source as an address; the others may hold links or lists.
    for (const [question, sources] of [
      ['What is the emergency number in Mexico?', 1],
      ['what can you do', 0],
      ['Which places in Canada have step-free access?', 0],
    ] as const) {
      const { reply } = await ask(page, question);
      const item = lastReply(page);
      await expect(item).toContainText(reply.content.split(/[\n[(]/)[0]!.slice(0, 30));
      // What the reply's text holds, by the parser its own unit test checks; the page shows that.
      const blocks = replyBlocks(reply.content);
      const parts = blocks.flatMap((b) => (b.kind === 'list' ? b.items.flat() : b.parts));
      const links = parts.flatMap((p) => (p.kind === 'link' ? [p] : []));
      await expect(item.locator('a')).toHaveCount(links.length);
      for (const [i, link] of links.entries()) {
        const a = item.locator('a').nth(i);
        await expect(a).toHaveAttribute('href', link.href);
        if (link.external) {
          expect(link.href).toMatch(/^https:\/\//);
          await expect(a).toHaveAttribute('target', '_blank');
          await expect(a).toHaveAttribute('rel', /noopener/);
          await expect(a).toHaveAccessibleName(`${link.text} (opens in a new tab)`);
        } else {
          expect(link.href).toMatch(/^\/(?!\/)/);
          await expect(a).not.toHaveAttribute('target', /./);
        }
      }
      const listItems = blocks.flatMap((b) => (b.kind === 'list' ? b.items : []));
      await expect(item.getByRole('listitem')).toHaveCount(listItems.length);
      expect(links.filter((link) => link.external).length).toBeGreaterThanOrEqual(sources);
    }
    await expect(panel.locator('a[href^="javascript:" i], a[href^="data:" i]')).toHaveCount(0);
    await checkA11y(page);
  });

  test('a long unbroken word or address wraps inside the panel', async ({ page }) => {
    await page.goto(APP_ROUTES.home);
    await chatButton(page).click();
    const panel = chatPanel(page);
    const word = `Llanfairpwllgwyngyll${'gogerychwyrndrobwll'.repeat(12)}`;
    await ask(page, `Is ${word} accessible? https://example.org/${'a'.repeat(180)}`);
    await expect(messageItem(page, word.slice(0, 30))).toBeVisible();
    await expectNoOverflow(panel);
  });

  test.describe('with a larger default font', () => {
    test('the chat still opens from its button, replies and long words wrap, nothing overflows', async ({
      page,
      checkA11y,
    }) => {
      const size = await useLargerDefaultFont(page);
      await page.goto(APP_ROUTES.emergencyInfo);
      const opener = chatButton(page);
      await expect(opener).toBeVisible();
      // The font is really larger.
      expect(await page.evaluate(() => parseFloat(getComputedStyle(document.body).fontSize))).toBe(
        size,
      );
      await expectButtonCoversNothing(page, 'the emergency page with a larger font');
      await opener.click();
      const panel = chatPanel(page);
      await ask(page, `What is the emergency number in Mexico? ${'x'.repeat(120)}`);
      await expect(messageItem(page, 'Mexico').last()).toBeVisible();
      await expectNoOverflow(panel);
      await checkA11y(page);
    });
  });
});

/** Nothing in the panel is wider than the panel: no sideways scrolling, no text cut off. */
async function expectNoOverflow(panel: Locator) {
  const overflowing = await panel.evaluate((dialog) => {
    const box = dialog.getBoundingClientRect();
    const wide: string[] = [];
    if (dialog.scrollWidth > dialog.clientWidth + 1) wide.push('the panel scrolls sideways');
    for (const element of Array.from(dialog.querySelectorAll('ol, li, p, a, section, ul'))) {
      // Text for screen readers only is clipped to a pixel on purpose.
      if (element.closest('.sr-only')) continue;
      const r = element.getBoundingClientRect();
      if (r.width === 0) continue;
      if (r.right > box.right + 1 || r.left < box.left - 1) {
        wide.push(`<${element.tagName.toLowerCase()}> ${element.textContent?.slice(0, 30)}`);
      }
      const inline = getComputedStyle(element).display === 'inline';
      if (!inline && element.tagName !== 'OL' && element.scrollWidth > element.clientWidth + 1) {
        wide.push(
          `<${element.tagName.toLowerCase()}> scrolls: ${element.textContent?.slice(0, 30)}`,
        );
      }
    }
    return wide;
  });
  expect(overflowing).toEqual([]);
}

test.describe('a plan Beth proposes', () => {
  test.use({ reducedMotion: 'reduce' });

  test('a plan Beth proposes is applied as one trip only when accepted', async ({
    page,
    checkA11y,
  }) => {
    await page.goto(APP_ROUTES.home);
    const trips = () =>
      page.evaluate(
        async () => ((await (await fetch('/api/trip-planners')).json()) as Trip[]).length,
      );
    expect(await trips()).toBe(0);
    await chatButton(page).click();
    const panel = chatPanel(page);
    const { reply } = await ask(page, 'plan 3 days in Banff');
    expect(reply.proposal?.kind).toBe('plan');
    const plan = reply.proposal as TripPlanProposal;
    const card = panel.getByRole('region', { name: /^Plan: 3 days in Banff/ });
    await expect(card).toBeVisible();
    await expect(card).toContainText(`A new trip, “${plan.tripTitle}”`);
    for (const item of plan.items) await expect(card).toContainText(item.itemName);
    for (const gap of plan.gaps) await expect(card).toContainText(gap);
    await expect(card).toContainText('Total: $');
    await expect(card.getByRole('heading', { level: 3 }).first()).toBeVisible();
    await checkA11y(page);
    expect(await trips()).toBe(0);

    // A double click applies it once: the button says it is busy meanwhile.
    const create = card.getByRole('button', { name: 'Create trip' });
    await create.dblclick();
    await expect(card).toContainText(`Created the trip ${plan.tripTitle}.`);
    await expect(
      page.getByRole('status').filter({ hasText: `Created the trip ${plan.tripTitle}` }),
    ).toBeAttached();
    await expect(panel.getByLabel('Message Beth')).toBeFocused();
    expect(await trips()).toBe(1);
    const planner = card.getByRole('link', { name: 'Open the trip planner' });
    await planner.click();
    await expect(page).toHaveURL(/\/flight-plan\?trip=/);
    await expect(page.getByRole('heading', { level: 2, name: plan.tripTitle })).toBeVisible();
  });
});
