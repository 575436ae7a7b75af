import { ExternalLink } from 'lucide-react';
import { Tabs } from 'radix-ui';
import { useRef, useState, type ReactNode } from 'react';
import {
  DEFAULT_SHARE_EXPIRY_DAYS,
  MAX_SHARE_FILES,
  SHARE_EXPIRY_DAYS,
  SHARE_POPUP,
  SOCIAL_PLATFORM_LABELS,
  SOCIAL_PLATFORMS,
} from '../../../contracts/media.values';
import type { ShareResult, SocialPlatform } from '../../../contracts/media';
import { Button } from '../../components/ui/button';
import { CopyLinkField } from '../../components/ui/copy-link-field';
import { Dialog, DialogContent, DialogTrigger } from '../../components/ui/dialog';
import { toast } from '../../components/ui/use-toast';
import { errorMessage } from '../../lib/api';
import { formatDateTime } from '../../lib/dates';
import { MEDIA_TOASTS, useShareMedia } from './api';
import { FormAlert } from '../../components/ui/form-alert';
import { Field, Select } from '../../components/ui/form-field';
import { useFormKit } from '../../components/ui/use-form-kit';
import { filesText } from './gallery';
import { PENDING_CLASS } from '../../components/ui/pending';
import { useSendOnce } from '../../components/ui/use-send-once';
import { useNeedsConnection } from '../../components/ui/needs-connection';
import { ShareEmailForm, shareEmailResolver, type ShareEmailValues } from './ShareEmailForm';

const EXPIRY_LABELS: Record<number, string> = { 1: '1 day', 7: '7 days', 30: '30 days' };
const POPUP_FEATURES = `width=${SHARE_POPUP.width},height=${SHARE_POPUP.height}`;
const tabClass =
  'min-h-11 flex-1 rounded-md px-4 font-semibold text-slate-800 hover:bg-white/70 data-[state=active]:bg-white data-[state=active]:text-brand-800 data-[state=active]:shadow';

/**
 * Spec §2: the Share dialog, tabs Email and Social Media. Every share makes a private, expiring
 * link to a read-only page of the selected files; the link is shown afterwards to copy.
 */
export function ShareDialog({
  mediaIds,
  trigger,
  beforeOpen,
}: {
  mediaIds: string[];
  trigger: ReactNode;
  beforeOpen: () => boolean;
}) {
  const [open, setOpen] = useState(false);
  const [expiresInDays, setExpiresInDays] = useState<number>(DEFAULT_SHARE_EXPIRY_DAYS);
  const emailForm = useFormKit<ShareEmailValues>({
    defaultValues: { email: '', senderName: '' },
    resolver: shareEmailResolver,
  });
  const [failure, setFailure] = useState<string | null>(null);
  const [result, setResult] = useState<ShareResult | null>(null);
  const [blocked, setBlocked] = useState<{ platform: SocialPlatform; url: string } | null>(null);
  const [pendingPlatform, setPendingPlatform] = useState<SocialPlatform | null>(null);
  const share = useShareMedia();
  const pending = share.isPending;
  const tooMany = mediaIds.length > MAX_SHARE_FILES;
  const sendOnce = useSendOnce();
  const connection = useNeedsConnection();
  /**
   * The social link made since the dialog opened, with the files and expiry it was made for: its
   * answer names every platform's share page, so another platform's button reuses it instead of
   * making an identical link.
   */
  const socialLink = useRef<{ made: string; result: ShareResult } | null>(null);

  function reset() {
    emailForm.clearErrors();
    setFailure(null);
    setResult(null);
    setBlocked(null);
  }

  function failed(error: unknown) {
    setFailure(errorMessage(error, MEDIA_TOASTS.shareFailedText));
    toast({
      variant: 'destructive',
      title: MEDIA_TOASTS.shareFailed,
      description: MEDIA_TOASTS.shareFailedText,
    });
  }

  function sendEmail(address: string, senderName: string | undefined) {
    sendOnce((settled) =>
      share.mutate(
        {
          mediaIds,
          shareType: 'email',
          email: address,
          expiresInDays,
          ...(senderName ? { senderName } : {}),
        },
        {
          onSuccess: (shared) => {
            setResult(shared);
            toast({
              title: MEDIA_TOASTS.sharedByEmail,
              description: `A link to ${filesText(shared.fileCount)} was sent to ${address}.`,
            });
          },
          onError: (error) => {
            emailForm.showServerErrors(error, ['email', 'senderName']);
            failed(error);
          },
          onSettled: settled,
        },
      ),
    );
  }

  /** Sends the pop-up to the platform's share page of the link (or says it was blocked). */
  function showSocial(shared: ShareResult, platform: SocialPlatform, popup: Window | null) {
    setResult(shared);
    const url = shared.socialShareData?.[platform] ?? shared.shareUrl;
    if (popup && !popup.closed) {
      popup.opener = null;
      popup.location.href = url;
    } else {
      setBlocked({ platform, url });
    }
    toast({
      title: MEDIA_TOASTS.sharedSocial,
      description: `Your ${SOCIAL_PLATFORM_LABELS[platform]} share page is open.`,
    });
  }

  function shareSocial(platform: SocialPlatform) {
    if (pending) return;
    sendOnce((settled) => {
      reset();
      // A pop-up opened after the request returns is blocked by most browsers (it no longer
      // follows the click), so the window opens now, empty, and is sent to the share page when it
      // arrives. `noopener` would make window.open return null; the opener is cut by hand first.
      const popup = window.open('', `share-${platform}`, POPUP_FEATURES);
      const made = JSON.stringify([mediaIds, expiresInDays]);
      if (socialLink.current?.made === made) {
        showSocial(socialLink.current.result, platform, popup);
        settled();
        return;
      }
      setPendingPlatform(platform);
      share.mutate(
        { mediaIds, shareType: 'social', socialPlatform: platform, expiresInDays },
        {
          onSuccess: (shared) => {
            socialLink.current = { made, result: shared };
            showSocial(shared, platform, popup);
          },
          onError: (error) => {
            popup?.close();
            failed(error);
          },
          onSettled: () => {
            setPendingPlatform(null);
            settled();
          },
        },
      );
    });
  }

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (next && !beforeOpen()) return;
        if (!next && pending) return;
        if (next) {
          reset();
          emailForm.reset();
          socialLink.current = null;
        }
        setOpen(next);
      }}
    >
      <DialogTrigger asChild>{trigger}</DialogTrigger>
      <DialogContent
        title="Share your media"
        description={`Share the ${filesText(mediaIds.length)} you selected through a private link that only shows those files.`}
      >
        <div className="grid gap-5">
          {tooMany ? (
            <p className="rounded-md border border-amber-700 bg-amber-50 p-3 text-amber-950">
              One link can hold at most {MAX_SHARE_FILES} files; {mediaIds.length} are selected.
            </p>
          ) : null}
          <Field label="Link expires after">
            <Select
              value={expiresInDays}
              onChange={(event) => setExpiresInDays(Number(event.target.value))}
            >
              {SHARE_EXPIRY_DAYS.map((days) => (
                <option key={days} value={days}>
                  {EXPIRY_LABELS[days] ?? `${days} days`}
                </option>
              ))}
            </Select>
          </Field>

          <Tabs.Root defaultValue="email">
            <Tabs.List aria-label="How to share" className="flex gap-1 rounded-lg bg-slate-100 p-1">
              <Tabs.Trigger value="email" className={tabClass}>
                Email
              </Tabs.Trigger>
              <Tabs.Trigger value="social" className={tabClass}>
                Social Media
              </Tabs.Trigger>
            </Tabs.List>

            <Tabs.Content value="email" className="mt-4 rounded-md">
              <ShareEmailForm
                form={emailForm}
                pending={pending}
                sendingEmail={pending && pendingPlatform === null}
                disabled={tooMany}
                onAttempt={reset}
                onSend={sendEmail}
              />
            </Tabs.Content>

            <Tabs.Content value="social" className="mt-4 rounded-md">
              <p className="text-slate-800">
                Each button opens the platform&apos;s share page in a small window, with your link.
              </p>
              <ul className="mt-3 flex flex-wrap gap-3">
                {SOCIAL_PLATFORMS.map((platform) => (
                  <li key={platform}>
                    <Button
                      variant="secondary"
                      {...connection.button({
                        className: PENDING_CLASS,
                        'aria-disabled': pending || tooMany,
                      })}
                      onClick={() => {
                        if (!tooMany) shareSocial(platform);
                      }}
                    >
                      {pendingPlatform === platform
                        ? `Opening ${SOCIAL_PLATFORM_LABELS[platform]}…`
                        : SOCIAL_PLATFORM_LABELS[platform]}
                    </Button>
                  </li>
                ))}
              </ul>
              {/* One note for the three buttons: each names it in its description. */}
              {connection.note}
            </Tabs.Content>
          </Tabs.Root>

          {/* The toast says it as it happens; this stays to be read again. */}
          <FormAlert announce={false}>{failure}</FormAlert>
          {blocked ? (
            <p className="rounded-md border border-amber-700 bg-amber-50 p-3 text-amber-950">
              Your browser blocked the pop-up window.{' '}
              <a
                href={blocked.url}
                target="_blank"
                rel="noopener noreferrer"
                className="inline-flex min-h-6 items-center gap-1 font-semibold underline"
              >
                Open the {SOCIAL_PLATFORM_LABELS[blocked.platform]} share page
                <ExternalLink aria-hidden="true" className="size-4" />
                <span className="sr-only"> (opens in a new tab)</span>
              </a>
            </p>
          ) : null}
          {result ? <ShareLink result={result} /> : null}
        </div>
      </DialogContent>
    </Dialog>
  );
}

/** The link itself, to copy and send any other way, and when it stops working. */
function ShareLink({ result }: { result: ShareResult }) {
  return (
    <div className="rounded-md border border-green-700 bg-green-50 p-4 text-slate-900">
      <CopyLinkField
        label="Share link"
        value={result.shareUrl}
        description={`This link expires on ${formatDateTime(result.expiresAt)}. You can revoke it any time under Shared links.`}
      />
    </div>
  );
}
