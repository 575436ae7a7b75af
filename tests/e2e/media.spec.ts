import type { Browser, Locator, Page, TestInfo } from '@playwright/test';
import type { MediaFile, UploadTicket } from '../../contracts/media';
import { makeMediaFixtures, type MediaFixtures } from '../helpers/media-files';
import { expect, test } from './fixtures';
import { failedResourceLog, holdRequests, mailTo } from './helpers';

/*
 * The Travel Media Gallery (spec §2, §4, §5, §8). Every test is a new visitor (a fresh context, so
 * a fresh session cookie and an empty gallery). The upload test goes through Uppy's Dashboard; the
 * others put their files in through the same API the uploader uses, which is quicker. The e2e
 * server stores media on local disk, renders movies with the npm ffmpeg, writes the movie's words
 * from its template (no model is configured), and sends mail over SMTP to the receiver that
 * playwright.config.ts starts.
 */

const GALLERY = '/media-gallery';

/** The files the tests upload, with the names the gallery shows. */
const LAKE = 'lake-sunrise.png';
const TRAIL = 'mountain-trail.jpg';
const HARBOUR = 'harbour-walk.mp4';
const LAKE_ALT = 'Sunrise over a calm lake, mist on the water';

/** A file as the file chooser takes it. */
interface FilePayload {
  name: string;
  mimeType: string;
  buffer: Buffer;
}

let media: MediaFixtures;
test.beforeAll(async () => {
  media = await makeMediaFixtures();
});
test.afterAll(async () => {
  await media?.close();
});

const payload = {
  lake: (): FilePayload => ({ name: LAKE, mimeType: 'image/png', buffer: media.png }),
  trail: (): FilePayload => ({ name: TRAIL, mimeType: 'image/jpeg', buffer: media.jpeg }),
  harbour: (): FilePayload => ({ name: HARBOUR, mimeType: 'video/mp4', buffer: media.mp4 }),
};

// ------------------------------------------------------------------------------------- locators

/** A toast, by its title (included while a modal dialog hides the rest of the page). */
const toastItem = (page: Page, title: string) =>
  page
    .getByRole('region', { name: /^Notifications/, includeHidden: true })
    .getByRole('listitem', { includeHidden: true })
    .filter({ hasText: title });

const mediaTab = (page: Page, label: 'All Media' | 'Photos' | 'Videos') =>
  page.getByRole('tab', { name: new RegExp(`^${label} \\(\\d+\\)$`) });

/** A file's card: an article named by the file's name. */
const card = (scope: Page | Locator, fileName: string) =>
  scope.getByRole('article', { name: fileName, exact: true });

/** The card's toggle button ("Select lake-sunrise.png"): aria-pressed carries the selection. */
const selectButton = (page: Page, fileName: string) =>
  page.getByRole('button', { name: `Select ${fileName}`, exact: true });

const deleteButton = (page: Page, fileName: string) =>
  page.getByRole('button', { name: `Delete ${fileName}`, exact: true });

const selectionBar = (page: Page) => page.getByRole('region', { name: 'Selected media' });
const uploadDialog = (page: Page) => page.getByRole('dialog', { name: 'Upload Media' });
const movieDialog = (page: Page) => page.getByRole('dialog', { name: 'Create Travel Movie' });
const shareDialog = (page: Page) => page.getByRole('dialog', { name: 'Share your media' });
const movieSection = (page: Page) =>
  page.getByRole('region', { name: 'Your Travel Movie is Ready' });
const sharedLinks = (page: Page) => page.getByRole('region', { name: 'Shared links' });

async function expectCounts(page: Page, all: number, photos: number, videos: number) {
  await expect(mediaTab(page, 'All Media')).toHaveText(`All Media (${all})`);
  await expect(mediaTab(page, 'Photos')).toHaveText(`Photos (${photos})`);
  await expect(mediaTab(page, 'Videos')).toHaveText(`Videos (${videos})`);
}

async function gotoGallery(page: Page) {
  await page.goto(GALLERY);
  await expect(page.getByRole('heading', { level: 1, name: 'Travel Media Gallery' })).toBeVisible();
}

/** Focuses a control and presses a key on it: how a keyboard user operates it. */
async function pressOn(target: Locator, key: string) {
  await target.focus();
  await expect(target).toBeFocused();
  await target.press(key);
}

/** A unique address for this test, so the mail found is this test's. */
function uniqueEmail(testInfo: TestInfo, label: string): string {
  const nonce = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
  return `${label}-${testInfo.project.name}-${nonce}@example.com`;
}

/**
 * Puts files in the visitor's gallery the way the uploader does (ticket, PUT of the bytes, record),
 * through the page's own request context: the session cookie it gets is the page's.
 */
async function seedMedia(
  page: Page,
  files: (FilePayload & { description?: string })[],
): Promise<MediaFile[]> {
  const recorded: MediaFile[] = [];
  for (const file of files) {
    const ticketResponse = await page.request.post('/api/media/upload', {
      data: { fileType: file.mimeType, fileSize: file.buffer.length },
    });
    expect(ticketResponse.status(), await ticketResponse.text()).toBe(200);
    const ticket = (await ticketResponse.json()) as UploadTicket;
    const put = await page.request.put(ticket.uploadURL, {
      headers: { 'content-type': file.mimeType, ...ticket.headers },
      data: file.buffer,
    });
    expect(put.status(), await put.text()).toBe(200);
    const record = await page.request.put('/api/media', {
      data: {
        mediaURL: ticket.uploadURL,
        fileName: file.name,
        fileType: file.mimeType,
        fileSize: file.buffer.length,
        description: file.description ?? '',
      },
    });
    expect(record.status(), await record.text()).toBe(201);
    recorded.push((await record.json()) as MediaFile);
  }
  return recorded;
}

/** Waits until every picture in `scope` has loaded, scrolling each into view (they load lazily). */
async function expectPicturesLoaded(scope: Locator) {
  const images = scope.getByRole('img');
  const count = await images.count();
  expect(count).toBeGreaterThan(0);
  for (let i = 0; i < count; i++) {
    const image = images.nth(i);
    await image.scrollIntoViewIfNeeded();
    await expect
      .poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth), {
        message: `picture ${i + 1} of ${count} loads`,
      })
      .toBeGreaterThan(0);
  }
}

/** The path of the share page (`/shared/<token>`) in a link the server made with its APP_URL. */
function sharePath(link: string): string {
  const url = new URL(link);
  expect(url.pathname).toMatch(/^\/shared\/[\w-]{20,}$/);
  return url.pathname;
}

/** A second visitor with no cookies (a stranger who got the link), with its own error guard. */
async function strangerPage(browser: Browser) {
  const context = await browser.newContext();
  const page = await context.newPage();
  const errors: string[] = [];
  const allowed: RegExp[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(`console.error: ${message.text()}`);
  });
  page.on('pageerror', (error) => errors.push(`pageerror: ${error.message}`));
  return {
    page,
    allow: (pattern: RegExp) => allowed.push(pattern),
    async close() {
      await context.close();
      expect(
        errors.filter((text) => !allowed.some((pattern) => pattern.test(text))),
        "the stranger's page logged errors",
      ).toEqual([]);
    },
  };
}

// ---------------------------------------------------------------------------------------- tests

test.describe('media gallery', () => {
  test('a new visitor sees the empty gallery, with every tab at (0)', async ({
    page,
    checkA11y,
  }) => {
    await gotoGallery(page);
    await expect(page.getByText('No media files yet', { exact: true })).toBeVisible();
    await expect(
      page.getByText('Upload your travel photos and videos to get started.', { exact: true }),
    ).toBeVisible();
    await expect(page.getByRole('button', { name: 'Upload Media' })).toBeVisible();
    // Nothing is selected, so there is no selection bar; no movie yet; no links yet.
    await expect(selectionBar(page)).toHaveCount(0);
    await expect(movieSection(page)).toHaveCount(0);
    await expect(sharedLinks(page).getByText('You have not shared any files yet.')).toBeVisible();
    await checkA11y(page);
    await expectCounts(page, 0, 0, 0);
  });

  test('two photos and a video upload through Uppy; tabs count and filter them', async ({
    page,
    checkA11y,
  }) => {
    await gotoGallery(page);
    const uploadButton = page.getByRole('button', { name: 'Upload Media' });
    await pressOn(uploadButton, 'Enter');
    const dialog = uploadDialog(page);
    await expect(dialog).toBeVisible();
    const browse = dialog.getByRole('button', { name: 'browse files' });
    await expect(browse).toBeVisible();
    await expect(dialog.getByText('Up to 10 photos or videos, each up to 100 MB.')).toBeVisible();
    await checkA11y(page);

    // "browse files" by keyboard opens the system file picker; the three files are chosen there.
    const chooser = page.waitForEvent('filechooser');
    await pressOn(browse, 'Enter');
    await (await chooser).setFiles([payload.lake(), payload.trail(), payload.harbour()]);
    const start = dialog.getByRole('button', { name: 'Upload 3 files' });
    await expect(start).toBeVisible();

    // Uppy's metadata editor: the description becomes the photo's text alternative.
    await pressOn(dialog.getByRole('button', { name: `Edit file ${LAKE}` }), 'Enter');
    const description = dialog.getByRole('textbox', { name: /^Description/ });
    await expect(description).toBeVisible();
    const fileName = dialog.getByLabel('File name', { exact: true });
    await expect(fileName).toHaveValue(LAKE);
    // Uppy moves focus to the form's first field a moment after it opens (a debounced "super
    // focus"); typing before then would land in the file name, so wait for it as a reader would.
    await expect(fileName).toBeFocused();
    await description.fill(LAKE_ALT);
    await checkA11y(page);
    await pressOn(dialog.getByRole('button', { name: 'Save changes' }), 'Enter');
    await expect(description).toBeHidden();

    const recorded = page.waitForResponse(
      (r) => new URL(r.url()).pathname === '/api/media' && r.request().method() === 'PUT',
    );
    await pressOn(start, 'Enter');
    expect((await recorded).status()).toBe(201);
    await expect(toastItem(page, 'Upload successful').first()).toBeVisible();
    // The dialog closes by itself once every file is in, and focus goes back to its button.
    await expect(dialog).toBeHidden({ timeout: 20_000 });
    await expect(uploadButton).toBeFocused();

    await expectCounts(page, 3, 2, 1);
    const panel = page.getByRole('tabpanel');
    for (const name of [LAKE, TRAIL, HARBOUR]) await expect(card(panel, name)).toBeVisible();

    // Each card: name, size in MB to one decimal, upload date, and a picture that loads.
    const today = await page.evaluate(() =>
      new Intl.DateTimeFormat(undefined, {
        day: 'numeric',
        month: 'short',
        year: 'numeric',
      }).format(new Date()),
    );
    for (const [name, kind] of [
      [LAKE, 'Photo'],
      [TRAIL, 'Photo'],
      [HARBOUR, 'Video'],
    ] as const) {
      const item = card(panel, name);
      await expect(item.getByRole('heading', { level: 3, name })).toBeVisible();
      // A size in MB to one decimal, or "Less than 0.1 MB" for a small photo (never "0.0 MB").
      await expect(item).toContainText(
        new RegExp(`${kind} · (\\d+\\.\\d|Less than 0\\.1) MB · Uploaded ${today}`),
      );
    }
    await expect(card(panel, LAKE).getByRole('img', { name: LAKE_ALT, exact: true })).toBeVisible();
    await expect(
      card(panel, TRAIL).getByRole('img', { name: `Photo: ${TRAIL}`, exact: true }),
    ).toBeVisible();
    await expectPicturesLoaded(panel);

    // The tabs filter by kind; the arrow keys move between them.
    await pressOn(mediaTab(page, 'All Media'), 'ArrowRight');
    await expect(mediaTab(page, 'Photos')).toBeFocused();
    await expect(mediaTab(page, 'Photos')).toHaveAttribute('aria-selected', 'true');
    await expect(panel.getByRole('article')).toHaveCount(2);
    await expect(card(panel, LAKE)).toBeVisible();
    await expect(card(panel, TRAIL)).toBeVisible();
    await page.keyboard.press('ArrowRight');
    await expect(mediaTab(page, 'Videos')).toHaveAttribute('aria-selected', 'true');
    await expect(panel.getByRole('article')).toHaveCount(1);
    await expect(card(panel, HARBOUR)).toBeVisible();
    await mediaTab(page, 'All Media').click();
    await expect(mediaTab(page, 'All Media')).toHaveAttribute('aria-selected', 'true');
    await expect(panel.getByRole('article')).toHaveCount(3);
    await checkA11y(page);
  });

  test('a file of another type is refused by the uploader and nothing is uploaded', async ({
    page,
  }) => {
    await gotoGallery(page);
    const ticketRequests: string[] = [];
    page.on('request', (request) => {
      if (new URL(request.url()).pathname.startsWith('/api/media/upload')) {
        ticketRequests.push(request.url());
      }
    });
    await page.getByRole('button', { name: 'Upload Media' }).click();
    const dialog = uploadDialog(page);
    const chooser = page.waitForEvent('filechooser');
    await dialog.getByRole('button', { name: 'browse files' }).click();
    await (
      await chooser
    ).setFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('hello') });
    // (Uppy's Dashboard 6.0.3 renders its informer twice, so the message shows twice.)
    await expect(
      dialog
        .getByRole('alert')
        .filter({ hasText: /You can only upload photos and videos/ })
        .first(),
    ).toBeVisible();
    await expect(dialog.getByRole('button', { name: /^Upload \d+ files?$/ })).toHaveCount(0);
    await expect(dialog.getByText('notes.txt')).toHaveCount(0);

    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(page.getByText('No media files yet', { exact: true })).toBeVisible();
    expect(ticketRequests).toEqual([]);
  });

  test('two cards selected by keyboard become a travel movie that plays, with captions', async ({
    page,
    checkA11y,
  }) => {
    test.setTimeout(150_000);
    await seedMedia(page, [payload.lake(), payload.trail(), payload.harbour()]);
    await gotoGallery(page);
    await expectCounts(page, 3, 2, 1);

    const lake = selectButton(page, LAKE);
    const trail = selectButton(page, TRAIL);
    await expect(lake).toHaveAttribute('aria-pressed', 'false');
    await pressOn(lake, 'Space');
    await expect(lake).toHaveAttribute('aria-pressed', 'true');
    await expect(selectionBar(page)).toContainText('1 selected');
    await pressOn(trail, 'Enter');
    await expect(trail).toHaveAttribute('aria-pressed', 'true');
    await expect(selectionBar(page).getByText('2 selected', { exact: true })).toBeVisible();
    await expect(page.getByRole('status').filter({ hasText: '2 selected' })).toHaveCount(1);

    // Clear Selection, by keyboard, clears both.
    await pressOn(selectionBar(page).getByRole('button', { name: 'Clear Selection' }), 'Enter');
    await expect(lake).toHaveAttribute('aria-pressed', 'false');
    await expect(trail).toHaveAttribute('aria-pressed', 'false');
    await expect(selectionBar(page)).toHaveCount(0);

    await pressOn(lake, 'Space');
    await pressOn(trail, 'Space');
    await expect(selectionBar(page).getByText('2 selected', { exact: true })).toBeVisible();

    // Create AI Movie opens the dialog; Escape closes it and focus returns to the button.
    const create = selectionBar(page).getByRole('button', { name: 'Create AI Movie' });
    await pressOn(create, 'Enter');
    const dialog = movieDialog(page);
    await expect(dialog).toBeVisible();
    await expect(dialog.getByLabel('Movie Style')).toHaveValue('cinematic');
    await expect(dialog.getByLabel('Movie Style').locator('option:checked')).toHaveText(
      'Cinematic',
    );
    await expect(dialog.getByLabel('Duration')).toHaveValue('short');
    await expect(dialog.getByLabel('Duration').locator('option:checked')).toHaveText(
      'Short (30-60 seconds)',
    );
    await checkA11y(page);
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(create).toBeFocused();

    await create.press('Enter');
    await expect(dialog).toBeVisible();
    const release = await holdRequests(page, '**/api/media/create-movie');
    const generate = dialog.getByRole('button', { name: 'Generate Movie' });
    await pressOn(generate, 'Enter');
    await expect(dialog.getByRole('button', { name: 'Creating...' })).toHaveAttribute(
      'aria-disabled',
      'true',
    );
    release();
    await expect(toastItem(page, 'Movie created!')).toBeVisible();
    await expect(dialog).toBeHidden();

    const movie = movieSection(page);
    const heading = movie.getByRole('heading', { level: 2, name: 'Your Travel Movie is Ready' });
    await expect(heading).toBeFocused();
    const title = movie.getByRole('heading', { level: 3 }).first();
    await expect(title).not.toBeEmpty();
    const movieTitle = await title.innerText();
    const script = movie.getByRole('textbox', { name: 'Script' });
    await expect(script).not.toBeEmpty();
    await expect(script).not.toBeEditable();
    await expect(
      movie.getByRole('list', { name: 'About this movie' }).getByRole('listitem'),
    ).toHaveText(['Cinematic', 'Short (30-60 seconds)', '2 files']);

    // The video renders on the server (a 30-second short movie); the page polls until it is ready.
    const video = movie.locator('video');
    await expect(video).toBeVisible({ timeout: 90_000 });
    await expect(video).toHaveAttribute('aria-label', movieTitle);
    await expect(video).toHaveAttribute('controls', '');
    await expect
      .poll(() => video.evaluate((v: HTMLVideoElement) => v.readyState), {
        message: 'the movie loads its metadata',
      })
      .toBeGreaterThanOrEqual(1);
    const seconds = await video.evaluate((v: HTMLVideoElement) => v.duration);
    expect(Math.abs(seconds - 30), `the movie lasts ${seconds} s`).toBeLessThan(1.5);
    // It plays: muted play() resolves and time moves on.
    await video.evaluate(async (v: HTMLVideoElement) => {
      v.muted = true;
      await v.play();
    });
    await expect
      .poll(() => video.evaluate((v: HTMLVideoElement) => v.currentTime))
      .toBeGreaterThan(0);
    await video.evaluate((v: HTMLVideoElement) => v.pause());

    // English captions, a real WebVTT file.
    const track = video.locator('track[kind="captions"]');
    await expect(track).toHaveAttribute('srclang', 'en');
    const captionsUrl = await track.getAttribute('src');
    expect(captionsUrl).toBeTruthy();
    const captions = await page.request.get(captionsUrl ?? '');
    expect(captions.status()).toBe(200);
    expect(await captions.text()).toMatch(/^WEBVTT/);

    // The calm version (no zoom motion) is a switch away, by keyboard too.
    const mainSource = await video.getAttribute('src');
    const calm = movie.getByRole('checkbox', { name: 'Calm version (no zoom motion)' });
    await expect(calm).not.toBeChecked();
    await pressOn(calm, 'Space');
    await expect(calm).toBeChecked();
    await expect(movie.locator('video')).toHaveAttribute(
      'aria-label',
      `${movieTitle}, calm version`,
    );
    const calmSource = await movie.locator('video').getAttribute('src');
    expect(calmSource).toBeTruthy();
    expect(calmSource).not.toBe(mainSource);
    expect(calmSource).toContain('variant=calm');
    await expect
      .poll(() => movie.locator('video').evaluate((v: HTMLVideoElement) => v.readyState))
      .toBeGreaterThanOrEqual(1);
    await checkA11y(page);
  });

  test('a double-clicked Generate Movie makes one movie', async ({ page }) => {
    await seedMedia(page, [payload.lake(), payload.trail()]);
    await gotoGallery(page);
    await selectButton(page, LAKE).click();
    await selectButton(page, TRAIL).click();
    await expect(selectionBar(page).getByText('2 selected', { exact: true })).toBeVisible();
    await selectionBar(page).getByRole('button', { name: 'Create AI Movie' }).click();
    const dialog = movieDialog(page);
    await dialog.getByRole('button', { name: 'Generate Movie' }).dblclick();
    await expect(toastItem(page, 'Movie created!')).toBeVisible();
    await expect(dialog).toBeHidden();

    const movies = await page.request.get('/api/media/movies');
    expect((await movies.json()) as unknown[]).toHaveLength(1);
  });

  test('files shared by e-mail reach a real SMTP receiver; the link opens, and revoking closes it', async ({
    page,
    browser,
    checkA11y,
  }, testInfo) => {
    await seedMedia(page, [payload.lake(), payload.harbour()]);
    await gotoGallery(page);
    // A click anywhere on a card (here: on its picture) toggles it.
    await card(page, LAKE).click({ position: { x: 24, y: 24 } });
    await expect(selectButton(page, LAKE)).toHaveAttribute('aria-pressed', 'true');
    await card(page, HARBOUR).click({ position: { x: 24, y: 24 } });
    await expect(selectButton(page, HARBOUR)).toHaveAttribute('aria-pressed', 'true');
    await expect(selectionBar(page).getByText('2 selected', { exact: true })).toBeVisible();

    const share = selectionBar(page).getByRole('button', { name: 'Share' });
    await pressOn(share, 'Enter');
    const dialog = shareDialog(page);
    await expect(dialog).toBeVisible();
    await expect(dialog.getByRole('tab', { name: 'Email' })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    await expect(dialog.getByRole('tab', { name: 'Social Media' })).toBeVisible();
    await checkA11y(page);

    // No address: told so, in a toast and beside the field, which gets focus.
    const address = dialog.getByRole('textbox', { name: 'Email address' });
    const send = dialog.getByRole('button', { name: 'Send via Email' });
    await send.click();
    await expect(toastItem(page, 'Email required')).toContainText(
      'Please enter an email address to share with.',
    );
    await expect(address).toBeFocused();
    await expect(address).toHaveAttribute('aria-invalid', 'true');
    await expect(address).toHaveAccessibleDescription(
      'Please enter an email address to share with.',
    );

    const email = uniqueEmail(testInfo, 'friend');
    await dialog.getByLabel(/^Your name/).fill('Ana');
    await address.fill(email);
    const release = await holdRequests(page, '**/api/media/share');
    // Enter in the field sends the form.
    await address.press('Enter');
    await expect(dialog.getByRole('button', { name: 'Sending...' })).toHaveAttribute(
      'aria-disabled',
      'true',
    );
    release();
    await expect(toastItem(page, 'Shared via email!')).toContainText(email);
    const shownLink = await dialog.getByRole('textbox', { name: 'Share link' }).inputValue();
    const path = sharePath(shownLink);
    await checkA11y(page);

    // The mail arrived over SMTP, to that address, with the same link.
    const mail = await mailTo(email);
    expect(mail).toContain(path);
    expect(mail).toMatch(/^Subject: Ana shared travel memories with you/m);
    expect(mail).toContain(LAKE);
    expect(mail).toContain(HARBOUR);

    // One Escape closes the dialog, even while the success toast shows.
    await page.keyboard.press('Escape');
    await expect.soft(dialog, 'one Escape closes the dialog while a toast shows').toBeHidden();
    if (await dialog.isVisible()) await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(share).toBeFocused();

    // A stranger (no cookies) opens the link: the two files, to look at and play, nothing else.
    const stranger = await strangerPage(browser);
    await stranger.page.goto(path);
    await expect(
      stranger.page.getByRole('heading', { level: 1, name: 'Shared travel media' }),
    ).toBeVisible();
    await expect(stranger.page.getByText(/^2 files\. This link expires on /)).toBeVisible();
    await expect(card(stranger.page, LAKE)).toBeVisible();
    await expect(card(stranger.page, HARBOUR)).toBeVisible();
    await expect(stranger.page.getByRole('article')).toHaveCount(2);
    await expect(stranger.page.getByRole('button', { name: `View ${LAKE}` })).toBeVisible();
    await expect(stranger.page.getByRole('button', { name: `Play ${HARBOUR}` })).toBeVisible();
    await expect(stranger.page.getByRole('button', { name: /^Delete/ })).toHaveCount(0);
    await expect(stranger.page.getByRole('button', { name: /^Select/ })).toHaveCount(0);
    await expect(stranger.page.getByRole('button', { name: 'Upload Media' })).toHaveCount(0);
    await expectPicturesLoaded(
      stranger.page.getByRole('list').filter({ has: card(stranger.page, LAKE) }),
    );
    await checkA11y(stranger.page);

    // The owner revokes the link from the list of shared links.
    const links = sharedLinks(page);
    const entry = links.getByRole('listitem').filter({ hasText: `Email to ${email}` });
    await expect(entry).toContainText('Active');
    await expect(entry).toContainText('2 files');
    // The list cannot know a link's address (only the token's hash is kept): no link to nowhere.
    const hrefs = await entry
      .getByRole('link')
      .evaluateAll((links) => links.map((link) => link.getAttribute('href') ?? ''));
    expect
      .soft(
        hrefs.filter((href) => !href.includes('/shared/')),
        'links in the shared-links entry',
      )
      .toEqual([]);
    const revoke = entry.getByRole('button', { name: `Revoke link: Email to ${email}` });
    await pressOn(revoke, 'Enter');
    const confirm = page.getByRole('alertdialog', { name: 'Revoke this link?' });
    await expect(confirm).toBeVisible();
    await checkA11y(page);
    await confirm.getByRole('button', { name: 'Revoke' }).click();
    await expect(confirm).toBeHidden();
    // Its Revoke button is gone: focus goes to the list's heading.
    await expect(links.getByRole('heading', { name: 'Shared links' })).toBeFocused();
    await expect(toastItem(page, 'Link revoked')).toBeVisible();
    await expect(entry).toContainText('Revoked');
    await expect(revoke).toHaveCount(0);

    // The stranger's next look finds nothing.
    stranger.allow(failedResourceLog(404));
    await stranger.page.reload();
    await expect(
      stranger.page.getByText('This share link does not exist or was revoked'),
    ).toBeVisible();
    await expect(stranger.page.getByRole('article')).toHaveCount(0);
    await checkA11y(stranger.page);
    await stranger.close();
  });

  test('Facebook sharing opens the share page in a pop-up with the link', async ({
    page,
    context,
    checkA11y,
  }) => {
    // The machine is offline: Facebook's page is stood in for, so the pop-up has something to load.
    await context.route('https://www.facebook.com/**', (route) =>
      route.fulfill({
        contentType: 'text/html',
        body: '<!doctype html><html lang="en"><title>Share on Facebook</title></html>',
      }),
    );
    await seedMedia(page, [payload.trail()]);
    await gotoGallery(page);
    await selectButton(page, TRAIL).click();
    await selectionBar(page).getByRole('button', { name: 'Share' }).click();
    const dialog = shareDialog(page);
    await pressOn(dialog.getByRole('tab', { name: 'Email' }), 'ArrowRight');
    await expect(dialog.getByRole('tab', { name: 'Social Media' })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    for (const platform of ['Facebook', 'Twitter', 'Instagram']) {
      await expect(dialog.getByRole('button', { name: platform, exact: true })).toBeVisible();
    }
    await checkA11y(page);

    const popupEvent = page.waitForEvent('popup');
    await pressOn(dialog.getByRole('button', { name: 'Facebook', exact: true }), 'Enter');
    const popup = await popupEvent;
    await expect(toastItem(page, 'Ready to share!')).toBeVisible();
    await expect(popup).toHaveURL(/^https:\/\/www\.facebook\.com\/sharer\/sharer\.php\?u=/);
    const shared = new URL(popup.url()).searchParams.get('u') ?? '';
    sharePath(shared);
    // The link in the pop-up is the one the dialog shows.
    await expect(dialog.getByRole('textbox', { name: 'Share link' })).toHaveValue(shared);
    // The pop-up cannot reach back into the gallery.
    expect(await popup.evaluate(() => window.opener)).toBeNull();
    await popup.close();
    await dialog.getByRole('button', { name: 'Close' }).click();
    await expect(dialog).toBeHidden();
    await expect(
      sharedLinks(page).getByRole('listitem').filter({ hasText: 'Social media link' }),
    ).toContainText('Active');
  });

  test('the social buttons share one link: a double click and a second platform make no other', async ({
    page,
    context,
  }) => {
    // Offline: each platform's page is stood in for, so the pop-ups have something to load.
    for (const host of ['https://www.facebook.com/**', 'https://twitter.com/**']) {
      await context.route(host, (route) =>
        route.fulfill({
          contentType: 'text/html',
          body: '<!doctype html><html lang="en"><title>Share</title></html>',
        }),
      );
    }
    const posts: string[] = [];
    page.on('request', (request) => {
      if (request.method() === 'POST' && new URL(request.url()).pathname === '/api/media/share') {
        posts.push(request.url());
      }
    });
    await seedMedia(page, [payload.trail()]);
    await gotoGallery(page);
    await selectButton(page, TRAIL).click();
    await selectionBar(page).getByRole('button', { name: 'Share' }).click();
    const dialog = shareDialog(page);
    await dialog.getByRole('tab', { name: 'Social Media' }).click();

    const facebook = page.waitForEvent('popup');
    await dialog.getByRole('button', { name: 'Facebook', exact: true }).dblclick();
    await expect(await facebook).toHaveURL(/^https:\/\/www\.facebook\.com\/sharer\//);
    const link = await dialog.getByRole('textbox', { name: 'Share link' }).inputValue();

    const twitter = page.waitForEvent('popup');
    await dialog.getByRole('button', { name: 'Twitter', exact: true }).click();
    const tweet = await twitter;
    await expect(tweet).toHaveURL(/^https:\/\/twitter\.com\/intent\/tweet\?/);
    expect(new URL(tweet.url()).searchParams.get('url')).toBe(link);
    await expect(dialog.getByRole('textbox', { name: 'Share link' })).toHaveValue(link);

    expect(posts).toHaveLength(1);
    const shares = await page.request.get('/api/media/shares');
    expect((await shares.json()) as unknown[]).toHaveLength(1);
  });

  test('Delete asks first: Cancel keeps the file, Delete removes it and the counts drop', async ({
    page,
    checkA11y,
  }) => {
    await seedMedia(page, [payload.lake(), payload.trail(), payload.harbour()]);
    await gotoGallery(page);
    await expectCounts(page, 3, 2, 1);

    const remove = deleteButton(page, TRAIL);
    await pressOn(remove, 'Enter');
    const confirm = page.getByRole('alertdialog', { name: `Delete ${TRAIL}?` });
    await expect(confirm).toBeVisible();
    await expect(confirm).toContainText('This cannot be undone.');
    // Focus starts on the safe choice.
    await expect(confirm.getByRole('button', { name: 'Cancel' })).toBeFocused();
    await checkA11y(page);
    await page.keyboard.press('Enter');
    await expect(confirm).toBeHidden();
    await expect(remove).toBeFocused();
    await expectCounts(page, 3, 2, 1);
    await expect(card(page, TRAIL)).toBeVisible();

    await remove.click();
    await expect(confirm).toBeVisible();
    const deleted = page.waitForResponse(
      (r) =>
        new URL(r.url()).pathname.startsWith('/api/media/') && r.request().method() === 'DELETE',
    );
    await confirm.getByRole('button', { name: 'Delete', exact: true }).click();
    expect((await deleted).status()).toBe(204);
    await expect(toastItem(page, 'Media deleted')).toContainText(TRAIL);
    await expect(confirm).toBeHidden();
    await expect(card(page, TRAIL)).toHaveCount(0);
    await expectCounts(page, 2, 1, 1);
    // Focus moves to a neighbouring card, not to the top of the page.
    await expect(page.locator(':focus')).toHaveAccessibleName(/^Select /);

    // Still gone after a reload: the server deleted it.
    await page.reload();
    await expectCounts(page, 2, 1, 1);
    await expect(card(page, TRAIL)).toHaveCount(0);
  });

  test('a gallery longer than a screenful shows it a part at a time; Show more moves focus to the first card it adds', async ({
    page,
    browser,
    checkA11y,
  }) => {
    const names = Array.from(
      { length: 14 },
      (_, i) => `photo-${String(i + 1).padStart(2, '0')}.png`,
    );
    const files = await seedMedia(
      page,
      names.map((name) => ({ ...payload.lake(), name })),
    );
    await gotoGallery(page);
    await expectCounts(page, 14, 14, 0);
    const gallery = page.getByRole('region', { name: 'Your photos and videos' });
    const cards = gallery.getByRole('article');
    await expect(cards).toHaveCount(12);
    // A status message: said without taking focus when the count changes.
    await expect(gallery.getByRole('status').filter({ hasText: 'Showing' })).toHaveText(
      'Showing 12 of 14 photos and videos',
    );
    await checkA11y(page);

    await pressOn(gallery.getByRole('button', { name: 'Show 2 more' }), 'Enter');
    await expect(cards).toHaveCount(14);
    // The reader goes on from the first card added, and the list says nothing more to show.
    await expect(page.locator(':focus')).toHaveAccessibleName(/^Select photo-\d\d\.png$/);
    await expect(cards.nth(12).getByRole('button', { name: /^Select / })).toBeFocused();
    await expect(gallery.getByRole('button', { name: /^Show \d+ more$/ })).toHaveCount(0);
    await expect(gallery).not.toContainText('Showing');

    // A share link's page holding as many files shows them the same way.
    const shared = await page.request.post('/api/media/share', {
      data: { mediaIds: files.map((f) => f.id), shareType: 'social', socialPlatform: 'facebook' },
    });
    expect(shared.status()).toBe(200);
    const { shareUrl } = (await shared.json()) as { shareUrl: string };
    const stranger = await browser.newPage();
    try {
      await stranger.goto(new URL(shareUrl).pathname);
      await stranger.waitForFunction(() => document.documentElement.dataset.app !== 'loading');
      const sharedCards = stranger.getByRole('main').getByRole('article');
      await expect(sharedCards).toHaveCount(12);
      await stranger.getByRole('button', { name: 'Show 2 more' }).click();
      await expect(sharedCards).toHaveCount(14);
      await expect(sharedCards.nth(12).getByRole('button').first()).toBeFocused();
    } finally {
      await stranger.close();
    }
  });

  test('View shows a photo larger with its description, Play a video with controls', async ({
    page,
    checkA11y,
  }) => {
    await seedMedia(page, [{ ...payload.lake(), description: LAKE_ALT }, payload.harbour()]);
    await gotoGallery(page);

    const view = page.getByRole('button', { name: `View ${LAKE}`, exact: true });
    await pressOn(view, 'Enter');
    const photo = page.getByRole('dialog', { name: LAKE });
    await expect(photo).toBeVisible();
    const picture = photo.getByRole('img', { name: LAKE_ALT, exact: true });
    await expect(picture).toBeVisible();
    await expect
      .poll(() => picture.evaluate((img: HTMLImageElement) => img.naturalWidth))
      .toBe(320);
    await expect(photo).toContainText(`Description: ${LAKE_ALT}`);
    await checkA11y(page);
    await page.keyboard.press('Escape');
    await expect(photo).toBeHidden();
    await expect(view).toBeFocused();

    const play = page.getByRole('button', { name: `Play ${HARBOUR}`, exact: true });
    await pressOn(play, 'Enter');
    const clip = page.getByRole('dialog', { name: HARBOUR });
    await expect(clip).toBeVisible();
    const video = clip.locator('video');
    await expect(video).toHaveAttribute('controls', '');
    await expect
      .poll(() => video.evaluate((v: HTMLVideoElement) => v.readyState))
      .toBeGreaterThanOrEqual(1);
    expect(await video.evaluate((v: HTMLVideoElement) => v.duration)).toBeCloseTo(2, 0);
    await checkA11y(page);
    await clip.getByRole('button', { name: 'Close' }).click();
    await expect(clip).toBeHidden();
    await expect(play).toBeFocused();
  });
});
