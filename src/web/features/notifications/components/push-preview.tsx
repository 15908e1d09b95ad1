import { Avatar, Box, Stack, Typography } from '@mui/material';
import { alpha } from '@mui/material/styles';
import { useTranslation } from 'react-i18next';

interface Props {
  /** The notification's title: the operator's, else the business's name. */
  title: string;
  /** Its buttons' labels, shown as Android shows them under the notification. */
  actions?: string[];
  body: string;
  /** The business's logo, or the app's icon. */
  icon: string;
  /** The picture's address (an uploaded picture, or a local preview while it uploads). */
  image: string | null;
}

/** How the push will look on a phone's lock screen: app line, business as title, clamped text, logo, picture. */
export function PushPreview({ title, body, icon, image, actions = [] }: Props) {
  const { t } = useTranslation();
  const text = body.trim();
  return (
    <Box
      role="img"
      aria-label={t('notifications.compose.previewLabel', { title, body: text })}
      sx={(theme) => ({
        borderRadius: 5,
        p: { xs: 1.5, sm: 2 },
        pt: { xs: 3, sm: 4 },
        minHeight: 200,
        backgroundImage: `linear-gradient(160deg, ${alpha(theme.palette.primary.main, 0.85)} 0%, ${alpha(
          theme.palette.secondary.main,
          0.85,
        )} 100%)`,
        border: 6,
        borderColor: 'grey.900',
        boxShadow: 3,
      })}
    >
      <Box
        aria-hidden
        sx={{
          borderRadius: 3,
          bgcolor: 'background.paper',
          color: 'text.primary',
          boxShadow: 4,
          overflow: 'hidden',
        }}
      >
        <Stack direction="row" spacing={0.75} sx={{ alignItems: 'center', px: 1.5, pt: 1.25 }}>
          <Box
            component="img"
            src="/icons/icon-192.png"
            alt=""
            sx={{ width: 16, height: 16, borderRadius: 0.5 }}
          />
          <Typography variant="caption" sx={{ color: 'text.secondary' }}>
            {t('appName')} · {t('notifications.compose.previewNow')}
          </Typography>
        </Stack>
        <Stack direction="row" spacing={1.5} sx={{ px: 1.5, pt: 0.5, pb: 1.5, alignItems: 'flex-start' }}>
          <Box sx={{ minWidth: 0, flexGrow: 1 }}>
            <Typography variant="subtitle2" sx={{ fontWeight: 700 }} noWrap>
              {title}
            </Typography>
            <Typography
              variant="body2"
              dir="auto"
              sx={{
                // The placeholder is read too: secondary, not disabled (too faint: 2.7:1 on white).
                color: text ? 'text.primary' : 'text.secondary',
                display: '-webkit-box',
                WebkitLineClamp: 4,
                WebkitBoxOrient: 'vertical',
                overflow: 'hidden',
                whiteSpace: 'pre-line',
                overflowWrap: 'anywhere',
              }}
            >
              {text || t('notifications.compose.previewPlaceholder')}
            </Typography>
          </Box>
          <Avatar src={icon} variant="rounded" alt="" sx={{ width: 40, height: 40, flexShrink: 0 }} />
        </Stack>
        {image && (
          <Box
            component="img"
            src={image}
            alt=""
            sx={{ display: 'block', width: '100%', aspectRatio: '2 / 1', objectFit: 'cover' }}
          />
        )}
        {actions.length > 0 && (
          <Stack direction="row" spacing={2} sx={{ px: 1.5, py: 1, borderTop: 1, borderColor: 'divider' }}>
            {actions.map((label, index) => (
              <Typography
                // biome-ignore lint/suspicious/noArrayIndexKey: two labels at most, by place.
                key={index}
                variant="button"
                dir="auto"
                noWrap
                sx={{ color: 'primary.main', minWidth: 0, textTransform: 'none', fontWeight: 600 }}
              >
                {label || '…'}
              </Typography>
            ))}
          </Stack>
        )}
      </Box>
    </Box>
  );
}
