import { ErrorCode } from '../../../shared/errors';
import { Msg } from '../../../shared/messages';
import { AppError } from '../../lib/app-error';

/** The account answers several calls share: an address already registered, a spent or unknown emailed token. */

export const emailTaken = () =>
  new AppError(409, ErrorCode.EMAIL_EXISTS, Msg.emailExists, { email: Msg.emailExists });
export const tokenInvalid = () =>
  new AppError(400, ErrorCode.TOKEN_INVALID, Msg.tokenInvalid, { token: Msg.tokenInvalid });
