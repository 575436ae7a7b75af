import { AppError } from '../../../errors.js';

export class UnsupportedMediaType extends AppError {
  constructor(message: string) {
    super(415, message);
  }
}

/** A real image or video the site will not process: too many pixels, or too costly to read. */
export class MediaRefused extends AppError {
  constructor(message: string) {
    super(422, message);
  }
}

/**
 * A local PUT refused before or while its body was read: the route answers `reason` at once and
 * closes the connection rather than drain the body.
 */
export class PutRefused extends Error {
  override name = 'PutRefused';
  constructor(readonly reason: unknown) {
    super('upload refused');
  }
}
