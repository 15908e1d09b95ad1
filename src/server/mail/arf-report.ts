import { createHash } from 'node:crypto';
import { type Attachment, type ParsedMail, type SimpleParserOptions, simpleParser } from 'mailparser';

/**
 * Spam complaints as mail providers send them: the Abuse Reporting Format (RFC 5965), a
 * `multipart/report; report-type=feedback-report` message with a human part, a machine part
 * (`message/feedback-report`: Feedback-Type and the like) and the reported message, whole
 * (`message/rfc822`) or its headers only (`text/rfc822-headers`). MIME is read by mailparser.
 */

/** What a report says, as far as a complaint needs it. */
export interface ArfReport {
  /** RFC 5965's Feedback-Type, lower case: `abuse` is a spam complaint. */
  feedbackType: string;
  /** The reported message's List-Unsubscribe header (unfolded), or null when it had none. */
  listUnsubscribe: string | null;
  /** The reported message's Message-ID without its angle brackets; null when it had none. */
  messageId: string | null;
  /** A digest of the reported message's headers: the message's key when it has no Message-ID. */
  headersDigest: string;
}

/** A report that is not one: which part is missing or wrong, and why (answered 400, naming it). */
export class ArfError extends Error {
  constructor(
    readonly part: string,
    message: string,
  ) {
    super(message);
  }
}

const FEEDBACK_PART = 'message/feedback-report';
const ORIGINAL_PARTS = ['message/rfc822', 'text/rfc822-headers'];
/**
 * Nothing of the report needs its bodies as text or HTML: only headers and parts are read. An
 * embedded message (message/rfc822, `inline` as RFC 5965's example has it) stays one part with its
 * bytes, not merged into the report's text: `ignoreEmbedded`, an option of mailparser's splitter
 * (@zone-eu/mailsplit) that it hands through, though its types do not list it.
 */
const PARSE_OPTIONS = {
  skipHtmlToText: true,
  skipTextToHtml: true,
  skipTextLinks: true,
  skipImageLinks: true,
  ignoreEmbedded: true,
} as SimpleParserOptions;

async function parse(raw: Buffer | string, part: string): Promise<ParsedMail> {
  try {
    return await simpleParser(raw, PARSE_OPTIONS);
  } catch (error) {
    throw new ArfError(
      part,
      `The ${part} could not be read as MIME: ${(error as Error).message}`.slice(0, 300),
    );
  }
}

const contentTypeOf = (mail: ParsedMail) => {
  const header = mail.headers.get('content-type') as
    | { value?: string; params?: Record<string, string> }
    | undefined;
  return { value: header?.value?.toLowerCase() ?? '', params: header?.params ?? {} };
};

const isReport = (mail: ParsedMail) => contentTypeOf(mail).value === 'multipart/report';

/**
 * The report itself, or the one a mailbox forwarded as an attachment (a feedback loop's mailbox
 * forwarding what it gets to the endpoint): one level of forwarding is unwrapped.
 */
async function reportOf(mail: ParsedMail): Promise<ParsedMail> {
  if (isReport(mail)) return mail;
  for (const attachment of mail.attachments.filter((a) => a.contentType === 'message/rfc822')) {
    const inner = await parse(attachment.content, 'forwarded message');
    if (isReport(inner)) return inner;
  }
  const type = contentTypeOf(mail).value || 'no Content-Type';
  throw new ArfError(
    'Content-Type',
    `Not an ARF report (RFC 5965): expected a multipart/report message, got ${type}.`,
  );
}

/** A header block's value by name: the last line of that name, unfolded, or null. */
function headerValue(mail: ParsedMail, name: string): string | null {
  const line = mail.headerLines.findLast((h) => h.key === name)?.line;
  if (line === undefined) return null;
  return line
    .slice(line.indexOf(':') + 1)
    .replace(/\r?\n[ \t]+/g, ' ')
    .trim();
}

function partOf(report: ParsedMail, types: string[]): Attachment | undefined {
  return report.attachments.find((a) => types.includes(a.contentType));
}

/** Read an ARF report; ArfError names what is missing or wrong. */
export async function readArfReport(raw: Buffer): Promise<ArfReport> {
  if (raw.length === 0) throw new ArfError('body', 'The report is empty: send the ARF message as the body.');
  const report = await reportOf(await parse(raw, 'report'));
  const reportType = contentTypeOf(report).params['report-type']?.toLowerCase();
  if (reportType !== 'feedback-report') {
    throw new ArfError(
      'report-type',
      `Not an ARF report: its multipart/report has report-type=${reportType ?? '(none)'}, not feedback-report.`,
    );
  }
  const feedback = partOf(report, [FEEDBACK_PART]);
  if (!feedback) throw new ArfError(FEEDBACK_PART, `The report has no ${FEEDBACK_PART} part.`);
  // The machine part is a block of header fields, which mailparser reads as a message's headers.
  const fields = await parse(Buffer.concat([feedback.content, Buffer.from('\r\n\r\n')]), FEEDBACK_PART);
  const feedbackType = headerValue(fields, 'feedback-type');
  if (!feedbackType)
    throw new ArfError('Feedback-Type', `The ${FEEDBACK_PART} part has no Feedback-Type field.`);

  const original = partOf(report, ORIGINAL_PARTS);
  if (!original) {
    throw new ArfError(
      'message/rfc822',
      'The report carries neither the reported message (message/rfc822) nor its headers (text/rfc822-headers).',
    );
  }
  const reported = await parse(
    Buffer.concat([original.content, Buffer.from('\r\n\r\n')]),
    original.contentType,
  );
  if (reported.headerLines.length === 0) {
    throw new ArfError(original.contentType, `The ${original.contentType} part holds no header fields.`);
  }
  const headers = reported.headerLines.map((h) => h.line).join('\n');
  return {
    feedbackType: feedbackType.toLowerCase(),
    listUnsubscribe: headerValue(reported, 'list-unsubscribe'),
    messageId: normalMessageId(headerValue(reported, 'message-id')),
    headersDigest: createHash('sha256').update(headers).digest('base64url'),
  };
}

/** A Message-ID as both a report's headers and a provider's event give it: no brackets, no spaces. */
export function normalMessageId(value: string | null | undefined): string | null {
  const id = value?.trim().replace(/^<|>$/g, '').trim();
  return id ? id : null;
}
