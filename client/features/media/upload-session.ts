/*
 * The upload session behind the uploader: Uppy with the S3 plugin signing through our API, each
 * stored file recorded in the gallery, retries, and the problems shown under the Dashboard.
 */
// Imported only by Uploader.tsx, so it is part of the uploader's own (lazily loaded) chunk.
import AwsS3, { type AwsBody, type AwsS3Options } from '@uppy/aws-s3';
import Uppy, { type UppyFile } from '@uppy/core';
import GoldenRetriever from '@uppy/golden-retriever';
import type { QueryClient } from '@tanstack/react-query';
import {
  ALLOWED_UPLOAD_TYPES,
  MAX_UPLOAD_BYTES,
  MAX_UPLOAD_FILES,
  UPLOAD_CONCURRENCY,
  UPLOADER_MESSAGE_MS,
} from '../../../contracts/media.values';
import { toast } from '../../components/ui/use-toast';
import { errorMessage } from '../../lib/api';
import { MEDIA_TOASTS, mediaKeys, recordMedia, requestUploadTicket } from './api';
import { absoluteUploadUrl, retryDelayMs, uploadErrorMessage, uploadErrorStatus } from './upload';

type UploadMeta = { name: string; description?: string };

export type UploadUppy = Uppy<UploadMeta, AwsBody>;

type UploadFile = UppyFile<UploadMeta, AwsBody>;

/**
 * Uppy's words, pinned to spec §8 where the spec names them (Upload failed, Session restored,
 * Cannot add more files, No Internet connection) so an Uppy upgrade cannot change our copy, and
 * plainer words for the size and type limits. The rest stay Uppy's.
 */
const UPLOADER_LOCALE = {
  strings: {
    uploadFailed: 'Upload failed',
    sessionRestored: 'Session restored',
    noMoreFilesAllowed: 'Cannot add more files',
    noInternetConnection: 'No Internet connection',
    exceedsSize: '%{file} exceeds maximum allowed size of %{size}',
    youCanOnlyUploadFileTypes: 'You can only upload photos and videos (%{types})',
    youCanOnlyUploadX: {
      0: 'You can only upload %{smart_count} file',
      1: 'You can only upload %{smart_count} files',
    },
    // Each file's remove button says which file it removes ("Remove file" for all by default).
    removeFile: 'Remove %{file}',
    // Names the drop area for screen readers ("Uppy Dashboard" by default).
    dashboardTitle: 'File uploader',
  },
  /** English: one file, two files. */
  pluralize: (count: number) => (count === 1 ? 0 : 1),
};

/** A file that did not make it into the gallery, and why; shown under the Dashboard. */
export interface UploadProblem {
  fileId: string;
  fileName: string;
  reason: string;
  /** upload: the bytes did not arrive (Retry may help); record: they did, but saving failed. */
  kind: 'upload' | 'record';
}

/**
 * One upload session per page load, kept while the dialog is closed: closing the dialog does not
 * stop uploads, and reopening it shows them where they are. Created on first open.
 */
class UploadSession {
  readonly uppy: UploadUppy;
  /** Where the server said each file should go, as it said it (path or presigned URL). */
  readonly #issuedUrls = new Map<string, string>();
  readonly #attempts = new Map<string, number>();
  readonly #retryTimers = new Map<string, ReturnType<typeof setTimeout>>();
  readonly #records = new Set<Promise<void>>();
  #problems: UploadProblem[] = [];
  readonly #listeners = new Set<() => void>();
  readonly #doneListeners = new Set<() => void>();

  constructor(private readonly queryClient: QueryClient) {
    this.uppy = new Uppy<UploadMeta, AwsBody>({
      id: 'media-upload',
      autoProceed: false,
      restrictions: {
        maxNumberOfFiles: MAX_UPLOAD_FILES,
        maxFileSize: MAX_UPLOAD_BYTES,
        allowedFileTypes: [...ALLOWED_UPLOAD_TYPES],
      },
      infoTimeout: UPLOADER_MESSAGE_MS,
      locale: UPLOADER_LOCALE,
    })
      .use(AwsS3<UploadMeta, AwsBody>, {
        // One PUT per file: the server signs whole-file uploads only (spec §7).
        shouldUseMultipart: false,
        limit: UPLOAD_CONCURRENCY,
        // The file's name and description go to our API, never into storage requests.
        allowedMetaFields: [],
        // The S3 client signs by object key; the file's id as the key lets the signer find the
        // file (its type and size), and the server chooses the real key itself.
        generateObjectKey: (file) => file.id,
        signRequest: (request) => this.#sign(request),
      })
      .use(GoldenRetriever);

    this.uppy.on('upload-success', (file, response) => {
      if (file) this.#record(file, response.uploadURL);
    });
    this.uppy.on('upload-error', (file, error) => {
      if (file) this.#failed(file, error);
    });
    this.uppy.on('upload-retry', (file) => this.#solved(file.id, 'upload'));
    this.uppy.on('retry-all', (files) => files.forEach((file) => this.#solved(file.id, 'upload')));
    this.uppy.on('file-removed', (file) => {
      this.#forget(file.id);
      this.#solved(file.id);
    });
    this.uppy.on('cancel-all', () => {
      for (const id of [...this.#retryTimers.keys()]) this.#forget(id);
    });
    this.uppy.on('complete', () => void this.#settle());
  }

  /** `POST /api/media/upload` with the file's type and size; the URL comes back absolute. */
  async #sign(request: Parameters<SignRequest>[0]) {
    if (request.method !== 'PUT' || 'uploadId' in request) {
      throw new Error('Only whole-file uploads are supported.');
    }
    const file = this.uppy.getFile(request.key);
    const ticket = await requestUploadTicket({
      fileType: file?.type || request.contentType,
      fileSize: file?.size ?? undefined,
    });
    this.#issuedUrls.set(request.key, ticket.uploadURL);
    return {
      url: absoluteUploadUrl(ticket.uploadURL, window.location.origin),
      headers: ticket.headers,
    };
  }

  /** `PUT /api/media` for a file whose bytes are stored; the gallery lists it once this succeeds. */
  #record(file: UploadFile, uploadURL: string | undefined) {
    this.#attempts.delete(file.id);
    const fileName = (file.meta.name || file.name || 'Untitled').trim();
    const record = recordMedia({
      // The URL exactly as the server issued it (the contract takes it with or without its query).
      mediaURL: this.#issuedUrls.get(file.id) ?? uploadURL ?? '',
      fileName,
      fileType: file.type,
      fileSize: file.size ?? 0,
      description: (file.meta.description ?? '').trim(),
    }).then(
      () => {
        toast({ title: MEDIA_TOASTS.uploaded, description: fileName });
      },
      (error: unknown) => {
        const reason = sentence(errorMessage(error, ''));
        this.#problem({ fileId: file.id, fileName, reason, kind: 'record' });
        toast({
          variant: 'destructive',
          title: MEDIA_TOASTS.uploadFailed,
          description: [MEDIA_TOASTS.recordFailed, reason].filter(Boolean).join(' '),
        });
      },
    );
    this.#records.add(record);
    void record.finally(() => this.#records.delete(record));
  }

  /**
   * Spec §8: network errors, 429 and expired-link 403 answers are tried again after 0, 1, 3 and 5
   * seconds, each time with a freshly signed URL; other failures (too large, wrong type) are shown
   * with the server's reason, and the Dashboard's Retry button stays available.
   */
  #failed(file: UploadFile, error: unknown) {
    const reason = sentence(uploadErrorMessage(error));
    const attempt = this.#attempts.get(file.id) ?? 0;
    const delay = retryDelayMs(uploadErrorStatus(error), attempt);
    const name = file.meta.name || file.name || '';
    // Uppy has just said "Failed to upload x" with a technical detail behind a tooltip; that is
    // replaced by words everyone sees and hears (the informer is a role=alert).
    const uppyMessage = this.uppy.i18n('failedToUpload', { file: name });
    this.uppy.setState({
      info: this.uppy.getState().info.filter((info) => info.message !== uppyMessage),
    });
    if (delay !== null) {
      this.#attempts.set(file.id, attempt + 1);
      this.uppy.setFileState(file.id, { error: `${reason} Trying again…` });
      this.uppy.info(`${name}: ${reason} Trying again…`, 'warning', UPLOADER_MESSAGE_MS);
      const timer = setTimeout(() => {
        this.#retryTimers.delete(file.id);
        if (this.uppy.getFile(file.id)?.error) void this.uppy.retryUpload(file.id);
      }, delay);
      this.#retryTimers.set(file.id, timer);
      return;
    }
    this.#attempts.delete(file.id);
    this.uppy.setFileState(file.id, { error: reason });
    this.uppy.info(`${uppyMessage}: ${reason}`, 'error', UPLOADER_MESSAGE_MS);
    this.#problem({ fileId: file.id, fileName: name, reason, kind: 'upload' });
  }

  #problem(problem: UploadProblem) {
    this.#setProblems([
      ...this.#problems.filter((p) => !(p.fileId === problem.fileId && p.kind === problem.kind)),
      problem,
    ]);
  }

  #solved(fileId: string, kind?: UploadProblem['kind']) {
    const next = this.#problems.filter(
      (p) => !(p.fileId === fileId && (kind === undefined || p.kind === kind)),
    );
    if (next.length !== this.#problems.length) this.#setProblems(next);
  }

  #forget(fileId: string) {
    const timer = this.#retryTimers.get(fileId);
    if (timer) clearTimeout(timer);
    this.#retryTimers.delete(fileId);
    this.#attempts.delete(fileId);
    this.#issuedUrls.delete(fileId);
  }

  /**
   * After each batch: refresh the gallery, and when every file is uploaded and recorded (none
   * failed, none waiting for a retry), empty the uploader and close the dialog (spec §4).
   */
  async #settle() {
    await Promise.all([...this.#records]);
    void this.queryClient.invalidateQueries({ queryKey: mediaKeys.files, exact: true });
    const files = this.uppy.getFiles();
    const allDone =
      files.length > 0 &&
      files.every((file) => file.progress.uploadComplete && !file.error) &&
      this.#retryTimers.size === 0 &&
      this.#problems.length === 0;
    if (!allDone) return;
    this.uppy.clear();
    this.#issuedUrls.clear();
    for (const listener of this.#doneListeners) listener();
  }

  #setProblems(next: UploadProblem[]) {
    this.#problems = next;
    for (const listener of this.#listeners) listener();
  }

  /** Clears the files and closes: the Dashboard's Done button after a batch with failures. */
  finish() {
    this.uppy.clear();
    this.#setProblems([]);
    for (const listener of this.#doneListeners) listener();
  }

  subscribe = (listener: () => void) => {
    this.#listeners.add(listener);
    return () => void this.#listeners.delete(listener);
  };
  getProblems = () => this.#problems;

  onDone(listener: () => void) {
    this.#doneListeners.add(listener);
    return () => void this.#doneListeners.delete(listener);
  }
}

type SignRequest = Extract<
  AwsS3Options<UploadMeta, AwsBody>,
  { signRequest: unknown }
>['signRequest'];

let session: UploadSession | null = null;

export function getSession(queryClient: QueryClient): UploadSession {
  session ??= new UploadSession(queryClient);
  return session;
}

/** Ends a server message with a full stop, so the advice after it reads as its own sentence. */
function sentence(text: string): string {
  const trimmed = text.trim();
  return !trimmed || /[.!?…]$/.test(trimmed) ? trimmed : `${trimmed}.`;
}

/** Stable across renders, so the Dashboard is not reconfigured on every render. */
export function finishSession() {
  session?.finish();
}
