import {
  Box,
  Checkbox,
  FormControl,
  FormControlLabel,
  FormGroup,
  FormHelperText,
  FormLabel,
  Stack,
} from '@mui/material';
import { type ReactNode, useId, useMemo } from 'react';
import type { Preference, PreferenceGroup } from '../../shared/schemas/preference.schema';
import { useLocaleFormat } from '../lib/use-locale-format';
import { useLocalizedName } from '../lib/use-localized-name';

interface Props {
  preferences: Preference[];
  /** The groups, for their names in the interface language (a preference carries the English one). */
  groups?: PreferenceGroup[];
  /** The ids checked. */
  value: string[];
  onChange: (ids: string[]) => void;
  disabled?: boolean;
  /** Translated; shown under the choices, each group marked as in error. */
  error?: string | null;
  /**
   * `columns`: each group a column of boxes, side by side as the width allows (a card of its own).
   * `inline`: each group a wrapping row of boxes, one under the other (inside a longer form).
   */
  layout?: 'columns' | 'inline';
}

interface Section {
  id: string;
  name: string;
  items: Preference[];
}

/**
 * Preferences as checkboxes under their group's name, each group a fieldset (its legend is read
 * with every box), groups and names A to Z in the interface language. For the account's interests,
 * the register-and-follow page, and any screen that picks them.
 */
export function PreferenceChecklist({
  preferences,
  groups,
  value,
  onChange,
  disabled,
  error,
  layout = 'columns',
}: Props) {
  const localName = useLocalizedName();
  const format = useLocaleFormat();
  const helperId = useId();
  const sections = useMemo(() => {
    const byGroup = new Map<string, Section>();
    for (const preference of preferences) {
      let section = byGroup.get(preference.groupId);
      if (!section) {
        const group = groups?.find((g) => g.id === preference.groupId);
        section = {
          id: preference.groupId,
          name: group ? localName(group) : preference.groupName,
          items: [],
        };
        byGroup.set(preference.groupId, section);
      }
      section.items.push(preference);
    }
    const order = (a: string, b: string) => a.localeCompare(b, format.locale);
    for (const section of byGroup.values()) section.items.sort((a, b) => order(localName(a), localName(b)));
    return [...byGroup.values()].sort((a, b) => order(a.name, b.name));
  }, [preferences, groups, localName, format.locale]);

  const toggle = (id: string, checked: boolean) =>
    onChange(checked ? [...value, id] : value.filter((picked) => picked !== id));
  const inline = layout === 'inline';

  const fieldsets = sections.map((section) => (
    <FormControl
      key={section.id}
      component="fieldset"
      error={Boolean(error)}
      disabled={disabled}
      aria-describedby={error ? helperId : undefined}
    >
      <FormLabel
        component="legend"
        sx={
          inline
            ? { typography: 'body2', fontWeight: 500 }
            : { fontWeight: 600, color: 'text.primary', mb: 0.5 }
        }
      >
        {section.name}
      </FormLabel>
      <FormGroup row={inline} sx={inline ? { columnGap: 1 } : undefined}>
        {section.items.map((preference) => (
          <FormControlLabel
            key={preference.id}
            control={
              <Checkbox
                checked={value.includes(preference.id)}
                onChange={(_, checked) => toggle(preference.id, checked)}
              />
            }
            label={localName(preference)}
          />
        ))}
      </FormGroup>
    </FormControl>
  ));

  return (
    <>
      <ChecklistLayout inline={inline}>{fieldsets}</ChecklistLayout>
      {error && (
        <FormHelperText id={helperId} error>
          {error}
        </FormHelperText>
      )}
    </>
  );
}

/** Groups under one another (inline), or in as many columns as fit. */
function ChecklistLayout({ inline, children }: { inline: boolean; children: ReactNode }) {
  if (inline) return <Stack spacing={1.5}>{children}</Stack>;
  return (
    <Box
      sx={{
        display: 'grid',
        columnGap: 3,
        rowGap: 2,
        gridTemplateColumns: { xs: '1fr', sm: 'repeat(auto-fill, minmax(220px, 1fr))' },
      }}
    >
      {children}
    </Box>
  );
}
