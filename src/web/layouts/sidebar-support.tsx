import SupportAgentOutlinedIcon from '@mui/icons-material/SupportAgentOutlined';
import { Box, Link, Skeleton, Stack, Typography } from '@mui/material';
import { Trans, useTranslation } from 'react-i18next';
import { usePublicConfig } from '../lib/public-config';

/** The sidebar's support contact: the operator's address, or nothing when none is configured. */
export function Support() {
  const { t } = useTranslation();
  const { data, isPending } = usePublicConfig();
  const email = data?.supportEmail;
  if (!isPending && !email) return null;
  return (
    <Box
      sx={{
        flexShrink: 0,
        m: 1.5,
        px: 1.5,
        py: 1.25,
        borderRadius: 2.5,
        border: 1,
        borderColor: 'sidebar.divider',
      }}
    >
      <Stack direction="row" spacing={1.5} sx={{ alignItems: 'flex-start' }}>
        <SupportAgentOutlinedIcon sx={{ color: 'sidebar.textSecondary', mt: 0.25 }} />
        <Typography
          variant="body2"
          sx={{ color: 'sidebar.textSecondary', minWidth: 0, overflowWrap: 'anywhere' }}
        >
          {email ? (
            <Trans
              t={t}
              i18nKey="layout.support"
              values={{ email }}
              components={{
                mail: (
                  <Link
                    href={`mailto:${email}`}
                    underline="always"
                    sx={{ color: 'sidebar.activeText', fontWeight: 500 }}
                  />
                ),
              }}
            />
          ) : (
            <Skeleton width={160} />
          )}
        </Typography>
      </Stack>
    </Box>
  );
}
