import {
  Alert,
  Box,
  Button,
  Card,
  CardContent,
  Chip,
  CircularProgress,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import { useTranslation } from 'react-i18next';
import type { EmailDnsRecord, EmailHealth } from '../../../../shared/schemas/email-health.schema';

const STATUS_COLOR = {
  ok: 'success',
  missing: 'error',
  mismatch: 'error',
  error: 'warning',
  notConfigured: 'default',
} as const satisfies Record<EmailDnsRecord['status'], 'success' | 'error' | 'warning' | 'default'>;

const mono = { fontFamily: 'monospace', wordBreak: 'break-all' } as const;

/** The domains, whether they align, and each record: its name, the value to publish, what DNS answers now. */
export function EmailHealthView({
  health,
  onCheckAgain,
  checking,
}: {
  health: EmailHealth;
  onCheckAgain: () => void;
  checking: boolean;
}) {
  const { t, i18n } = useTranslation();
  const { mailFromDomain, dkimDomain, aligned } = health;
  return (
    <Stack spacing={2}>
      <Card>
        <CardContent>
          <Stack spacing={1}>
            <Typography>
              {t('emailHealth.mailFrom')}: <Box component="strong">{mailFromDomain}</Box>
            </Typography>
            <Typography>
              {t('emailHealth.dkimDomain')}:{' '}
              <Box component="strong">{dkimDomain ?? t('emailHealth.none')}</Box>
            </Typography>
            {!dkimDomain ? (
              <Alert severity="warning">{t('emailHealth.noDkim')}</Alert>
            ) : aligned ? (
              <Alert severity="success">{t('emailHealth.aligned')}</Alert>
            ) : (
              <Alert severity="error">
                {t('emailHealth.notAligned', { mailFrom: mailFromDomain, dkim: dkimDomain })}
              </Alert>
            )}
          </Stack>
        </CardContent>
      </Card>
      <Card sx={{ overflowX: 'auto' }}>
        <Table aria-label={t('emailHealth.title')}>
          <TableHead>
            <TableRow>
              <TableCell />
              <TableCell>{t('emailHealth.name')}</TableCell>
              <TableCell>{t('emailHealth.publish')}</TableCell>
              <TableCell>{t('emailHealth.found')}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {health.records.map((record) => (
              <TableRow key={record.kind}>
                <TableCell>
                  <Stack spacing={1} sx={{ alignItems: 'flex-start' }}>
                    <Typography sx={{ fontWeight: 600 }}>{t(`emailHealth.kind.${record.kind}`)}</Typography>
                    <Chip
                      size="small"
                      color={STATUS_COLOR[record.status]}
                      label={t(`emailHealth.status.${record.status}`)}
                    />
                  </Stack>
                </TableCell>
                <TableCell sx={mono}>{record.name ?? '–'}</TableCell>
                <TableCell sx={mono}>{record.expected ?? '–'}</TableCell>
                <TableCell sx={mono}>
                  {record.found.length > 0
                    ? record.found.map((value) => <div key={value}>{value}</div>)
                    : t('emailHealth.nothingFound')}
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </Card>
      <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
        <Button variant="outlined" onClick={onCheckAgain} disabled={checking}>
          {t('emailHealth.checkAgain')}
        </Button>
        {checking && <CircularProgress size={20} />}
        <Typography variant="body2" sx={{ color: 'text.secondary' }}>
          {t('emailHealth.checkedAt', { time: new Date(health.checkedAt).toLocaleTimeString(i18n.language) })}
        </Typography>
      </Stack>
    </Stack>
  );
}
