import { Link } from '@mui/material';
import { useTranslation } from 'react-i18next';

/** The id of each layout's main region, where the skip link takes the focus. */
export const MAIN_CONTENT_ID = 'main-content';

/**
 * "Skip to content": the first stop of the Tab key on every page, shown only while it has the focus,
 * so a keyboard user passes the top bar and the sidebar in one key press (WCAG 2.4.1).
 */
export function SkipLink() {
  const { t } = useTranslation();
  return (
    <Link
      href={`#${MAIN_CONTENT_ID}`}
      // The router owns the address: move the focus without adding a #fragment to it.
      onClick={(event) => {
        event.preventDefault();
        document.getElementById(MAIN_CONTENT_ID)?.focus();
      }}
      sx={(theme) => ({
        position: 'fixed',
        insetInlineStart: 8,
        top: 8,
        zIndex: theme.zIndex.tooltip + 1,
        px: 2,
        py: 1,
        borderRadius: 1,
        bgcolor: 'background.paper',
        color: 'primary.main',
        fontWeight: 600,
        boxShadow: 3,
        // Out of sight until the keyboard reaches it.
        transform: 'translateY(-200%)',
        '&:focus-visible': { transform: 'none' },
      })}
    >
      {t('layout.skipToContent')}
    </Link>
  );
}
