import { Box, Table, TableBody, TableCell, TableHead, TableRow, Typography } from '@mui/material';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { Automation } from '../../../../shared/schemas/automation.schema';
import { useLocaleFormat } from '../../../lib/use-locale-format';

/** "5 Jan" for a week's Monday (YYYY-MM-DD, a calendar day: read as UTC so no zone moves it). */
function weekLabel(locale: string, week: string): string {
  const day = new Date(`${week}T00:00:00Z`);
  if (Number.isNaN(day.getTime())) return week;
  return new Intl.DateTimeFormat(locale, { day: 'numeric', month: 'short', timeZone: 'UTC' }).format(day);
}

/** An automation's last 8 weeks: sent and opened per week, newest first; said plainly when nothing went yet. */
export function AutomationFigures({ automation, title }: { automation: Automation; title: string }) {
  const { t } = useTranslation();
  const format = useLocaleFormat();
  const id = useId();
  const weeks = [...automation.weeks].reverse();
  const most = Math.max(1, ...weeks.map((week) => week.sent));
  const nothingSent = weeks.every((week) => week.sent === 0);

  return (
    <Box component="section" aria-labelledby={`${id}-title`}>
      <Typography id={`${id}-title`} variant="subtitle2" component="h3" sx={{ mb: 0.5 }}>
        {t('automations.figures.title')}
      </Typography>
      {nothingSent ? (
        <Typography variant="body2" sx={{ color: 'text.secondary' }}>
          {t('automations.figures.empty')}
        </Typography>
      ) : (
        <Table size="small" aria-label={t('automations.figures.tableLabel', { title })}>
          <TableHead>
            <TableRow>
              <TableCell sx={{ pl: 0 }}>{t('automations.figures.week')}</TableCell>
              <TableCell align="right">{t('automations.figures.sent')}</TableCell>
              <TableCell align="right" sx={{ pr: 0 }}>
                {t('automations.figures.opened')}
              </TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {weeks.map((week) => (
              <TableRow key={week.week}>
                <TableCell component="th" scope="row" sx={{ pl: 0, whiteSpace: 'nowrap' }}>
                  {weekLabel(format.locale, week.week)}
                </TableCell>
                <TableCell align="right">
                  <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'flex-end', gap: 1 }}>
                    <Box
                      aria-hidden
                      sx={{
                        height: 6,
                        borderRadius: 3,
                        bgcolor: 'primary.main',
                        opacity: 0.6,
                        width: `${Math.round((week.sent / most) * 48)}px`,
                      }}
                    />
                    {format.number(week.sent)}
                  </Box>
                </TableCell>
                <TableCell align="right" sx={{ pr: 0, whiteSpace: 'nowrap' }}>
                  {week.sent > 0
                    ? t('automations.figures.openedValue', {
                        value: format.number(week.opened),
                        share: format.percent(week.opened / week.sent),
                      })
                    : format.number(week.opened)}
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
    </Box>
  );
}
