import FilterAltOutlinedIcon from '@mui/icons-material/FilterAltOutlined';
import GroupsOutlinedIcon from '@mui/icons-material/GroupsOutlined';
import { Stack, Typography } from '@mui/material';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { nameInLanguage, type Target } from '../../../../shared/schemas/preference.schema';
import { usePreferences } from '../../../lib/api/preferences.api';
import { useLocaleFormat } from '../../../lib/use-locale-format';

/**
 * Whom a send was meant for, for those who manage it: "Sent to followers interested in: X, Y"
 * (names in the interface language while the preference exists, else as they were when sent), or
 * "Sent to every follower".
 */
export function TargetingLine({ targets }: { targets: Target[] }) {
  const { t } = useTranslation();
  if (targets.length === 0) {
    return <Line icon={<GroupsOutlinedIcon fontSize="small" />} text={t('targeting.sentToEveryone')} />;
  }
  return <TargetedLine targets={targets} />;
}

function TargetedLine({ targets }: { targets: Target[] }) {
  const { t, i18n } = useTranslation();
  const format = useLocaleFormat();
  const language = i18n.resolvedLanguage ?? i18n.language;
  const current = usePreferences();
  const byId = new Map((current.data ?? []).map((p) => [p.id, p]));
  const names = targets.map((target) => {
    const preference = byId.get(target.preferenceId);
    return preference ? nameInLanguage(preference, language) : target.name;
  });
  const list = new Intl.ListFormat(format.locale, { type: 'conjunction' }).format(names);
  return (
    <Line icon={<FilterAltOutlinedIcon fontSize="small" />} text={t('targeting.sentTo', { names: list })} />
  );
}

function Line({ icon, text }: { icon: ReactNode; text: string }) {
  return (
    <Stack
      direction="row"
      spacing={1}
      sx={{ alignItems: 'flex-start', color: 'text.secondary' }}
      data-testid="post-targeting"
    >
      <Stack aria-hidden sx={{ pt: '1px' }}>
        {icon}
      </Stack>
      <Typography variant="body2">{text}</Typography>
    </Stack>
  );
}
