/** What a notice quotes of a message that is only a picture: a sign every language reads. */
export const PICTURE_ONLY_TEXT = '📷';

/** The words a notice quotes of a message. */
export const noticeText = (text: string) => text || PICTURE_ONLY_TEXT;
