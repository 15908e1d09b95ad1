import DeleteOutline from '@mui/icons-material/DeleteOutlined';
import StorefrontOutlined from '@mui/icons-material/StorefrontOutlined';
import {
  Box,
  IconButton,
  List,
  ListItem,
  ListItemIcon,
  MenuItem,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import { useTranslation } from 'react-i18next';
import { EstablishmentPicker } from '../../../components/establishment-picker';

export type MembershipKind = 'customer' | 'client';
export interface Membership {
  establishmentId: string;
  kind: MembershipKind;
}

interface Props {
  value: Membership[];
  onChange: (next: Membership[]) => void;
  /** Names of the establishments by id (the picker adds the ones it picks). */
  names: Record<string, string>;
  onName: (id: string, name: string) => void;
  /** How a newly added establishment is linked: a follower for customers, an operator for clients. */
  defaultKind: MembershipKind;
  /** A customer cannot operate an establishment: only the follower link is offered. */
  followOnly?: boolean;
  error?: string;
}

/** The person's establishments: each follows or operates, changeable and removable, and a search to add more. */
export function MembershipEditor({ value, onChange, names, onName, defaultKind, followOnly, error }: Props) {
  const { t } = useTranslation();
  // Each establishment is listed once: the picker offers only the others.
  const setKind = (index: number, kind: MembershipKind) =>
    onChange(value.map((m, i) => (i === index ? { ...m, kind } : m)));

  return (
    <Stack spacing={1.5}>
      <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 600 }}>
        {t('people.form.establishments')}
      </Typography>
      {value.length === 0 ? (
        <Typography variant="body2" color="textSecondary">
          {t('people.form.noEstablishments')}
        </Typography>
      ) : (
        <List dense disablePadding aria-label={t('people.form.establishments')}>
          {value.map((membership, index) => {
            const name = names[membership.establishmentId] ?? membership.establishmentId;
            return (
              <ListItem
                key={membership.establishmentId}
                disableGutters
                divider
                sx={{ gap: 1.5, flexWrap: { xs: 'wrap', sm: 'nowrap' }, py: 1 }}
              >
                <ListItemIcon sx={{ minWidth: 0 }}>
                  <StorefrontOutlined />
                </ListItemIcon>
                <Typography sx={{ flexGrow: 1, minWidth: 0, fontWeight: 500, wordBreak: 'break-word' }}>
                  {name}
                </Typography>
                <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', marginInlineStart: 'auto' }}>
                  <TextField
                    select
                    size="small"
                    label={t('people.form.link')}
                    value={membership.kind}
                    onChange={(event) => setKind(index, event.target.value as MembershipKind)}
                    sx={{ width: 150 }}
                  >
                    {(['customer', 'client'] as const).map((kind) => (
                      <MenuItem key={kind} value={kind} disabled={followOnly && kind === 'client'}>
                        {t(`people.kinds.${kind}`)}
                      </MenuItem>
                    ))}
                  </TextField>
                  <IconButton
                    aria-label={t('people.form.removeEstablishment', { name })}
                    onClick={() => onChange(value.filter((_, i) => i !== index))}
                    color="error"
                  >
                    <DeleteOutline />
                  </IconButton>
                </Box>
              </ListItem>
            );
          })}
        </List>
      )}
      <EstablishmentPicker
        label={t('people.form.addEstablishment')}
        value={null}
        clearOnPick
        exclude={value.map((m) => m.establishmentId)}
        onChange={(picked) => {
          if (!picked) return;
          onName(picked.id, picked.name);
          onChange([...value, { establishmentId: picked.id, kind: defaultKind }]);
        }}
        error={Boolean(error)}
        helperText={error ?? t('people.form.addEstablishmentHelp')}
      />
    </Stack>
  );
}
