import FilterAltOutlinedIcon from '@mui/icons-material/FilterAltOutlined';
import GroupsOutlinedIcon from '@mui/icons-material/GroupsOutlined';
import { Stack, Typography } from '@mui/material';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { DeliveryFigures } from '../../../../shared/schemas/notification.schema';
import { nameInLanguage, type Target } from '../../../../shared/schemas/preference.schema';
import { usePreferences } from '../../../lib/api/preferences.api';
import { useLocaleFormat } from '../../../lib/use-locale-format';
import { reachedNobody } from './delivery-state';

type SendState = Pick<DeliveryFigures, 'status' | 'audience'>;

/**
 * Whom a send was meant for, for those who manage it: "Sent to followers interested in: X, Y"
 * (names in the interface language while the preference exists, else as they were when sent), or
 * "Sent to every follower". What it says stays true of the send: a scheduled one is "to be sent",
 * and one that found nobody to reach by phone or email (audience 0) says so instead of "Sent to".
 */
export function TargetingLine({ targets, delivery }: { targets: Target[]; delivery?: SendState | null }) {
  const { t } = useTranslation();
  if (targets.length === 0) {
    return (
      <Line
        icon={<GroupsOutlinedIcon fontSize="small" />}
        text={t(`targeting.${phraseOf(delivery)}Everyone`)}
      />
    );
  }
  return <TargetedLine targets={targets} phrase={phraseOf(delivery)} />;
}

/** Which of the line's three tenses fits the send: done and reached nobody, still to come, or sent. */
function phraseOf(delivery: SendState | null | undefined): 'reachedNobody' | 'toBeSent' | 'sentTo' {
  if (delivery && reachedNobody(delivery)) return 'reachedNobody';
  return delivery?.status === 'scheduled' ? 'toBeSent' : 'sentTo';
}

function TargetedLine({ targets, phrase }: { targets: Target[]; phrase: ReturnType<typeof phraseOf> }) {
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
    <Line
      icon={<FilterAltOutlinedIcon fontSize="small" />}
      text={t(`targeting.${phrase}`, { names: list })}
    />
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
