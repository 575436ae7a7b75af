import type { FastifyError, FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import {
  hasZodFastifySchemaValidationErrors,
  isResponseSerializationError,
} from 'fastify-type-provider-zod';
import type { ErrorBody } from '../../contracts/errors.js';
import {
  AppError,
  PreconditionFailed,
  ReauthenticationRequired,
  ServiceUnavailable,
  TooManyRequests,
} from '../errors.js';

/** Fastify's own client errors, with the words we show instead of its internal codes. */
const FASTIFY_CLIENT_ERRORS: Record<string, string> = {
  FST_ERR_CTP_INVALID_JSON_BODY: 'Malformed JSON body',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'Request body is empty',
  FST_ERR_CTP_BODY_TOO_LARGE: 'Request body is too large',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'Unsupported content type',
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: 'Content-Length does not match the body',
};

/**
 * The one place errors become HTTP answers: `{message, errors?}` for every non-2xx, the
 * specification's messages for invalid input, and never a stack trace or internal detail for 5xx.
 */
async function errorHandlerPlugin(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (hasZodFastifySchemaValidationErrors(error)) {
      const errors = error.validation.map((issue) => ({
        path: issue.instancePath.replace(/^\//, '').replaceAll('/', '.'),
        message: issue.message ?? 'Invalid value',
      }));
      return reply.code(400).send({ message: errors[0]?.message ?? 'Invalid input', errors });
    }
    if (error instanceof AppError) {
      if (
        (error instanceof TooManyRequests || error instanceof ServiceUnavailable) &&
        !reply.hasHeader('retry-after')
      ) {
        reply.header('retry-after', String(error.retryAfterSeconds));
      }
      if (error instanceof PreconditionFailed) {
        // The route's 412 schema (tripConflictSchema, plannerItemConflictSchema) checks `current`.
        return reply.code(412).send({ message: error.message, current: error.current });
      }
      const body: ErrorBody = { message: error.message };
      if (error.errors) body.errors = error.errors;
      if (error instanceof ReauthenticationRequired) body.reauthenticate = true;
      return reply.code(error.statusCode).send(body);
    }
    if (isResponseSerializationError(error)) {
      request.log.error({ err: error }, 'response did not match its schema');
      return reply.code(500).send({ message: 'Internal Server Error', requestId: request.id });
    }
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      const message = FASTIFY_CLIENT_ERRORS[error.code] ?? error.message;
      if (status === 429 && !reply.hasHeader('retry-after')) reply.header('retry-after', '60');
      return reply.code(status).send({ message });
    }
    request.log.error({ err: error }, 'request failed');
    return reply.code(500).send({ message: 'Internal Server Error', requestId: request.id });
  });
}

export default fp(errorHandlerPlugin, { name: 'error-handler' });
