import AddBoxOutlined from '@mui/icons-material/AddBoxOutlined';
import AndroidOutlined from '@mui/icons-material/AndroidOutlined';
import Apple from '@mui/icons-material/Apple';
import IosShare from '@mui/icons-material/IosShare';
import MoreVert from '@mui/icons-material/MoreVert';
import { Avatar, Box, Chip, Paper, Stack, Typography } from '@mui/material';
import { type ReactElement, useId } from 'react';
import { Trans, useTranslation } from 'react-i18next';

type Platform = 'android' | 'ios';

const inlineIcon = { fontSize: '1.15em', verticalAlign: 'text-bottom' } as const;

/** Each platform's steps, with the icon the person looks for on screen where a step names one. */
const STEPS: Record<Platform, { key: string; icon?: ReactElement }[]> = {
  android: [
    { key: 'open' },
    { key: 'menu', icon: <MoreVert sx={inlineIcon} /> },
    { key: 'install' },
    { key: 'launch' },
  ],
  ios: [
    { key: 'open' },
    { key: 'share', icon: <IosShare sx={inlineIcon} /> },
    { key: 'add', icon: <AddBoxOutlined sx={inlineIcon} /> },
    { key: 'launch' },
  ],
};

const HEADER_ICONS: Record<Platform, ReactElement> = {
  android: <AndroidOutlined aria-hidden />,
  ios: <Apple aria-hidden />,
};

/** How to add the app to the Home Screen by hand on one platform, as numbered steps. */
export function InstallSteps({ platform, thisDevice }: { platform: Platform; thisDevice: boolean }) {
  const { t } = useTranslation();
  const titleId = useId();
  const values = { appName: t('appName'), turnOn: t('push.turnOn') };
  return (
    <Paper
      variant="outlined"
      component="section"
      aria-labelledby={titleId}
      sx={{ p: { xs: 2, sm: 3 }, borderColor: thisDevice ? 'primary.main' : 'divider' }}
    >
      <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center', flexWrap: 'wrap', mb: 2 }} useFlexGap>
        <Box sx={{ display: 'flex', color: 'primary.main' }}>{HEADER_ICONS[platform]}</Box>
        <Typography id={titleId} variant="h6" component="h3" sx={{ flexGrow: 1 }}>
          {t(`install.steps.${platform}.title`)}
        </Typography>
        {thisDevice && (
          <Chip size="small" color="primary" variant="outlined" label={t('install.steps.thisDevice')} />
        )}
      </Stack>
      <Stack component="ol" spacing={2} sx={{ listStyle: 'none', p: 0, m: 0 }}>
        {STEPS[platform].map(({ key, icon }, index) => (
          <Box component="li" key={key} sx={{ display: 'flex', gap: 1.5, alignItems: 'flex-start' }}>
            <Avatar
              aria-hidden
              sx={{
                width: 28,
                height: 28,
                flexShrink: 0,
                fontSize: 14,
                fontWeight: 700,
                bgcolor: 'action.selected',
                color: 'primary.main',
              }}
            >
              {index + 1}
            </Avatar>
            <Typography sx={{ pt: 0.25, minWidth: 0, overflowWrap: 'anywhere' }}>
              <Trans
                t={t}
                i18nKey={`install.steps.${platform}.${key}`}
                values={values}
                components={icon ? { icon } : undefined}
              />
            </Typography>
          </Box>
        ))}
      </Stack>
    </Paper>
  );
}
