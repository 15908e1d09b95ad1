import { Link, Typography } from '@mui/material';
import { useMemo } from 'react';
import { linkParts } from '../linkify-text';

/**
 * A comment's plain text with its line breaks; http(s) addresses become links that open in a new
 * tab, built as elements (never HTML from the text), marked as user content for search engines.
 */
export function CommentText({ text }: { text: string }) {
  // Each part keyed by where it starts in the text.
  const parts = useMemo(() => {
    let offset = 0;
    return linkParts(text).map((part) => {
      const start = offset;
      offset += part.text.length;
      return { ...part, start };
    });
  }, [text]);
  return (
    <Typography variant="body2" dir="auto" sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
      {parts.map((part) =>
        part.kind === 'link' ? (
          <Link
            key={part.start}
            href={part.href}
            target="_blank"
            rel="noopener noreferrer nofollow ugc"
            underline="always"
          >
            {part.text}
          </Link>
        ) : (
          <span key={part.start}>{part.text}</span>
        ),
      )}
    </Typography>
  );
}
