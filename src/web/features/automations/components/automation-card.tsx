import CakeOutlinedIcon from '@mui/icons-material/CakeOutlined';
import CelebrationOutlinedIcon from '@mui/icons-material/CelebrationOutlined';
import ForwardToInboxOutlinedIcon from '@mui/icons-material/ForwardToInboxOutlined';
import GroupsOutlinedIcon from '@mui/icons-material/GroupsOutlined';
import ReplayOutlinedIcon from '@mui/icons-material/ReplayOutlined';
import SaveOutlinedIcon from '@mui/icons-material/SaveOutlined';
import { Box, Button, Card, CardActions, CardContent, Divider, Grid, Stack, Typography } from '@mui/material';
import { type ReactNode, useId } from 'react';
import { useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import {
  AUTOMATION_DAYS,
  type Automation,
  type AutomationKind,
  WIN_BACK_GAP_DAYS,
} from '../../../../shared/schemas/automation.schema';
import { useLocaleFormat } from '../../../lib/use-locale-format';
import { AutomationFields } from './automation-fields';
import { AutomationFigures } from './automation-figures';
import { useAutomationForm } from './use-automation-form';

const ICONS: Record<AutomationKind, ReactNode> = {
  followUp: <ForwardToInboxOutlinedIcon color="action" aria-hidden />,
  winBack: <ReplayOutlinedIcon color="action" aria-hidden />,
  anniversary: <CelebrationOutlinedIcon color="action" aria-hidden />,
  birthday: <CakeOutlinedIcon color="action" aria-hidden />,
};

interface Props {
  establishmentId: string;
  automation: Automation;
  /** "Goes out once a day at 18:00 (Europe/Vienna)": when the daily run sends, in the business's time zone. */
  schedule: string;
  /** Read-only (a blocked establishment sends nothing). */
  locked: boolean;
}

/**
 * One automation: who gets it and when, how many it would reach today, its settings with Save, and
 * its last 8 weeks' figures.
 */
export function AutomationCard({ establishmentId, automation, schedule, locked }: Props) {
  const { t } = useTranslation();
  const format = useLocaleFormat();
  const id = useId();
  const { kind } = automation;
  const { form, onSubmit, saving } = useAutomationForm(establishmentId, automation);
  const bounds = AUTOMATION_DAYS[kind];
  const typed = useWatch({ control: form.control, name: 'days' });
  // The explanation follows the days being typed while they make sense, else what is saved.
  const days =
    bounds &&
    typeof typed === 'number' &&
    Number.isInteger(typed) &&
    typed >= bounds.min &&
    typed <= bounds.max
      ? typed
      : (automation.days ?? bounds?.default);
  const title = t(`automations.kinds.${kind}.title`);

  return (
    <Card variant="outlined" component="form" noValidate onSubmit={onSubmit} aria-labelledby={`${id}-title`}>
      <CardContent>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
          {ICONS[kind]}
          <Typography id={`${id}-title`} variant="h6" component="h2">
            {title}
          </Typography>
        </Stack>
        <Typography variant="body2" sx={{ color: 'text.secondary', mt: 0.5 }}>
          {bounds
            ? t(`automations.kinds.${kind}.when`, { count: days, gap: WIN_BACK_GAP_DAYS })
            : t(`automations.kinds.${kind}.when`)}
        </Typography>
        <Typography variant="body2" sx={{ color: 'text.secondary', mb: 2 }}>
          {schedule}
        </Typography>
        <Grid container spacing={3}>
          <Grid size={{ xs: 12, md: 7 }}>
            {/* A disabled fieldset makes every input read-only at once while the establishment is blocked. */}
            <Box
              component="fieldset"
              disabled={locked}
              sx={{ border: 0, p: 0, m: 0, minWidth: 0, opacity: locked ? 0.6 : 1 }}
            >
              <AutomationFields kind={kind} form={form} />
            </Box>
          </Grid>
          <Grid size={{ xs: 12, md: 5 }}>
            <Stack spacing={2}>
              <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
                <GroupsOutlinedIcon color="action" fontSize="small" aria-hidden />
                <Typography variant="body2" sx={{ fontWeight: 600 }}>
                  {t('automations.reachToday', {
                    count: automation.reachToday,
                    value: format.number(automation.reachToday),
                  })}
                </Typography>
              </Stack>
              <AutomationFigures automation={automation} title={title} />
            </Stack>
          </Grid>
        </Grid>
      </CardContent>
      <Divider />
      <CardActions sx={{ justifyContent: 'flex-end', px: 2, py: 1.5 }}>
        <Button
          type="submit"
          variant="contained"
          startIcon={<SaveOutlinedIcon />}
          disabled={locked || saving}
          loading={saving}
        >
          {t('automations.save')}
        </Button>
      </CardActions>
    </Card>
  );
}
