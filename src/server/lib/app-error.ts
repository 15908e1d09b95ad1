import { ErrorCode } from '../../shared/errors';
import { Msg } from '../../shared/messages';

/** A failure meant for the client: status, stable code, human message, optional field messages. */
export class AppError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly fields?: Record<string, string>,
  ) {
    super(message);
  }
}

/** 400 with one field's message, the message also being the error's. */
export const fieldError = (field: string, message: string, code: string = ErrorCode.VALIDATION) =>
  new AppError(400, code, message, { [field]: message });

export const unauthorized = (message: string = Msg.unauthorized) =>
  new AppError(401, ErrorCode.UNAUTHORIZED, message);

export const forbidden = () => new AppError(403, ErrorCode.FORBIDDEN, Msg.forbidden);

export const notFound = (message: string = Msg.notFound) => new AppError(404, ErrorCode.NOT_FOUND, message);
